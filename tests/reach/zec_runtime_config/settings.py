"""Prompt texts read from a YAML file whose folder an environment variable names, with
an optional override file merged over them."""
import os

import yaml


def _merge(base: dict, override: dict) -> dict:
    merged = dict(base)
    merged.update(override)
    return merged


def load_prompts() -> dict:
    defaults = {}
    path = os.path.join(os.environ.get("DESK_DIR", "."), "prompts.yaml")
    if os.path.exists(path):
        with open(path) as f:
            defaults = yaml.safe_load(f)
    overrides = {}
    extra = os.environ.get("DESK_PROMPTS")
    if extra and os.path.exists(extra):
        with open(extra) as f:
            overrides = yaml.safe_load(f)
    merged = _merge(defaults, overrides)
    return merged
