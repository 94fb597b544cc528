"""Slots filled with `re.sub`: a literal pattern is a plain replacement, so the task lands
where `<task>` stands, above the instructions."""
import re

import requests

STEP_TEMPLATE = """The task you need to finish is: <task>
Your last action was: <last_action>
Look at the screenshot and choose the next action. Reply in exactly this form:
Observation: what the screen shows that matters for the task
Thought: which step brings the task closer to done, and why
Action: one of tap(n), text("..."), swipe(n, direction), back() or finish()
Never invent an element number that is not on the screen, never repeat an action that just
failed, and call finish() only when the task is complete."""


def next_step(task: str, last_action: str) -> str:
    prompt = re.sub(r"<task>", task, STEP_TEMPLATE)
    prompt = re.sub(r"<last_action>", last_action, prompt)
    reply = requests.post("http://localhost:8000/v1/chat/completions", json={
        "model": "local", "messages": [{"role": "user", "content": prompt}]}, timeout=60)
    return reply.json()["choices"][0]["message"]["content"]
