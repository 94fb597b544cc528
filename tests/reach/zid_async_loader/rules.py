"""Drafts detection rules for a report: the loader fills the template with the report."""
from openai import AsyncOpenAI

from .loader import fill_prompt

client = AsyncOpenAI(base_url="http://localhost:8000/v1", api_key="local")


async def draft_rules(title: str, content: str) -> str:
    prompt = await fill_prompt("draft_rule", title=title, content=content)
    reply = await client.chat.completions.create(
        model="llama-3.1-8b-instruct", messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content
