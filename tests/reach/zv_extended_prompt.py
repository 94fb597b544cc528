"""An agent whose system prompt is set once from its configuration, with a rule appended
when interruptions are on: the f-string extends a prompt made elsewhere (no prompt of its
own), and the question is the last message."""


class Agent:
    def __init__(self, llm, interrupts=True):
        self.llm = llm
        self.interrupts = interrupts
        self._system = ""

    def set_system(self, system):
        if self.interrupts:
            system = f"""{system}

If you see the marker [interrupted by user], the user cut your last answer short: do not
repeat it, and ask what they would like instead."""
        self._system = system

    def ask(self, question):
        return self.llm.complete(system=self._system, user=question)
