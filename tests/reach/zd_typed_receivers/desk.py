"""A help desk whose system prompt is made from objects it is handed: their methods are
followed through the parameters' annotations (`book: SkillBook | None`, `clock: "Clock"`)."""

from openai import OpenAI

from .library import Clock, SkillBook

client = OpenAI()

RULES = """Follow these rules in every answer you give to the customers of the help desk.
Answer in two short paragraphs at most, and name the manual page you relied on.
Never promise a refund; say that a person from the billing team will write back.
If the question is about a broken machine, ask for its serial number before anything else.
Do not discuss other customers, the prices of competitors, or other products."""


def system_prompt(book: SkillBook | None, clock: "Clock") -> str:
    parts = ["You are the help desk assistant of a shop that sells espresso machines."]
    if book is not None:
        parts.append(book.catalogue())
    parts.append(RULES)
    parts.append(f"The time now: {clock.stamp()}")
    return "\n\n".join(parts)


def answer(book: SkillBook, clock: Clock, history: list, question: str) -> str:
    messages = [{"role": "system", "content": system_prompt(book, clock)}, *history,
                {"role": "user", "content": question}]
    reply = client.chat.completions.create(model="gpt-4o", messages=messages)
    return reply.choices[0].message.content
