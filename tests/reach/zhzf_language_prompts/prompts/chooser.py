import os
from importlib import import_module


class PromptSet:
    def __init__(self):
        self.language = os.getenv("SURVEY_LANGUAGE", "en")
        self._prompts = import_module(f".prompts_{self.language}",
                                      package="zhzf_language_prompts.prompts")

    @property
    def prompts(self):
        return self._prompts
