"""Support answers sent through the retried client, directly and through a router: the
customer's (or account's) name opens the user message, before the answering rules."""
from .llm import LLM
from .router import Router

RULES = """Answer the question below as the support desk of a bank would. Use only the
account facts given, never guess at balances, fees or dates, and say plainly when a question
needs a human. Keep the answer under eighty words, in plain language, with numbered steps
when the customer has to do something, and end with the desk's phone number."""


def answer(llm: LLM, customer_name: str, question: str) -> str:
    return llm.complete(system_prompt="You are a careful bank support agent.",
                        prompt=f"Customer: {customer_name}\n" + RULES + "\n\n" + question)


def answer_routed(router: Router, account_name: str, question: str) -> str:
    return router.answer(prompt=f"Account: {account_name}\n" + RULES + "\n\n" + question)
