"""A system message rewritten in place before it is sent: a function that sets the first
message's text (`messages[0]["content"] = ...`) after building the list, and an assistant
object whose method, called just before the send, puts the clock at the top of its kept
system message; what the send reads is the first message as rewritten, then the last turns.
A third object adds each request's turns through a helper method of its own, and a fourth
starts its conversation over in a method it calls first (no turns kept, no finding)."""
from datetime import datetime

from openai import OpenAI

client = OpenAI(base_url="http://llm.internal:8000/v1", api_key="unused")

GUIDE = """You help the members of a climbing gym book classes, rent gear and understand
their membership. Answer from the gym's rules below; when the rules do not cover a
question, say so and suggest asking at the front desk. Keep answers under eighty words,
use the gym's own class names, and never promise a refund or a price that is not listed.
Rules: a day pass includes shoes; classes can be cancelled until two hours before they
start; members may bring one guest a month at the member price."""


def answer(turns: list, question: str, member: str):
    messages = [{"role": "system", "content": GUIDE}] + turns
    messages.append({"role": "user", "content": question})
    messages[0]["content"] = f"You are talking with {member}.\n{GUIDE}"
    return client.chat.completions.create(model="gym-assistant", messages=messages)


class FrontDesk:
    def __init__(self):
        self.history = [{"role": "system", "content": GUIDE}]

    def _stamp(self):
        now = datetime.now().strftime("%Y-%m-%d %H:%M")
        self.history[0]["content"] = f"Now: {now}\n{GUIDE}"

    def reply(self, question: str):
        self.history.append({"role": "user", "content": question})
        self._stamp()
        recent = [self.history[0]] + self.history[-6:]
        return client.chat.completions.create(model="gym-assistant", messages=recent)


class Coach:
    def __init__(self):
        self.turns = []

    def _add(self, role: str, text: str):
        self.turns.append({"role": role, "content": text})

    def plan(self, goal: str, member: str):
        self.turns = []
        self._add("system", f"Member: {member}\n{GUIDE}")
        self._add("user", goal)
        return client.chat.completions.create(model="gym-assistant", messages=self.turns)


class Kiosk:
    def __init__(self):
        self.turns = []

    def _start_over(self):
        self.turns = [{"role": "system", "content": GUIDE}]

    def ask(self, question: str):
        self._start_over()  # each question starts a new conversation: nothing kept
        self.turns.append({"role": "user", "content": question})
        return client.chat.completions.create(model="gym-assistant", messages=self.turns)
