"""A support bot that turns stored rows into a conversation in a loop (one user or
assistant turn a row) and sends it after a system message that ends with the documents
retrieved for this request: those documents come before the history, so every turn of the
conversation prefills the history again."""
from openai import OpenAI

client = OpenAI(base_url="http://llm.internal:8000/v1", api_key="unused")

BASE = """You are the support assistant of a hosting company, with access to its documents.
Use the documents below to answer accurately; if they do not answer the question, say so
politely. Keep answers concise and professional, and never invent prices, delivery dates or
policies that the documents do not state."""


def turns(rows: list[dict]) -> list[dict]:
    conversation = []
    for row in reversed(rows):
        if row["sender"] == "USER":
            conversation.append({"role": "user", "content": row["text"]})
        else:
            conversation.append({"role": "assistant", "content": row["text"]})
    return conversation


def respond(rows: list[dict], documents: str) -> str:
    system = f"{BASE}\n\nDocuments:\n{documents}"
    reply = client.chat.completions.create(model="support", messages=[
        {"role": "system", "content": system}] + turns(rows))
    return reply.choices[0].message.content
