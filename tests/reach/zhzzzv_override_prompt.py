"""A whole prompt assigned before an `if` and another assigned in its arm, with no `else`
(`system = DEFAULT; if passages: system = GROUNDED.format(...)`): each request sends one of
the two, and each keeps its own cached prefix, so the choice is no break. Both are measured:
the grounded one puts the passages before its rules."""
from anthropic import Anthropic

RULES = """Answer questions from employees about the travel policy. Quote the section number
of every rule you rely on, say plainly when the policy does not cover the question, and never
approve or refuse an expense yourself: tell the employee which approver decides. Keep answers
under five sentences, write amounts with their currency, and give dates as day, month and
year so that employees in every office read them the same way."""

DEFAULT = "You are the travel desk's assistant.\n\n" + RULES

GROUNDED = """You are the travel desk's assistant. These passages of the policy were found
for the question:

{passages}

""" + RULES


def answer(question, search):
    system = DEFAULT
    passages = search(question)
    if passages:
        system = GROUNDED.format(passages="\n\n".join(passages))
    reply = Anthropic().messages.create(model="claude-sonnet-4-5", max_tokens=600,
                                        system=system,
                                        messages=[{"role": "user", "content": question}])
    return reply.content[0].text
