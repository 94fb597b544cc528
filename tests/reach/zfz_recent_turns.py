"""A classifier shown only the last few turns: the time and the booking, then a window of the
conversation's last four messages (`turns[-4:]`, under `if turns:`), then the newest message,
all in one user message after a constant system prompt. The window slides as the
conversation grows, so the time before it costs no cached turns (no finding)."""
from datetime import datetime

from openai import OpenAI

client = OpenAI(base_url="http://llm.internal:8000/v1", api_key="unused")

RULES = """Classify the guest's newest message for a holiday-rental host. Answer with JSON
holding intent (one of early_checkin, late_checkout, question, complaint, other), confidence
between 0 and 1, and any time the guest names in 24-hour form. Read earlier messages only to
resolve what the newest one refers to; never classify an earlier message, never guess a time
the guest did not write, and answer other when the message is not about the stay."""


def classify(booking: dict, turns: list[str], message: str) -> str:
    text = f"Now: {datetime.now():%Y-%m-%d %H:%M}\nArrival: {booking['arrival']}\n"
    if turns:
        text += "Recent messages:\n"
        for turn in turns[-4:]:
            text += f"- {turn}\n"
    text += f"Newest message:\n{message}"
    reply = client.chat.completions.create(model="classifier", messages=[
        {"role": "system", "content": RULES}, {"role": "user", "content": text}])
    return reply.choices[0].message.content
