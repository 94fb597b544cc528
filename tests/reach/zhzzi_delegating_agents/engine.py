"""Chat engines, registered by name for the agents' settings to pick."""
from openai import OpenAI

ENGINES = {}


def engine(name: str):
    def register(cls):
        ENGINES[name] = cls
        return cls
    return register


@engine("openai")
class ChatEngine:
    def __init__(self, model: str):
        self.client = OpenAI()
        self.model = model

    def complete(self, messages):
        reply = self.client.chat.completions.create(model=self.model, messages=messages)
        return reply.choices[0].message.content
