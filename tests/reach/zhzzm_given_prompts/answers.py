"""Answers a question from retrieved passages, with the prompts the service owns."""
from .provider import Provider

ANSWER_SYSTEM = """You answer questions about the team's handbook using only the passages you
are given. Cite every claim with the number of its passage in square brackets, as [2]. When
the passages do not answer the question, say so in one sentence and suggest who to ask: the
people team for leave and pay, the IT desk for laptops and accounts, and the office manager for
anything about the building. Never guess a date, an amount or a name that no passage states,
keep the answer under 150 words, and write in plain, friendly sentences without headings."""

ANSWER_USER = """Passages:
{passages}

Question: {question}"""


class HandbookAnswers:
    def __init__(self, provider: Provider, system_prompt: str | None = None):
        self.provider = provider
        self.system_prompt = system_prompt or ANSWER_SYSTEM

    def answer(self, question: str, passages: str) -> str:
        user_prompt = ANSWER_USER.format(passages=passages, question=question)
        return self.provider.complete(question, system_prompt=self.system_prompt,
                                      user_prompt=user_prompt)
