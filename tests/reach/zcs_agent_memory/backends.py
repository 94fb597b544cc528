"""Model backends, one made by a factory from the configuration."""

from abc import ABC, abstractmethod

import anthropic
from openai import OpenAI


class Backend(ABC):
    @abstractmethod
    def generate(self, messages, temperature=0.2):
        """Send the messages, return the reply's text."""


class OpenAIBackend(Backend):
    def __init__(self, model):
        self.client, self.model = OpenAI(), model

    def generate(self, messages, temperature=0.2):
        reply = self.client.chat.completions.create(model=self.model, messages=messages,
                                                    temperature=temperature)
        return reply.choices[0].message.content


class AnthropicBackend(Backend):
    def __init__(self, model):
        self.client, self.model = anthropic.Anthropic(), model

    def generate(self, messages, temperature=0.2):
        system = "\n".join(m["content"] for m in messages if m["role"] == "system")
        turns = [m for m in messages if m["role"] != "system"]
        reply = self.client.messages.create(model=self.model, system=system, messages=turns,
                                            max_tokens=1024, temperature=temperature)
        return reply.content[0].text


class BackendFactory:
    @staticmethod
    def make(settings):
        if settings["kind"] == "openai":
            return OpenAIBackend(settings["model"])
        return AnthropicBackend(settings["model"])
