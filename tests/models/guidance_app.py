import guidance
from guidance import assistant, gen, system, user

lm = guidance.models.OpenAI("gpt-4o-mini")


def triage(ticket_text):
    chat = lm
    with system():
        chat += "You triage support tickets for a hosting company."
    with user():
        chat += f"Ticket: {ticket_text}\n" + (
            "Classify the ticket as billing, outage, account or other. Give the class on the "
            "first line, then one sentence on why, then the team that should own it. Never "
            "promise a refund or a time to resolution, and never ask the customer for a password. "
            "When the ticket mentions data loss or a security incident, say so on its own line.")
    with assistant():
        chat += gen("triage", max_tokens=120)
    return chat["triage"]
