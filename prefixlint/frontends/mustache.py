"""Mustache templates (`.mustache`, rendered by chevron or pystache), read as the Jinja that
renders the same text, so that one frontend measures both.

A variable (`{{name}}`, `{{{name}}}`, `{{&name}}`) is the same Jinja variable; a section
(`{{#name}}...{{/name}}`) is an `if` on its value (a list section repeats its body, which for
a prefix is the same branch on the value: what comes first depends on it), an inverted
section (`{{^name}}`) an `if not`; comments, partials and delimiter changes are comments
(a partial is not followed). Text that Jinja would read as its own syntax (`{%`, `{#`) is
quoted. Every line stays where it was; a variable keeps its column unless a section tag
comes before it on its line.
"""

from __future__ import annotations

import re

SUFFIX = ".mustache"

_TAG = re.compile(r"\{\{\{\s*([^}]*?)\s*\}\}\}|\{\{(.*?)\}\}|\{%|\{#", re.S)
_NAME = re.compile(r"[A-Za-z_][\w.]*\Z")


def jinja_source(source: str) -> str:
    """The Jinja text that renders what a Mustache template renders (see the module doc)."""
    out: list[str] = []
    sections: list[str] = []  # names of the open sections, innermost last
    position = 0
    for match in _TAG.finditer(source):
        out.append(source[position:match.start()])
        position = match.end()
        whole = match.group(0)
        if whole in ("{%", "{#"):
            out.append("{{ '" + whole + "' }}")
        elif match.group(1) is not None:
            out.append(_variable(match.group(1), sections, len(whole)))
        else:
            out.append(_tag(match.group(2), sections, len(whole)))
    out.append(source[position:])
    return "".join(out)


def _tag(inner: str, sections: list[str], width: int) -> str:
    """One `{{...}}` tag as Jinja, as wide as the tag where Jinja allows it."""
    sigil, body = inner[:1], inner[1:].strip()
    if sigil and sigil in "!>=":
        return _comment(inner, width)
    if sigil == "&":
        return _variable(body, sections, width)
    if sigil in "#^":
        name = _name(body, sections)
        sections.append(name)
        test = name if sigil == "#" else "not " + name
        return _padded("{%if " + test, "%}", width)
    if sigil == "/":
        if sections:
            sections.pop()
        return _padded("{%endif", "%}", width)
    return _variable(inner.strip(), sections, width)


def _variable(name: str, sections: list[str], width: int) -> str:
    return _padded("{{" + _name(name, sections), "}}", width)


def _name(name: str, sections: list[str]) -> str:
    """A Mustache name as a Jinja expression: `.` is the innermost section's value; a name
    Jinja cannot read is a string (rendered as itself)."""
    if name == ".":
        return sections[-1] if sections else "item"
    if _NAME.match(name):
        return name
    return repr(name)


def _comment(inner: str, width: int) -> str:
    text = inner.replace("#}", "# }")
    return _padded("{#" + text, "#}", width)


def _padded(head: str, tail: str, width: int) -> str:
    """`head` and `tail` with spaces between them, up to `width` characters when they fit
    (Jinja ignores the spaces), so that the text after the tag keeps its column."""
    return head + " " * max(0, width - len(head) - len(tail)) + tail
