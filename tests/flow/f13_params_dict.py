from anthropic import Anthropic

from policy import POLICY


class SupportAgent:
    def __init__(self, customer):
        self.client = Anthropic()
        self.customer = customer
        self.history = []

    def _params(self):
        return {"model": "claude-sonnet-4-5", "max_tokens": 1024,
                "system": f"Customer: {self.customer.name}\n{POLICY}",
                "messages": self.history}

    def reply(self, text):
        self.history.append({"role": "user", "content": text})
        return self.client.messages.create(**self._params())
