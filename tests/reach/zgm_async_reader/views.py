"""A view reading its prompt file through the project's async helper, which reads it on a
thread (`asyncio.to_thread` of a function defined inside the helper), from a folder made
with `Path("…", "…")`."""

import asyncio
from pathlib import Path

from openai import AsyncOpenAI

PROMPTS_DIRECTORY = Path("zgm_async_reader", "prompts")
client = AsyncOpenAI()


async def read_file(file_path: str | Path, encoding: str = "utf-8") -> str:
    def read_sync():
        with Path(file_path).open("r", encoding=encoding) as file:
            return file.read()

    return await asyncio.to_thread(read_sync)


async def answer(query: str) -> str:
    folder = "answer"
    user_prompt = await read_file(PROMPTS_DIRECTORY.joinpath(folder, "user.md"))
    reply = await client.chat.completions.create(model="gpt-4o-mini", messages=[
        {"role": "user", "content": user_prompt.format(query=query)}])
    return reply.choices[0].message.content
