from .base import BasePrompt


class TriagePrompt(BasePrompt):
    template_path = "triage.j2"
