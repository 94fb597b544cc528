"""Compaction: the conversation without its system message, then the summary instructions."""

from .backend import LedgerModel

LEDGER_SUMMARY_RULES = """Summarise the conversation above for the next agent in this format.

1. The user's goal, in one sentence.
2. Every account, invoice number and amount mentioned, with the currency.
3. Decisions already made and who made them.
4. Open questions, each with what is needed to close it.
5. Tools already called and what they returned, in one line each.

Keep names and numbers exactly as written, drop greetings and small talk, and do not add
advice of your own. Write at most three hundred words."""


def split_ledger_system(history: list[dict]):
    if history and history[0].get("role") == "system":
        return history[1:], history[0]
    return history[:], None


def compact_ledger(conversation_history: list[dict], model: LedgerModel):
    turns, system = split_ledger_system(conversation_history)
    turns.append({"role": "user", "content": LEDGER_SUMMARY_RULES})
    return model.complete_turns(turns)
