"""Answers with the prompt module of the customer's language, chosen from a table."""
from openai import OpenAI

from .prompts import de, en

client = OpenAI()
PROMPTS = {"en": en, "de": de}


def answer(order_text, question, language="en"):
    prompts = PROMPTS.get(language, en)
    content = prompts.ANSWER_PROMPT % (order_text, question)
    reply = client.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": content}])
    return reply.choices[0].message.content
