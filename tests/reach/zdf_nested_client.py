"""A client defined inside the function that uses it (`async def execute(prompt)` beside the
code that fans the questions out): each call of it sends the prompt its caller builds, with
the question before the schema rules."""

import asyncio

from openai import AsyncOpenAI

client = AsyncOpenAI()

RULES = """Entities are abstract concepts (a person, a company, a drug) and relations are
verbs or verbal phrases (works for, treats, owns). Describe every entity and relation in one
sentence with an example, write every name in lower case with spaces between words, and
answer with one JSON object with the keys "entities" and "relations", and nothing else."""


async def schemas(questions: list[str]) -> list[str]:
    async def execute(prompt: str) -> str:
        reply = await client.chat.completions.create(
            model="gpt-4o-mini", messages=[{"role": "system", "content": prompt}])
        return reply.choices[0].message.content

    async def one(question: str) -> str:
        return await execute(prompt=f"Design a graph schema for: {question}\n\n{RULES}")

    return await asyncio.gather(*[one(q) for q in questions])
