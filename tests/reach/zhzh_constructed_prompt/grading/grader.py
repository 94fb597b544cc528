"""An essay grader made with the course's prompt and rubric, one request per essay."""
from anthropic import AsyncAnthropic


class EssayGrader:
    def __init__(self, rubric, prompt, word_limit):
        self.client = AsyncAnthropic()
        self.base_prompt = prompt
        self.base_prompt = self.base_prompt.replace("{{RUBRIC}}", rubric)
        self.base_prompt = self.base_prompt.replace("{{WORD_LIMIT}}", str(word_limit))

    async def grade(self, essay: str) -> str:
        message = await self.client.messages.create(
            model="claude-sonnet-4-20250514", max_tokens=2000,
            messages=[{"role": "user",
                       "content": self.base_prompt.replace("{{ESSAY}}", essay)}])
        return message.content[0].text
