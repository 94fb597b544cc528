"""The agent base class: every agent answers through its own `_run`."""


class Agent:
    def __init__(self, llm):
        self.llm = llm

    def answer(self, question):
        return list(self._run(question))

    def _run(self, question):
        raise NotImplementedError
