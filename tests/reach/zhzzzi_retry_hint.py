"""A report explainer that asks again, with a hint, when the reply was not valid JSON."""
import json

from openai import OpenAI

client = OpenAI(base_url="http://localhost:8000/v1")

SYSTEM = """You explain radiology reports to patients in plain words, at the reading level asked
for. Never diagnose and never give advice on treatment; say which questions to bring to the
doctor instead. Answer with a JSON object holding "summary", "terms" and "questions"."""


def explain(report_text: str) -> dict:
    user_prompt = f"Report:\n{report_text}\n\nAnswer with the JSON object only."
    attempts = 0
    while attempts <= 2:
        attempts += 1
        current = user_prompt
        if attempts > 1:
            current += ("\n\nThe previous answer was not valid JSON. Return one JSON object with "
                        "the keys summary, terms and questions, with double quotes around every "
                        "key and string, no trailing commas, no comments and no text before or "
                        "after the object, so that a strict parser can read it as it stands.")
        reply = client.chat.completions.create(model="qwen2.5-7b-instruct", messages=[
            {"role": "system", "content": SYSTEM},
            {"role": "user", "content": current},
        ])
        try:
            return json.loads(reply.choices[0].message.content)
        except json.JSONDecodeError:
            continue
    return {}
