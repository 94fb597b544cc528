"""A tool list fetched once and kept on the object (`None` until then), sent after fixed
rules: the tools are the service's own, so nothing here breaks the prefix."""
import asyncio

from openai import AsyncOpenAI

from rules_text import RULES


class StepRunner:
    def __init__(self, registry):
        self.registry = registry
        self.client = AsyncOpenAI()
        self._catalog: list | None = None
        self._lock = asyncio.Lock()

    async def _tools(self):
        async with self._lock:
            if self._catalog is None:
                self._catalog = await self.registry.get_tool_catalog()
            return self._catalog

    async def run_step(self, step_title: str):
        tools = await self._tools()
        return await self.client.chat.completions.create(
            model="gpt-4o", tools=tools,
            messages=[{"role": "system", "content": RULES},
                      {"role": "user", "content": f"Run this step: {step_title}"}])
