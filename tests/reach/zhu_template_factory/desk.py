"""The desk's webhook: each alert the monitor posts is classified as it arrives."""
from fastapi import FastAPI, Request
from langchain_openai import ChatOpenAI

from .prompts import triage_prompt

app = FastAPI()
llm = ChatOpenAI(model="gpt-4o-mini")


@app.post("/alerts")
async def receive(request: Request) -> dict:
    body = await request.json()
    prompt = triage_prompt()
    filled = prompt.invoke({"alert": body["text"]})
    return {"class": llm.invoke(filled).content}
