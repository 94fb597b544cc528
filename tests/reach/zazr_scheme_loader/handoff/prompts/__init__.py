"""Prompt references: `bundled://NAME` is a file of this folder, `disk://PATH` any file on
disk, and anything else is the prompt text itself."""
import os

from jinja2 import Environment

FOLDER = os.path.abspath(os.path.dirname(__file__))


def load(reference: str) -> str:
    if reference.startswith("bundled://"):
        location = os.path.join(FOLDER, reference[len("bundled://"):])
    elif reference.startswith("disk://"):
        location = reference[len("disk://"):]
    else:
        return reference
    return open(location, encoding="utf-8").read()


def render(reference: str, values: dict | None = None) -> str:
    return Environment().from_string(load(reference)).render(**(values or {}))
