"""One conversation with the shell assistant, sent through whichever backend it was given."""
from .prompts import build_system_prompt


class Session:
    def __init__(self, backend, workdir: str) -> None:
        self.backend = backend
        self.workdir = workdir

    def reply(self, question: str) -> str:
        instructions = build_system_prompt(self.workdir)
        self.backend.reset(instructions)
        return self.backend.send(question)
