"""A voice assistant's client turns message objects into the SDK's dicts one by one
(`for msg in messages: out.append(msg.to_openai())`). This caller passes a fresh list with
the one spoken turn, not a kept conversation: the clock in the system text is a break before
the rules, not a value before a history."""
from datetime import datetime

from openai import OpenAI

RULES = ("Answer guests' questions about rooms, breakfast hours, parking and the neighbourhood "
         "in one or two short sentences that read well aloud. Never promise a room upgrade or "
         "a late checkout; offer to ask the front desk instead, and give prices only as the "
         "rate card lists them.")


class Message:
    def __init__(self, role, content):
        self.role = role
        self.content = content

    def to_openai(self):
        return {"role": self.role, "content": self.content}


class Client:
    def __init__(self):
        self.client = OpenAI()

    def chat(self, messages, system_prompt=None):
        out = []
        if system_prompt:
            out.append({"role": "system", "content": system_prompt})
        for msg in messages:
            out.append(msg.to_openai())
        return self.client.chat.completions.create(model="gpt-4o-mini", messages=out)


def on_speech(transcript):
    system = f"It is {datetime.now():%H:%M}. You are the voice of a small hotel.\n{RULES}"
    spoken = Message(role="user", content=transcript)
    return Client().chat([spoken], system_prompt=system)
