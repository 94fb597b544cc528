"""The Jinja filters and tests an application registers in its own Python code
(`env.filters["untrusted"] = fn`, `env.tests.update({"premium": fn})`, Flask's
`@app.template_filter("initials")`), read from the code's text: a template that uses them is
rendered with each as a filter that gives its value back (a test that holds), as if declared
in [jinja]."""

from __future__ import annotations

import re
from typing import Iterable

_ITEM = re.compile(r"\.(filters|tests)\[\s*(['\"])([A-Za-z_]\w*)\2\s*\]\s*=[^=]")
_UPDATE = re.compile(r"\.(filters|tests)\.update\(\s*(\{[^{}]*\}|[^()]*)\)")
_KEY = re.compile(r"(['\"])([A-Za-z_]\w*)\1\s*:")  # `{"name": fn}`
_KEYWORD = re.compile(r"(?:^|,)\s*([A-Za-z_]\w*)\s*=[^=]")  # `update(name=fn)`
_DECORATOR = re.compile(r"@\w+(?:\.\w+)*\.template_(filter|test)\(\s*(['\"])([A-Za-z_]\w*)\2")
_MENTION = re.compile(r"\.(?:filters|tests)\b|template_(?:filter|test)")


def registered(texts: Iterable[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The names of the filters and of the tests the texts register, each sorted."""
    found: dict[str, set[str]] = {"filters": set(), "tests": set()}
    for text in texts:
        if not _MENTION.search(text):
            continue
        for match in _ITEM.finditer(text):
            found[match.group(1)].add(match.group(3))
        for match in _UPDATE.finditer(text):
            given = match.group(2).strip()
            keys = _KEY.finditer(given) if given.startswith("{") else _KEYWORD.finditer(given)
            found[match.group(1)].update(key.group(key.lastindex) for key in keys)
        for match in _DECORATOR.finditer(text):
            found[f"{match.group(1)}s"].add(match.group(3))
    return tuple(sorted(found["filters"])), tuple(sorted(found["tests"]))
