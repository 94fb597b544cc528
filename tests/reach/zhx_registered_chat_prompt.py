"""Registers the support bot's chat prompt with the prompt service; the bot fetches it at
run time and fills the customer's details into it on every conversation."""
from langfuse import Langfuse

SUPPORT_SYSTEM = """You are the support assistant of a home-internet provider.

CUSTOMER PLAN: {{plan_name}}
OPEN TICKETS: {{open_tickets}}

RULES:
1. Check the customer's open tickets before you suggest any troubleshooting step.
2. Walk through one step at a time and wait for the customer to report the result.
3. Never promise a technician visit; offer to book one through the booking tool instead.
4. Refunds and credits are decided by billing: hand those requests over with a summary.
5. Keep every answer under eighty words and end it with a question.
"""

PROMPTS = [
    {"name": "support/system", "type": "chat",
     "prompt": [{"role": "system", "content": SUPPORT_SYSTEM}],
     "config": {"model": "gpt-4o-mini", "temperature": 0.2}},
]


def main() -> None:
    service = Langfuse()
    for definition in PROMPTS:
        service.create_prompt(name=definition["name"], type=definition["type"],
                              prompt=definition["prompt"], config=definition["config"],
                              labels=["production"])
