"""A one-shot question: the module's constant messages first, the question last."""
from openai import OpenAI

from . import settings

client = OpenAI()


def one_shot(question: str) -> str:
    messages = [settings.SYSTEM_MESSAGE, settings.STYLE_MESSAGE]
    messages.append({"role": "user", "content": question})
    answer = client.chat.completions.create(model="gpt-4o-mini", messages=messages)
    return answer.choices[0].message.content
