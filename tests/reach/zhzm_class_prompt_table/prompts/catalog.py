"""The triage prompts, read once from the catalog file when the class is defined."""

import os

import yaml


class PromptCatalog:
    _path = os.path.join(os.path.dirname(__file__), "catalog.yaml")
    with open(_path, encoding="utf-8") as handle:
        _prompts = yaml.safe_load(handle)

    BRIEF_TRIAGE = _prompts["triage"]["brief"]
    THOROUGH_TRIAGE = _prompts["triage"]["thorough"]
