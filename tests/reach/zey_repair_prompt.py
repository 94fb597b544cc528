"""A reply that does not parse is repaired by a second call whose prompt is built inside the
`except` handler: the bad reply opens it, before the answer format the model must follow."""
import json

from openai import OpenAI

client = OpenAI(base_url="http://llm.internal:8000/v1", api_key="unused")

STEPS_FORMAT = """Answer with a JSON object and nothing else. It has one key, "steps", whose
value is a list of at most eight strings, each an imperative sentence of under fifteen words.
Do not number the steps, do not add comments, and do not wrap the object in a code fence.
If the text holds no steps at all, answer with an empty list as the value of "steps"."""


def plan_steps(goal: str) -> list[str]:
    reply = client.chat.completions.create(model="planner", messages=[
        {"role": "system", "content": STEPS_FORMAT},
        {"role": "user", "content": goal}])
    text = reply.choices[0].message.content
    try:
        return json.loads(text)["steps"]
    except (ValueError, KeyError):
        repair = f"This reply was meant to be a JSON list of steps:\n{text}\n\n{STEPS_FORMAT}"
        fixed = client.chat.completions.create(model="planner", messages=[
            {"role": "user", "content": repair}])
        return json.loads(fixed.choices[0].message.content)["steps"]
