"""The graph imports each step's `run` under a name of its own and passes it the prompt."""

from langchain_openai import ChatOpenAI

from .prompts import TRIAGE_PROMPT
from .step import run as run_triage


class SupportGraph:
    def __init__(self):
        self.llm = ChatOpenAI(model="gpt-4o-mini")

    def triage(self, state):
        return run_triage(state, self.llm, TRIAGE_PROMPT)
