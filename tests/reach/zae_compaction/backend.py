"""A model interface with one LiteLLM backend, which may call through a tracer."""

from abc import abstractmethod

import litellm


class LedgerModel:
    @abstractmethod
    def complete_turns(self, messages):
        """Send a list of messages."""


class LedgerLiteModel(LedgerModel):
    def __init__(self, tracer=None):
        self.tracer = tracer

    def complete_turns(self, messages):
        api = self.tracer.wrap(litellm) if self.tracer else litellm
        return api.completion(model="gpt-4.1", messages=messages)
