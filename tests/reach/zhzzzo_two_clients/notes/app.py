"""Summarises a meeting's notes; the rules come first, the notes last."""
from .llm import chat

RULES = """Summarise the meeting notes below for people who missed the meeting. Start with the
decisions, each in one sentence with its owner; then the open questions; then the next
meeting's date if the notes give one. Keep it under 150 words and never add a decision the
notes do not record."""


def summarise(notes: str) -> str:
    return chat([{"role": "system", "content": RULES}, {"role": "user", "content": notes}])
