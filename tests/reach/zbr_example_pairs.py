"""Few-shot examples kept as (input, expected output object) pairs, written out by a helper
in a loop over the constant list: the examples are the code's own, so only the memo at the
end varies."""
from dataclasses import dataclass

from openai import OpenAI


@dataclass
class Facts:
    items: list


EXAMPLES = [
    ("- The user says hello to the assistant.\n", Facts(items=[])),
    ("- The user's favourite film is Tenet, seen twice.\n",
     Facts(items=[{"topic": "interest", "memo": "favourite film: Tenet"}])),
]

RULES = """Extract the facts the user states about themselves, one per line, as a topic and
a short memo. Skip greetings, questions and anything the user says about other people. Keep
the user's own words for names and titles, and never guess a fact the memo does not state.
"""


def write_facts(facts: Facts) -> str:
    lines = [f"- {fact['topic']}: {fact['memo']}" for fact in facts.items]
    if not lines:
        return "NONE"
    return "\n".join(lines)


def system_prompt() -> str:
    shots = "\n\n".join(
        f"<example>\n<input>{pair[0]}</input>\n<output>\n{write_facts(pair[1])}\n</output>\n"
        "</example>" for pair in EXAMPLES)
    return f"{RULES}\n{shots}\n\nReply with the facts only."


def extract(memo: str) -> str:
    reply = OpenAI().chat.completions.create(model="gpt-4o-mini", messages=[
        {"role": "system", "content": system_prompt()}, {"role": "user", "content": memo}])
    return reply.choices[0].message.content
