"""A system prompt no constructor sets: `start()` builds it once, when the service starts,
and every request reads it. The question is put before it, so its guide is recomputed on
every request (the text the start-up method sets is what follows the question)."""
import anthropic

GUIDE = """Answer questions about the billing system of the hosting company.
Explain invoices, credits, refunds and payment methods in plain words.
Quote the exact plan names from the price list and never promise a discount.
When the question is about an outage or a bug, send the customer to the status page.
Keep answers under one hundred and fifty words and end with one follow-up question."""


class BillingDesk:
    def __init__(self, client: anthropic.Anthropic) -> None:
        self.client = client

    def start(self) -> None:
        self.system_prompt = "You are the billing desk of a hosting company.\n" + GUIDE

    def answer(self, question: str) -> str:
        reply = self.client.messages.create(model="claude-sonnet-4-5", max_tokens=400, messages=[
            {"role": "user", "content": f"Question: {question}\n\n{self.system_prompt}"}])
        return reply.content[0].text
