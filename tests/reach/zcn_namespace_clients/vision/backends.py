"""Model backends: each makes its own SDK client, the base class sends (every message
reshaped on the way: an image's bytes become a content block)."""

from openai import OpenAI


class Backend:
    def __init__(self, model):
        self.model = model
        self.client = self.make_client()

    def send(self, messages, **options):
        prepared = [self.prepare(message) for message in messages]
        return self.client.create(messages=prepared, model=self.model, **options)

    def prepare(self, message):
        return message


class OpenAIBackend(Backend):
    def make_client(self):
        return OpenAI().chat.completions

    def ask(self, messages, tools=None):
        reply = self.send(messages, tools=tools)
        return reply.choices[0].message.content
