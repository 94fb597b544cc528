"""Renders a prompt of the version a deployment pins, from that version's folder."""

from pathlib import Path

from jinja2 import Environment, FileSystemLoader

BASE = Path(__file__).parent
TEMPLATE_FILES = {
    "minutes": "minutes.j2",
    "agenda": "agenda.j2",
}


def render(kind: str, values: dict, version: str) -> str:
    environment = Environment(loader=FileSystemLoader(BASE / version))
    template = environment.get_template(TEMPLATE_FILES[kind])
    return template.render(**values)
