from fastapi import FastAPI
from pydantic import BaseModel

from .base import Task
from .fetcher import FetchAgent

app = FastAPI()
agent = FetchAgent()


class FetchRequest(BaseModel):
    goal: str


@app.post("/fetch")
def fetch(request: FetchRequest) -> str:
    return agent.execute(Task(request.goal))
