"""The project's chat backend: sends whatever messages it is handed."""
from openai import AsyncOpenAI


class ChatBackend:
    def __init__(self, api_key: str) -> None:
        self._client = AsyncOpenAI(api_key=api_key)

    async def complete(self, messages: list[dict], **options) -> str:
        reply = await self._client.chat.completions.create(
            model=options.pop("model", "gpt-4o-mini"), messages=messages, **options)
        return reply.choices[0].message.content or ""
