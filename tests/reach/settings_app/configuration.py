"""F: settings whose prompt is a field default, made by a classmethod constructor."""
from dataclasses import dataclass, field

from settings_app import prompts


@dataclass(kw_only=True)
class Settings:
    answer_system: str = field(default=prompts.ANSWER_SYSTEM)
    model: str = "gpt-4o-mini"

    @classmethod
    def from_config(cls, config):
        return cls(**config.get("configurable", {}))
