"""A coaching turn: the store's template filled with the person's message, posted to a
local model server."""
import requests

from coach.store import shared_store


class CoachSession:
    def __init__(self, base_url="http://localhost:11434"):
        self.base_url = base_url
        self.store = shared_store()

    def answer(self, message):
        template = self.store.template("coach", "reply")
        prompt = template.format(message=message)
        return self._generate(prompt)

    def summary(self, notes):
        prompt = self.store.template("coach", "summary").format(notes=notes)
        return self._generate(prompt)

    def _generate(self, prompt):
        response = requests.post(f"{self.base_url}/api/generate",
                                 json={"model": "llama3.1", "prompt": prompt, "stream": False})
        return response.json()["response"]
