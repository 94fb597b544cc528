"""A chat object keeps what it was sent: `chat.send_message(contract)` first, then the fixed
review checklist as a later message, sends the checklist after the contract and the model's
reply, on every request. The checklist belongs in the system instruction, before both."""
from google import genai
from google.genai import types

SYSTEM = "You review commercial contracts for a small company's legal team."

CHECKLIST = """Now review the contract above against this checklist and answer in a table with
one row per item: the item, the clause that covers it (or "missing"), and a one-sentence note.
1. Payment terms: amounts, currency, due dates and late fees.
2. Termination: notice periods and what either side owes on termination.
3. Liability: caps, exclusions and indemnities, and whether they are mutual.
4. Confidentiality: what is covered and for how long after the contract ends.
5. Governing law and the court or arbitration that settles disputes.
Flag every clause that differs from a standard supplier agreement and say why it matters."""


def review(contract: str) -> str:
    client = genai.Client()
    chat = client.chats.create(model="gemini-2.5-flash",
                               config=types.GenerateContentConfig(system_instruction=SYSTEM))
    chat.send_message(f"Here is the contract to review:\n\n{contract}")
    return chat.send_message(CHECKLIST).text
