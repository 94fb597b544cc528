"""`--output-format concise`: one line per finding, no summary (for editors and grep)."""

from __future__ import annotations


def render(result) -> str:
    return "".join(f"{f.span.path}:{f.span.line}:{f.span.column}: {f.code} {f.message}\n"
                   for f in result.findings)
