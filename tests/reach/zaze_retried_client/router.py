"""A router whose inner function, handed to a fallback helper, passes the outer method's
prompt on to the retried client, so the router is a client too."""
from .llm import LLM
from .retries import first_success

SYSTEM = "You are a careful bank support agent."


class Router:
    def __init__(self, llm: LLM):
        self.llm = llm

    def answer(self, *, prompt: str) -> str:
        def _try() -> str:
            return self.llm.complete(prompt=prompt, system_prompt=SYSTEM)

        return first_success(_try)
