"""The agent fills the answer prompt's marker and sends the conversation after it: the line
that puts the question in is where it moves from, though the question came from the web
route and the marker is written elsewhere."""
from .llm import complete
from .texts import ANSWER_PROMPT


def answer(question: str, history: list[dict]) -> str:
    system = ANSWER_PROMPT.replace("--question--", question)
    return complete([{"role": "system", "content": system}, *history])
