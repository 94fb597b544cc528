from fastapi import FastAPI
from pydantic import BaseModel

from .agent import answer

app = FastAPI()


class Ask(BaseModel):
    question: str
    history: list[dict] = []


@app.post("/ask")
def ask(body: Ask) -> dict:
    return {"answer": answer(body.question, body.history)}
