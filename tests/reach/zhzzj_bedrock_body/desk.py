"""Routes one customer question to a queue."""
from . import prompts
from .client import DeskModel

model = DeskModel()


def route(question: str) -> str:
    model.embed(question)
    return model.ask(prompts.SYSTEM, prompts.TRIAGE.format(question=question))
