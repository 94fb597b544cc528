"""A terminal companion that keeps each session's log in a folder named after the agent its
settings file names, and sends the day's question before its house rules."""

import json
import os
from pathlib import Path

from openai import OpenAI

HERE = Path(__file__).parent
LOGS = HERE / "logs"

RULES = """Answer as a patient study companion. Keep each answer under six sentences, use plain
words, and when the learner is wrong say so kindly and show the first step again. Never give
the final answer to an exercise outright; ask one question that leads towards it instead. When
the learner asks about something outside their course, say that it is outside the course and
offer to return to it. Close every answer with one short question that checks understanding,
and never use more than one list in an answer."""


def load_settings() -> dict:
    with open(HERE / "settings.json") as handle:
        return json.load(handle)


def main() -> None:
    settings = load_settings()
    agent = settings["agent"]["name"]
    log_path = os.path.join(LOGS, agent.lower(), "session.txt")
    client = OpenAI()
    question = input("> ")
    system = f"You are {agent}. The learner asks: {question}\n\n{RULES}"
    reply = client.chat.completions.create(
        model=settings["agent"]["model"],
        messages=[{"role": "system", "content": system}],
    )
    with open(log_path, "a") as log:
        log.write(reply.choices[0].message.content)
