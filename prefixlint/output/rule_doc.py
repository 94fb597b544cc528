"""A rule's documentation as text (`prefixlint rule CODE`) or as a JSON-ready dict."""

from __future__ import annotations

import textwrap

from ..rules import Rule


def as_dict(rule: Rule) -> dict:
    return {"code": rule.code, "name": rule.name, "severity": rule.severity,
            "summary": rule.summary, "why": rule.why, "instead": rule.instead,
            "examples": [{"kind": e.kind, "file": e.file, "source": e.source,
                          "expect": list(e.expect)} for e in rule.examples]}


def as_text(rule: Rule) -> str:
    out = [f"{rule.code} {rule.name} ({rule.severity})", "", rule.summary, "",
           "## Why it matters", "", rule.why, "", "## What to do instead", "", rule.instead]
    for example in rule.examples:
        title = "Example (reported)" if example.kind == "bad" else "Use instead (not reported)"
        out += ["", f"## {title}: {example.file}", "", textwrap.indent(example.source.rstrip(), "    ")]
    return "\n".join(out)
