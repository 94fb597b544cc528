"""`--output-format concise`: one line per finding, no summary (for editors and grep)."""

from __future__ import annotations


def render(result) -> str:
    from .paths import printable, shown_from
    from .text import brief

    shown = shown_from(result.config.root)
    return "".join(f"{shown(f.span.path)}:{f.span.line}:{f.span.column}: {f.code} "
                   f"{printable(brief(f.message))}\n" for f in result.findings)
