"""Code below a function's `return` never runs: a helper that kept its older text under the
return it now makes (`return TEMPLATE.format(...)`, then a forgotten `return f"..."`) sends
the text of the first return, never of the second."""
import os

import httpx

REPLY_LANGUAGE = os.getenv("REPLY_LANGUAGE", "English")
SERVER = os.getenv("LLM_SERVER", "http://localhost:8000")

SUMMARY_TEMPLATE = """You summarize support tickets for the engineer on call. Write in {language}.

Start with one line that names the affected service and how many customers report the
problem. Then list what the customer tried, what they saw, and the exact error text they
quote, each on its own line. End with the question the engineer has to answer first. Leave
out greetings, signatures and anything the customer wrote about earlier tickets, and never
guess at a cause the ticket does not state."""

TRIAGE_RULES = """Decide how urgent the ticket above is. Answer with one word: page, today or
later. Page when a paying customer cannot sign in, loses data or sees another customer's
data. Today when a feature is broken for one customer and a workaround exists. Later for
questions, feature requests and problems in a trial account. When the ticket is unclear,
answer today and add one sentence that says what is missing from the ticket."""


def summary_instructions(language):
    return SUMMARY_TEMPLATE.format(language=language)

    return f"Summarize the ticket in {language}."


def triage_prompt(ticket):
    return f"Ticket from {ticket['customer']}:\n{ticket['body']}\n\n{TRIAGE_RULES}"

    return f"{TRIAGE_RULES}\n\nTicket:\n{ticket['body']}"


def chat(messages):
    reply = httpx.post(f"{SERVER}/v1/chat/completions",
                       json={"model": "ticket-helper", "messages": messages})
    return reply.json()["choices"][0]["message"]["content"]


def summarize(ticket):
    return chat([{"role": "system", "content": summary_instructions(REPLY_LANGUAGE)},
                 {"role": "user", "content": ticket["body"]}])


def triage(ticket):
    return chat([{"role": "user", "content": triage_prompt(ticket)}])
