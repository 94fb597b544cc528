"""One survey outline per topic a user asks for."""
from openai import OpenAI

from .prompts import OUTLINE_PROMPT

client = OpenAI()


def outline(topic: str) -> str:
    prompt = OUTLINE_PROMPT.format(topic=topic)
    response = client.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}])
    return response.choices[0].message.content
