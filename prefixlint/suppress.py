"""Reads `prefixlint: ignore[CODE, …]`, `prefixlint: ignore-file` and ruff's `# noqa: CODE`
(for prefixlint's own codes) from comment text, and from the lines of a prompt file that
has no comments of its own kind (`.md`, `.txt`: `<!-- prefixlint: ignore[PFX002] -->`)."""

from __future__ import annotations

import re
from typing import Iterable

from .ir import ALL_CODES, Suppressions

_DIRECTIVE = re.compile(
    r"prefixlint:\s*(?P<kind>ignore-file|ignore)\b\s*(?:\[(?P<codes>[^\]]*)\])?", re.IGNORECASE)
# ruff's form; a bare `# noqa` (meant for other linters) silences nothing here.
_NOQA = re.compile(r"#\s*noqa\s*:\s*(?P<codes>[A-Z]+[0-9]+(?:\s*,?\s*[A-Z]+[0-9]+)*)",
                   re.IGNORECASE)


def parse(comments: Iterable[tuple[int, str]]) -> Suppressions:
    """Build the suppressions of a file from its comments, given as (line, text) pairs."""
    file_codes: set[str] = set()
    line_codes: list[tuple[int, frozenset[str]]] = []
    noqa_codes: list[tuple[int, frozenset[str]]] = []
    for line, text in comments:
        for match in _NOQA.finditer(text):
            codes = frozenset(c.upper() for c in re.split(r"[\s,]+", match.group("codes"))
                              if c.upper().startswith("PFX"))
            if codes:
                noqa_codes.append((line, codes))
        for match in _DIRECTIVE.finditer(text):
            raw = match.group("codes")
            codes = frozenset(c.strip().upper() for c in raw.split(",") if c.strip()) if raw \
                else frozenset({ALL_CODES})
            if match.group("kind").lower() == "ignore-file":
                file_codes |= codes
            else:
                line_codes.append((line, codes))
    return Suppressions(frozenset(file_codes), tuple(sorted(line_codes, key=lambda x: x[0])),
                        tuple(sorted(noqa_codes, key=lambda x: x[0])))


def from_lines(text: str) -> Suppressions:
    """The directives of a plain prompt file, each line that names one taken as a comment:
    `<!-- prefixlint: ignore[PFX002] -->` in Markdown, `# prefixlint: ignore[PFX002]` in
    a text file. Only lines that hold a directive are read."""
    if "prefixlint" not in text.lower() and "noqa" not in text.lower():
        return Suppressions()
    return parse((number, line) for number, line in enumerate(text.split("\n"), 1)
                 if "prefixlint" in line.lower() or "noqa" in line.lower())
