"""The help desk: the services a ticket goes through."""

from typing import Optional

from service import PromptService


class Desk:
    def __init__(self, prompts: Optional[PromptService] = None):
        self.prompts = prompts or PromptService()
