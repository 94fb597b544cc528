"""Fills the exported chat's placeholders by name and sends it."""

from openai import OpenAI

from .prompts import OUTREACH

client = OpenAI()


def fill(values: dict, chat: list) -> list:
    filled = []
    for message in chat:
        copy = message.copy()
        copy["content"] = []
        for part in message["content"]:
            text = part["text"]
            for key, value in values.items():
                text = text.replace("{" + key + "}", value)
            copy["content"].append({"type": "text", "text": text})
        filled.append(copy)
    return filled


def draft(company: str, prospect: str, summary: str) -> str:
    chat = fill({"company": company, "prospect": prospect, "summary": summary}, OUTREACH)
    answer = client.chat.completions.create(model="gpt-4o", messages=chat)
    return answer.choices[0].message.content
