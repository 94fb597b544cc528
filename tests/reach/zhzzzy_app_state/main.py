from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from openai import AsyncOpenAI

from .desk import PromptBook

client = AsyncOpenAI()


@asynccontextmanager
async def lifespan(app: FastAPI):
    book = PromptBook(shop="Spoke & Chain")
    app.state.prompts = book
    yield


app = FastAPI(lifespan=lifespan)


@app.post("/ask")
async def ask(request: Request, body: dict):
    state = request.app.state
    reply = await client.chat.completions.create(model="gpt-4o-mini", messages=[
        {"role": "system", "content": state.prompts.system()},
        {"role": "user", "content": body["question"]}])
    return {"answer": reply.choices[0].message.content}
