"""A model's reply fetched on a thread (`asyncio.to_thread(llm.invoke, messages)`) is a new
value of the request, not the conversation its messages hold."""

import asyncio

from langchain_openai import ChatOpenAI
from openai import OpenAI

REVIEW_RULES = """Check the draft above against the style guide. Flag every sentence longer
than twenty-five words, every passive construction whose actor is known, and every term used
before it is defined. Quote each flagged sentence and give a corrected version under it."""

llm = ChatOpenAI(model="gpt-4o-mini")
client = OpenAI()


async def review(question: str) -> str:
    messages = [{"role": "user", "content": f"Draft an answer to: {question}"}]
    draft = await asyncio.to_thread(llm.invoke, messages)
    reply = client.chat.completions.create(model="gpt-4o", messages=[
        {"role": "system", "content": f"Draft:\n{draft.content}\n\n{REVIEW_RULES}"},
        {"role": "user", "content": "Review the draft."}])
    return reply.choices[0].message.content
