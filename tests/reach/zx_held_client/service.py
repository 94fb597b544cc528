"""A service that holds the project's client as an attribute and calls it with keywords."""

from .assistant import Assistant


class OrderService:
    def __init__(self):
        self.assistant = Assistant()

    def answer(self, question, order_lines):
        messages = []
        messages.append({"role": "user", "content": question})
        messages.append({"role": "user", "content": "\n".join(order_lines)})
        return self.assistant.complete(messages=messages, temperature=0)
