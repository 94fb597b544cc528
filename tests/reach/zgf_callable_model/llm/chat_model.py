"""A project's model object: called like a function, it sends one chat request."""

from openai import OpenAI


class ChatModel:
    def __init__(self, model: str = "gpt-4o") -> None:
        self.client = OpenAI()
        self.model = model

    def __call__(self, prompt: str, system: str = "You are a careful assistant.") -> str:
        reply = self.client.chat.completions.create(
            model=self.model,
            messages=[{"role": "system", "content": system},
                      {"role": "user", "content": prompt}],
        )
        return reply.choices[0].message.content
