"""A helper that adds the retrieved context only when it is given: the caller gives it."""

from openai import OpenAI

BASE = """You are the support assistant of a hosting company. Answer from the company's own
documentation, name the page you used, and say plainly when the documentation does not
cover the question instead of guessing. Keep answers short and give commands verbatim."""


class SupportDesk:
    def __init__(self, search):
        self.client = OpenAI()
        self.search = search

    def _system(self, context=""):
        if context:
            return f"{BASE}\n\nDocumentation excerpts:\n{context}"
        return BASE

    def answer(self, history, question):
        context = self.search(question)
        messages = [{"role": "system", "content": self._system(context)}, *history,
                    {"role": "user", "content": question}]
        return self.client.chat.completions.create(model="gpt-4o", messages=messages)
