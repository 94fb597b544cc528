"""The hosted backend: the notes first, then the rules, in one user message."""
import anthropic

from .rules import RULES


class HostedSummariser:
    def __init__(self):
        self.client = anthropic.Anthropic()

    def summarise(self, notes: str) -> str:
        reply = self.client.messages.create(
            model="claude-sonnet-4-5", max_tokens=800,
            messages=[{"role": "user", "content": f"Meeting notes:\n{notes}\n\n{RULES}"}])
        return reply.content[0].text
