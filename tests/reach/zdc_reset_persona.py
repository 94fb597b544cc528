"""A triage agent keeps its system prompt on the object; a method swaps in the urgent one
for an urgent ticket, in one arm of an `if` on the ticket. What is sent is one prompt or
the other, never both one after the other: a branch on the ticket's priority, ahead of the
house style every reply shares."""

from openai import OpenAI

client = OpenAI()

CALM_RULES = """You are the first-line support agent of Northwind Cloud. Read the ticket,
name the product it is about, say which of our documented fixes applies, and draft a reply
that walks the customer through it step by step. Never promise a refund or a date."""

URGENT_RULES = """You are the incident desk of Northwind Cloud. Read the ticket, name the
service that is down, page the on-call engineer by writing PAGE on the first line, and draft
a two-sentence status update for the customer. Never guess at the cause of an outage."""

HOUSE_STYLE = """House style for every reply: address the customer by the name on the ticket,
write in short paragraphs, avoid jargon the customer did not use first, link to the status
page rather than pasting its contents, and sign as "Northwind Cloud Support". Do not use
exclamation marks, and never share internal ticket numbers or the names of engineers."""


class TriageAgent:
    def __init__(self) -> None:
        self.system = CALM_RULES

    def answer(self, ticket) -> str:
        if ticket.priority == "urgent":
            self.system = URGENT_RULES
        reply = client.chat.completions.create(model="gpt-4o", messages=[
            {"role": "system", "content": self.system + "\n\n" + HOUSE_STYLE},
            {"role": "user", "content": ticket.body}])
        return reply.choices[0].message.content
