"""Scores each search hit for the patent desk."""
from openai import OpenAI

from .loader import loader

client = OpenAI()


def score_hit(query: str, title: str) -> str:
    prompt = loader.load("relevance", search_query=query, title=title)
    reply = client.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content
