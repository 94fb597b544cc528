"""The project's prompt loader: a prompt is a text file under `prompts/`, read once (off the
event loop) and kept, and filled with `str.format`."""
import asyncio
from pathlib import Path
from typing import Any


class PromptLoader:
    def __init__(self, folder: str = "prompts") -> None:
        self.folder = Path(__file__).parent / folder
        self._cache: dict[str, str] = {}

    async def load(self, name: str) -> str:
        if name in self._cache:
            return self._cache[name]
        path = self.folder / f"{name}.txt"

        def read() -> str:
            with open(path, encoding="utf-8") as handle:
                return handle.read().strip()

        text = await asyncio.to_thread(read)
        self._cache[name] = text
        return text

    async def fill(self, name: str, **values: Any) -> str:
        template = await self.load(name)
        return template.format(**values)


loader = PromptLoader()


async def fill_prompt(name: str, **values: Any) -> str:
    return await loader.fill(name, **values)
