from .base import SYSTEM, Agent


class ReviewAgent(Agent):
    async def process(self, payload: dict) -> dict:
        return {"reply": await self._reply(payload)}

    async def _reply(self, payload: dict) -> str:
        review = payload.get("review", "")
        messages = [{"role": "system", "content": SYSTEM},
                    {"role": "user", "content": f"""Customer review: {review}

Draft the shop's public reply to this review. Thank the customer by the kind of repair,
never by name. Apologise once when the review is negative and offer a free check-up at the
counter. Keep it under sixty words, friendly and plain, without emoji or exclamation marks.
Return JSON with the keys reply and sentiment (positive, neutral or negative)."""}]
        return await self.call_llm(messages)
