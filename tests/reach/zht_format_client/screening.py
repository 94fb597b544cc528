"""Screens each incoming tender for relevance before anyone reads it."""
from .client import ModelClient


class TenderScreen:
    def __init__(self, client: ModelClient) -> None:
        self.client = client

    async def screen(self, tender) -> str:
        prompt = f"Tender: {tender.title}\nDecide whether it is software or AI work."
        return await self.client.ask_json(prompt, "You screen public tenders.")
