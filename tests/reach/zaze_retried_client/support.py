"""A support answer sent through the retried client: the customer's name opens the user
message, before the answering rules."""
from .llm import LLM

RULES = """Answer the question below as the support desk of a bank would. Use only the
account facts given, never guess at balances, fees or dates, and say plainly when a question
needs a human. Keep the answer under eighty words, in plain language, with numbered steps
when the customer has to do something, and end with the desk's phone number."""


def answer(llm: LLM, customer_name: str, question: str) -> str:
    return llm.complete(system_prompt="You are a careful bank support agent.",
                        prompt=f"Customer: {customer_name}\n" + RULES + "\n\n" + question)
