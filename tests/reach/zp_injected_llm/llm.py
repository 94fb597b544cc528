import requests


def message(role, content):
    fields = {"role": role, "content": content}
    return {**fields}


class LocalChat:
    """The project's client: any object with `ask(messages)` can stand in for it."""

    def __init__(self, host="http://localhost:11434", model="llama3"):
        self.host, self.model = host, model

    def ask(self, messages, temperature=0.7):
        body = {"model": self.model, "messages": messages, "stream": False,
                "options": {"temperature": temperature}}
        return requests.post(f"{self.host}/api/chat", json=body).json()["message"]["content"]
