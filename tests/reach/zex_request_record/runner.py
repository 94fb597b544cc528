"""Requests travel as records: the runner unpacks one and hands its messages on."""
import asyncio
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class ChatJob:
    messages: tuple[dict, ...]
    temperature: float = 0.2
    label: str = ""


class Completer(Protocol):
    """Anything that answers a list of chat messages (typed structurally)."""

    async def complete(self, messages: list[dict], **options) -> str: ...


class JobRunner:
    def __init__(self, backend: Completer) -> None:
        self._backend = backend
        self._count = 0

    async def run(self, job: ChatJob) -> str:
        self._count += 1
        for attempt in range(3):
            try:
                return await asyncio.wait_for(
                    self._backend.complete(list(job.messages), temperature=job.temperature),
                    timeout=30)
            except asyncio.TimeoutError:
                continue
        return ""
