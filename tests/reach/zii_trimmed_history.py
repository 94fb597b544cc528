"""A docs assistant that keeps the conversation under a budget: the oldest turns are dropped
in a loop that may not run at all, and the citation rules go in after the conversation.

The loop trims what the list already holds; the order it leaves is the order it was given:
the system prompt, the conversation, the rules, the passages. So the rules follow the
conversation and are computed again on every turn.
"""
from openai import OpenAI

client = OpenAI(base_url="http://localhost:8000/v1", api_key="local")

SYSTEM = """You answer questions about the Parcel command-line tool from its documentation.
Say when the documentation does not cover a question instead of guessing."""

CITATION_RULES = """Rules for this answer:
- Use only the passages given after these rules; quote the option names exactly.
- Cite each passage you use as [n], numbered in the order you first cite them.
- End with a list of the sources you cited, one per line, as "n: url".
- If two passages disagree, say so and prefer the one from the newer release.
- Keep code examples runnable: full commands, no placeholders the user must guess.
- Answer in the language of the question, in at most three short paragraphs."""


def build_messages(conversation, passages, budget=6000):
    messages = conversation.copy()
    messages.insert(0, {"role": "system", "content": SYSTEM})
    messages.insert(-1, {"role": "user", "content": CITATION_RULES})
    used = sum(len(m["content"]) for m in messages)
    while used > budget:
        used -= len(messages[1]["content"])
        messages = [messages[0]] + messages[2:]
    messages.insert(-1, {"role": "user", "content": passages})
    return messages


def ask(conversation, question, passages):
    conversation.append({"role": "user", "content": question})
    reply = client.chat.completions.create(
        model="docs-assistant", messages=build_messages(conversation, passages))
    conversation.append({"role": "assistant", "content": reply.choices[0].message.content})
    return reply
