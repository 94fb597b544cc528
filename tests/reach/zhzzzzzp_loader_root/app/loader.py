"""Persona prompts extend a base that lives with the application's templates; the loader's
folders are made from this file's place (`Path(__file__).parent / "templates"`)."""
from pathlib import Path

import jinja2

TEMPLATES = Path(__file__).parent / "templates"


def environment(personas_dir):
    return jinja2.Environment(loader=jinja2.FileSystemLoader([str(TEMPLATES), str(personas_dir)]))
