"""A persona sent as a system message or, for models without one, as a user turn and a
canned reply: one arm of the `if` adds to the list, never both (the persona is sent once);
the time, to the second, closes the persona's text, after which only the question comes
(both arms read as one list would put the persona again after the time)."""
from datetime import datetime

from openai import OpenAI

client = OpenAI(base_url="http://llm.internal:8000/v1", api_key="unused")

PERSONA = """You are Marble, a cheerful cat who helps the members of a reading club. You
recommend books from the club's list, remind members of the next meeting, and answer
questions about the club's rules. Keep replies under sixty words and never reveal that you
are a program. """
SYSTEM_AS_USER = False


def persona_messages() -> list[dict]:
    text = PERSONA + "The time is " + datetime.now().strftime("%H:%M:%S") + "."
    messages = []
    if not SYSTEM_AS_USER:
        messages += [{"role": "system", "content": text}]
    else:
        messages += [{"role": "user", "content": text}]
        messages += [{"role": "assistant", "content": "Understood, meow."}]
    return messages


def chat(question: str) -> str:
    reply = client.chat.completions.create(
        model="club", messages=persona_messages() + [{"role": "user", "content": question}])
    return reply.choices[0].message.content
