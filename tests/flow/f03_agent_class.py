import time

from anthropic import Anthropic


class Agent:
    SYSTEM = """You are a meticulous research agent. Follow this procedure on every task:
plan first, then search, then read the sources, then write a short answer with citations.
Never invent a citation; if a source cannot be found, say that it could not be found.
Prefer primary sources to blog posts, and recent sources to old ones where they disagree.
Keep the final answer under three hundred words unless the user asks for more detail."""

    def __init__(self, client: Anthropic) -> None:
        self.client = client
        self.history = []

    def system_prompt(self) -> str:
        return f"Time: {time.time()}\n" + self.SYSTEM

    def step(self, user_input: str):
        self.history.append({"role": "user", "content": user_input})
        return self.client.messages.create(model="claude-sonnet-4-5", max_tokens=1024,
                                           system=self.system_prompt(), messages=self.history)
