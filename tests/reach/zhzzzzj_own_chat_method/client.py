"""The project's own client: its `chat` takes the system text apart from the turns."""

from openai import OpenAI


class TutorClient:
    def __init__(self, model: str = "gpt-4.1-mini"):
        self.model = model
        self.api = OpenAI()

    def chat(self, system: str, messages: list[dict]) -> str:
        reply = self.api.chat.completions.create(
            model=self.model,
            messages=[{"role": "system", "content": system}, *messages],
        )
        return reply.choices[0].message.content
