from abc import ABC, abstractmethod

from openai import AsyncOpenAI

SYSTEM = "You are one of the assistants of a bicycle repair shop. Answer in JSON only."


class Agent(ABC):
    def __init__(self) -> None:
        self.client = AsyncOpenAI()

    @abstractmethod
    async def process(self, payload: dict) -> dict:
        """Handle one request."""

    async def call_llm(self, messages: list) -> str:
        reply = await self.client.chat.completions.create(model="gpt-4.1-mini",
                                                          messages=messages)
        return reply.choices[0].message.content

    async def run(self, payload: dict) -> dict:
        return await self.process(payload)
