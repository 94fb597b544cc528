from fastapi import FastAPI
from openai import OpenAI

from .insights import insight_prompt

app = FastAPI()
client = OpenAI()


@app.post("/insights")
def insights(summary: dict) -> dict:
    reply = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[{"role": "user", "content": insight_prompt(summary)}])
    return {"insights": reply.choices[0].message.content}
