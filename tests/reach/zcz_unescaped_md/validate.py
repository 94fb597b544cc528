"""Mustache text written in the code and rendered by chevron with a mapping: the task comes
before the answer rules, and the example is a constant of the module."""

import chevron
from openai import OpenAI

client = OpenAI()
RULES = """You validate what a browser agent did.
Task to validate: {{task}}.

Answer with one JSON object with the keys "is_valid" and "reason". Set "is_valid" to true
only when the page shows what the task asked for, and explain why in "reason" in one
sentence; suggest the next step (scroll, open a link, search again) when it is false.
Example:
{{&example}}
"""
EXAMPLE = '{"is_valid": false, "reason": "the cart is still empty"}'


def validate(task: str) -> str:
    system = chevron.render(RULES, {"task": task, "example": EXAMPLE})
    reply = client.chat.completions.create(model="gpt-4o-mini", messages=[
        {"role": "system", "content": system}])
    return reply.choices[0].message.content
