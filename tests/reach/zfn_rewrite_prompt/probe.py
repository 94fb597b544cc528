"""A red-team probe reads its prompt file from a data folder its package resolves: the
file is measured on its own (the sentence opens it, before the rewriting rules), and it
speaks to a model by saying what the model's output holds."""
from pathlib import Path

import httpx

DATA = Path(__file__).parent / "data"


class SoftenProbe:
    def __init__(self, name: str = "soften") -> None:
        self.template = (DATA / f"{name}.txt").read_text()

    def soften(self, sentence: str) -> str:
        reply = httpx.post("http://red-team.internal/v1/chat/completions", json={
            "model": "rewriter",
            "messages": [{"role": "user", "content": self.template.format(sentence=sentence)}]})
        return reply.json()["choices"][0]["message"]["content"]
