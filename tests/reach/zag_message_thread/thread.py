"""A message list built through the methods of a small project class."""


class CaseThread:
    def __init__(self, messages=None):
        self.messages = messages or []

    def add_system(self, text: str):
        self.messages.append({"role": "system", "content": text})

    def add_user(self, text: str):
        self.messages.append({"role": "user", "content": text})

    def add_model(self, text: str):
        self.messages.append({"role": "assistant", "content": text})

    def as_messages(self) -> list[dict]:
        return self.messages
