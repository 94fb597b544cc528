"""The bot's client of a local Ollama server: a chat with tools, and a plain generate."""

import aiohttp


class OllamaClient:
    def __init__(self, endpoint, model):
        self.endpoint = endpoint
        self.model = model
        self.session = None

    async def _session(self) -> aiohttp.ClientSession:
        if self.session is None:
            self.session = aiohttp.ClientSession()
        return self.session

    async def chat(self, messages, tools=None):
        payload = {"model": self.model, "messages": messages, "stream": False}
        if tools:
            payload["tools"] = tools
        session = await self._session()
        async with session.post(f"{self.endpoint}/api/chat", json=payload) as response:
            return await response.json()

    async def generate(self, prompt, system):
        payload = {"model": self.model, "system": system, "prompt": prompt, "stream": False}
        session = await self._session()
        async with session.post(f"{self.endpoint}/api/generate", json=payload) as response:
            return await response.json()
