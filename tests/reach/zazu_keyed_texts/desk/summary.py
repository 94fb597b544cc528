import json
from pathlib import Path

from openai import OpenAI

TEXTS = json.loads((Path(__file__).parent / "texts.json").read_text())["texts"]


def text(key: str) -> str:
    return TEXTS[key]


def handoff(conversation: str) -> str:
    note = text("handoff_instruction").format(conversation=conversation)
    reply = OpenAI().chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": note}])
    return reply.choices[0].message.content
