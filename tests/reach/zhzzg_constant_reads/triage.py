"""The triage step: the caller hands in whatever sends text to a model."""

from . import prompts
from .prompts import FOLLOW_UP


class TriageAgent:
    def __init__(self, ask):
        self.ask = ask

    def route(self, ticket_text):
        return self.ask(prompts.TRIAGE_PROMPT % (ticket_text,))

    def reply(self, message):
        return self.ask(FOLLOW_UP["reply"].format(message=message))
