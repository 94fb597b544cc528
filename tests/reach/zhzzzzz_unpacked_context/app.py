"""A support assistant that unpacks the context and sources a retrieval helper returns
(`context, sources = find_context(...)`): the context is what the helper found for the
question, not the line it returns when it found nothing."""
from langchain_groq import ChatGroq

from retrieve import find_context

MODEL = ChatGroq(model="llama-3.3-70b-versatile")
SYSTEM = """You are the support assistant of a bicycle workshop.

Context:
{context}

Guidelines:
- Answer from the context when it covers the question, and say which manual you used.
- When the context does not cover it, say so and suggest booking a repair appointment.
- Never guess torque values or part numbers; ask for the bicycle model when it matters.
- Keep answers under one hundred and fifty words and use plain language, no jargon.
- For safety questions about brakes or forks, tell the rider to stop riding until checked.
"""


def answer(question, team):
    context, sources = find_context(question, team)
    system = SYSTEM.format(context=context)
    reply = MODEL.invoke([{"role": "system", "content": system},
                          {"role": "user", "content": question}])
    return reply.content, sources
