"""A ReAct loop written from scratch: the question is set when a run starts."""
from pathlib import Path

from vertexai.generative_models import GenerativeModel, Part

from gemini import generate


class Agent:
    def __init__(self, model: GenerativeModel, tools: dict):
        self.model = model
        self.tools = tools
        self.query = ""
        self.steps: list[str] = []
        self.template = (Path(__file__).parent / "react.txt").read_text()

    def think(self) -> str:
        prompt = self.template.format(query=self.query, tools=", ".join(sorted(self.tools)),
                                      history="\n".join(self.steps))
        return generate(self.model, [Part.from_text(prompt)]) or ""

    def execute(self, query: str) -> str:
        self.query = query
        return self.think()
