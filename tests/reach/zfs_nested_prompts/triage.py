"""Sends each ticket with the desk's prompts, read from the settings object it is given: the
customer's name and ticket open the task text, before its constant rules."""
from openai import OpenAI

from .settings import DeskSettings

client = OpenAI(base_url="http://llm.internal:8000/v1", api_key="unused")


def triage(customer: str, ticket: str, settings: DeskSettings) -> str:
    task = settings.prompts.triage_task.format(customer=customer, ticket=ticket)
    reply = client.chat.completions.create(model=settings.model, messages=[
        {"role": "system", "content": settings.prompts.triage_system},
        {"role": "user", "content": task}])
    return reply.choices[0].message.content
