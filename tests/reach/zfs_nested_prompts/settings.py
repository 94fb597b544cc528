"""The desk's settings: its prompt texts are a nested object made with its defaults."""
from dataclasses import dataclass, field

from .texts import TRIAGE_SYSTEM, TRIAGE_TASK


@dataclass
class Prompts:
    triage_system: str = TRIAGE_SYSTEM
    triage_task: str = field(default=TRIAGE_TASK)


@dataclass
class DeskSettings:
    model: str = "desk-small"
    prompts: Prompts = field(default_factory=Prompts)
