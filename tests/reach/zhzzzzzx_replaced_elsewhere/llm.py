"""The project's client: every module sends through `complete`."""
from openai import OpenAI

_client = OpenAI(base_url="http://localhost:8000/v1", api_key="local")


def complete(messages: list[dict]) -> str:
    reply = _client.chat.completions.create(model="llama-3.1-8b-instruct", messages=messages)
    return reply.choices[0].message.content
