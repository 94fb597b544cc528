"""A copy of a conversation (`history.copy()`, `copy.deepcopy(turns)`) holds the same
messages: what ends the prefix is the value inside it (the question before a constant
reminder, a clock at the top of the system message), not the copy as a whole."""

import copy
from datetime import datetime

from openai import OpenAI

client = OpenAI()

STEP_RULES = """Answer with one Python code block and nothing else. Use pandas for tables and
print what each step finds; never plot and never write files. Keep a step under twenty lines,
name each variable for what it holds, and when a step fails read the error, fix its cause and
run the step again. Stop as soon as the question is answered."""


def next_step(question: str, history: list) -> str:
    if not history:
        history = [{"role": "system", "content": "You analyse data by writing code."}]
    history.append({"role": "user", "content": question})
    sent = history.copy()
    reminder = [{"role": "user", "content": f"Keep to the rules:\n\n{STEP_RULES}"}]
    reply = client.chat.completions.create(model="gpt-4o", messages=sent + reminder)
    return reply.choices[0].message.content


def review(question: str) -> str:
    turns = [{"role": "system",
              "content": f"Review started {datetime.now():%H:%M}.\n\n{STEP_RULES}"}]
    sent = copy.deepcopy(turns)
    sent.append({"role": "user", "content": question})
    reply = client.chat.completions.create(model="gpt-4o", messages=sent)
    return reply.choices[0].message.content
