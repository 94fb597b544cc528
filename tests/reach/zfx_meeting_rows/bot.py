"""A chat client that keeps the turns of its own conversation; each caller makes a new one."""
from openai import OpenAI


class Bot:
    def __init__(self, client: OpenAI, model: str):
        self.client = client
        self.model = model
        self.turns = []

    def chat(self, messages: list[dict]) -> str:
        reply = self.client.chat.completions.create(model=self.model,
                                                    messages=self.turns + messages)
        text = reply.choices[0].message.content
        self.turns.extend(messages)
        self.turns.append({"role": "assistant", "content": text})
        return text


def make_bot(model: str) -> Bot:
    return Bot(OpenAI(base_url="http://llm.internal:8000/v1", api_key="unused"), model)


def default_bot() -> Bot:
    return make_bot("minutes-writer")
