"""The agent sends its prompts through a backend chosen at start (its `run_prompt` is not in
view), so the prompt texts are measured where they are written."""
from .prompts import STEP_PROMPT, SUMMARY_PROMPT


class FormAgent:
    def __init__(self, backend):
        self.backend = backend
        self.actions: list[str] = []

    def step(self, page_html: str, task: str) -> str:
        action = self.backend.run_prompt(STEP_PROMPT % (page_html, task))
        self.actions.append(action)
        return action

    def summary(self, task: str) -> str:
        return self.backend.run_prompt(SUMMARY_PROMPT % {"task": task,
                                                       "actions": "\n".join(self.actions)})
