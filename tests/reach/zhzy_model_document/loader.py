"""Prompt texts read from a YAML file into a pydantic model, by field name."""
from functools import lru_cache
from pathlib import Path

import yaml
from pydantic import BaseModel

FOLDER = Path(__file__).parent


class ClinicPrompts(BaseModel):
    booking_prompt: str
    recap_prompt: str


def _read(name):
    with open(FOLDER / name, encoding="utf-8") as handle:
        return yaml.safe_load(handle)


@lru_cache(maxsize=1)
def clinic_prompts() -> ClinicPrompts:
    return ClinicPrompts(**_read("prompts.yaml"))


def recap_prompts() -> ClinicPrompts:
    return ClinicPrompts.model_validate(_read("prompts.yaml"))
