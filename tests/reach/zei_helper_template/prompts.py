"""A template file compiled once by a cached helper and rendered where a prompt is built."""
from datetime import datetime
from functools import lru_cache
from pathlib import Path

from jinja2 import Environment, Template

_PATH = Path(__file__).parent / "prompts" / "classify.j2"
LABELS = ["billing", "bug", "feature", "other"]


@lru_cache(maxsize=1)
def _read() -> str:
    return _PATH.read_text()


@lru_cache(maxsize=1)
def _template() -> Template:
    env = Environment(autoescape=False, keep_trailing_newline=True)
    return env.from_string(_read())


def classification_prompt(email) -> str:
    template = _template()
    return template.render(stamp=datetime.now().isoformat(), body=email.body,
                           labels=LABELS)
