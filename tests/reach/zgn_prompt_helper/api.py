"""A web handler whose system prompt the loader renders with the request's farm details."""

from fastapi import FastAPI
from openai import OpenAI

from helpers import get_prompt

app = FastAPI()
client = OpenAI()


@app.post("/advice")
def advice(details: str, question: str) -> str:
    system = get_prompt("advisor.md", context={"details": details})
    reply = client.chat.completions.create(model="gpt-4o-mini", messages=[
        {"role": "system", "content": system}, {"role": "user", "content": question}])
    return reply.choices[0].message.content
