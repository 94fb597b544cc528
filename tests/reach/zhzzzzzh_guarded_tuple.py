"""A triage prompt whose time and subject come unpacked from a helper that returns None
for a missing ticket first (`if ticket is None: return None`) and the pair last: the names
are read from the pair, so the time at the top of the system message is a break."""
from datetime import datetime

from openai import OpenAI

client = OpenAI()
RULES = ("You triage support tickets for a hosting company. Classify the ticket as billing, "
         "outage, account or other; give a priority from one to four, where one means a "
         "customer's site is down; and write two sentences the agent can paste as the first "
         "reply. Never promise a refund, and ask for the domain name when it is missing.")


def opened(ticket):
    if ticket is None:
        return None
    return datetime.now().strftime("%H:%M"), ticket["subject"]


def triage(ticket):
    stamp, subject = opened(ticket)
    return client.chat.completions.create(model="gpt-4o-mini", messages=[
        {"role": "system", "content": f"Received at {stamp}.\n{RULES}"},
        {"role": "user", "content": subject}])
