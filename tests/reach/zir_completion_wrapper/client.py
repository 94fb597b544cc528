"""A completion-endpoint client: one text prompt, system text first, then the user's turn."""
import requests


class CompletionClient:
    def __init__(self, base_url: str = "http://localhost:8000"):
        self.base_url = base_url

    def _format(self, system_prompt: str, user_prompt: str) -> str:
        return f"{system_prompt}\n\nUser: {user_prompt}\n\nAssistant:"

    def generate_text(self, prompt: str, system_prompt: str) -> str:
        reply = requests.post(f"{self.base_url}/v1/completions", json={
            "model": "qwen2.5-7b-instruct",
            "prompt": self._format(system_prompt, prompt),
            "max_tokens": 800,
        })
        return reply.json()["choices"][0]["text"]
