"""A chat that keeps each exchange in a memory store (`memory.add(messages, user_id=...)`,
as Mem0 and similar stores are called): the exchange is kept, never sent, so only the
request the chat sends is a prompt."""
from mem0 import MemoryClient
from openai import OpenAI

client = OpenAI()
memory = MemoryClient(api_key="...")

SYSTEM = """You are a friendly assistant on a messaging app. Answer in two or three short
sentences, in the language of the message, and never use headings or tables."""


def remember(user_id: str, user_message: str, reply: str) -> None:
    messages = [{"role": "user", "content": user_message},
                {"role": "assistant", "content": reply}]
    memory.add(messages, user_id=user_id)


def remember_summary(user_id: str, summary: str) -> None:
    memory.add(messages=[{"role": "system", "content": f"Summary so far: {summary}\n"
                          "Keep this in mind when the user comes back, and greet them by "
                          "name if they told you their name before."}], user_id=user_id)


def chat(user_id: str, user_message: str) -> str:
    answer = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[{"role": "system", "content": SYSTEM},
                  {"role": "user", "content": user_message}])
    reply = answer.choices[0].message.content
    remember(user_id, user_message, reply)
    return reply
