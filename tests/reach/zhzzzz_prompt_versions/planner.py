from pathlib import Path

import anthropic

PROMPTS = Path(__file__).parent / "prompts"


class Planner:
    def __init__(self, version: str):
        self.system_file = PROMPTS / version / "system.md"
        self.client = anthropic.Anthropic()

    def plan(self, customer: str, request: str) -> str:
        system = f"Customer: {customer}\n" + self.system_file.read_text()
        reply = self.client.messages.create(
            model="claude-sonnet-4-5", max_tokens=800, system=system,
            messages=[{"role": "user", "content": request}])
        return reply.content[0].text
