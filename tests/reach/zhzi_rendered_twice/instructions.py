"""System instructions: the company's template, then the call's own data filled in."""
import datetime
from pathlib import Path

import jinja2

TEMPLATES = Path(__file__).parent / "templates"


def build_instructions(company: str) -> str:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES))
    template = env.get_template("instructions.jinja2")
    now = datetime.datetime.now(datetime.timezone.utc)
    return template.render(company=company, now=now)


def with_call_data(instructions: str, call_data: dict) -> str:
    """Fills `{{ caller_name }}`-style fields a deployment writes into its instructions."""
    return jinja2.Environment().from_string(instructions).render(**call_data)
