from .base import SYSTEM, Agent


class EstimateAgent(Agent):
    async def process(self, payload: dict) -> dict:
        return {"estimate": await self._estimate(payload)}

    async def _estimate(self, payload: dict) -> str:
        description = payload.get("description", "")
        messages = [{"role": "system", "content": SYSTEM},
                    {"role": "user", "content": f"""Repair request: {description}

Estimate the repair. List each part with its price range in euros, then the labour in
half hours, then the total range. Use only parts a city bike or an e-bike can have.
Add a warning when the request mentions brakes, because brake jobs are checked twice.
Return JSON with the keys parts, labour_half_hours, total_min, total_max and warning."""}]
        return await self.call_llm(messages)
