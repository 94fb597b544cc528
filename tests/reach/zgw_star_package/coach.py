from openai import OpenAI

from .prompts import *

client = OpenAI()


def review(draft: str) -> str:
    messages = [{"role": "system", "content": REPLY_REVIEW.format(draft=draft)}]
    reply = client.chat.completions.create(model="gpt-4.1-mini", messages=messages)
    return reply.choices[0].message.content
