"""A helper that rebuilds the messages its caller gives it (`messages = messages + [...]`):
what is sent is the caller's turn, then the helper's long checklist, so the customer's notes
that the caller puts first end the shared prefix before the checklist. A text shortened only
when it is too long (`if ...: prompt = compress(prompt)`) is sent as the caller wrote it."""
from openai import OpenAI
from textkit import compress

client = OpenAI()

CHECKLIST = """Summarize the notes above for the account manager. List, in this order: the
customer's open requests, promises made by our staff with their dates, complaints with their
severity from 1 to 3, products mentioned, and the next step with its owner. Use one bullet per
item, at most fifteen words each. Leave out greetings, signatures, and anything already
resolved. If the notes mention a refund or a legal threat, put it first and mark it URGENT.
Answer in English whatever the language of the notes, and never invent a date or an amount."""


def summarize(messages: list, model: str = "gpt-4.1") -> str:
    messages = messages + [{"role": "user", "content": CHECKLIST}]
    reply = client.chat.completions.create(model=model, messages=messages)
    return reply.choices[0].message.content


def summarize_customer(document: str) -> str:
    return summarize([{"role": "user", "content": f"Notes: {document}"}])


def send_brief(prompt: str, limit: int = 8000) -> str:
    if len(prompt) > limit:
        prompt = compress(prompt, limit)
    reply = client.chat.completions.create(
        model="gpt-4.1", messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content


def brief_account(account_name: str) -> str:
    return send_brief(f"Account: {account_name}\n" + CHECKLIST)
