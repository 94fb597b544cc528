"""Pydantic AI: an agent built in a factory, with `@agent.instructions` registered beside it
in that function; the time it returns comes before the run's message history."""
from datetime import datetime, timezone

from pydantic_ai import Agent

RULES = """You are the support assistant of a bookshop. Answer questions about orders,
shipping and returns. Be brief and friendly, never invent order details, and ask for the
order number when a question needs one. Refunds take five business days after the return
arrives; exchanges are free within thirty days of delivery. Escalate complaints about
damaged books to a human by saying you will pass the message on."""


def now():
    return datetime.now(timezone.utc)


def build_agent(model):
    agent = Agent(model, instructions=RULES, name="shop")

    @agent.instructions
    def current_time() -> str:
        stamp = now().strftime("%Y-%m-%d %H:%M UTC")
        return f"Current UTC time: {stamp}"

    return agent


async def reply(model, text, history):
    agent = build_agent(model)
    return await agent.run(text, message_history=history)
