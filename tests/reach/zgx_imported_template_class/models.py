from dataclasses import dataclass


@dataclass
class PromptSpec:
    key: str
    system_prompt: str
    user_prompt_template: str
