import os

from jinja2 import Environment, FileSystemLoader

HERE = os.path.abspath(os.path.dirname(__file__))


def read_prompt(prompt: str) -> str:
    """`builtin://name` is a file of this folder, `file://path` any file, anything else the
    prompt's own text."""
    if prompt.startswith("builtin://"):
        path = os.path.join(HERE, prompt[len("builtin://"):])
    elif prompt.startswith("file://"):
        path = prompt[len("file://"):]
    else:
        path = None
    if path is None:
        return prompt
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def render_prompt(prompt: str, values=None) -> str:
    env = Environment(loader=FileSystemLoader(HERE))
    return env.from_string(read_prompt(prompt)).render(**(values or {}))
