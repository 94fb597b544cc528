"""The local backend: the rules as the system prompt, the notes after them."""
from openai import OpenAI

from .rules import RULES


class LocalSummariser:
    def __init__(self):
        self.client = OpenAI(base_url="http://localhost:8000/v1", api_key="local")

    def summarise(self, notes: str) -> str:
        reply = self.client.chat.completions.create(
            model="qwen2.5-7b-instruct",
            messages=[{"role": "system", "content": RULES}, {"role": "user", "content": notes}])
        return reply.choices[0].message.content
