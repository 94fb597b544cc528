"""The project's model client: every caller's prompt gets the answer format appended, and
the request is posted to a local OpenAI-compatible server, retried on failure."""
import httpx


class ModelClient:
    def __init__(self, base_url: str, model: str) -> None:
        self.base_url = base_url
        self.model = model

    async def ask_json(self, prompt: str, system: str, retries: int = 3) -> str:
        messages = [{"role": "system", "content": system},
                    {"role": "user", "content": self._with_format(prompt)}]
        for attempt in range(retries):
            try:
                return await self._post(messages)
            except httpx.HTTPError:
                if attempt == retries - 1:
                    raise
        return ""

    def _with_format(self, prompt: str) -> str:
        return f"""{prompt}

Answer with one JSON object and nothing else: no prose before or after it, no code fences.
Use a number between 0 and 1 for "confidence", lowercase words from the allowed list for
"categories", scores from 0 to 10 for every score field, and lists of exactly three short
items for "strengths" and "risks". Leave a field empty rather than guessing its value."""

    async def _post(self, messages: list) -> str:
        async with httpx.AsyncClient(timeout=60) as http:
            response = await http.post(f"{self.base_url}/v1/chat/completions",
                                       json={"model": self.model, "messages": messages})
            return response.json()["choices"][0]["message"]["content"]
