"""Agents that keep a memory of the conversation: a method adds this request's task to it,
and the base class's `respond` sends the whole memory through the configured backend."""

from backends import BackendFactory

REVIEW_RULES = """Review the change for the team's conventions: names that say what they hold,
functions under forty lines, no bare `except`, every public function with a docstring, and
tests beside any new branch. List each problem as `file:line - problem - fix`, most serious
first, and end with one line that says whether the change can be merged as it is."""


class MemoryAgent:
    def __init__(self, settings, role_text):
        self.backend = BackendFactory.make(settings)
        self._memory = []
        self.remember("system", role_text)

    def remember(self, role, content):
        self._memory.append({"role": role, "content": content})

    def respond(self, messages=None):
        return self.backend.generate(messages if messages is not None else self._memory)


class Reviewer(MemoryAgent):
    def __init__(self, settings):
        super().__init__(settings, "You review code changes for a small Python team.")

    def review(self, diff, ticket):
        self.remember("user", f"Ticket:\n{ticket}\n\n{REVIEW_RULES}\n\nDiff:\n{diff}")
        return self.respond()
