"""Reads `prefixlint: ignore[CODE, …]` and `prefixlint: ignore-file` from comment text."""

from __future__ import annotations

import re
from typing import Iterable

from .ir import ALL_CODES, Suppressions

_DIRECTIVE = re.compile(
    r"prefixlint:\s*(?P<kind>ignore-file|ignore)\b\s*(?:\[(?P<codes>[^\]]*)\])?", re.IGNORECASE)


def parse(comments: Iterable[tuple[int, str]]) -> Suppressions:
    """Build the suppressions of a file from its comments, given as (line, text) pairs."""
    file_codes: set[str] = set()
    line_codes: list[tuple[int, frozenset[str]]] = []
    for line, text in comments:
        for match in _DIRECTIVE.finditer(text):
            raw = match.group("codes")
            codes = frozenset(c.strip().upper() for c in raw.split(",") if c.strip()) if raw \
                else frozenset({ALL_CODES})
            if match.group("kind").lower() == "ignore-file":
                file_codes |= codes
            else:
                line_codes.append((line, codes))
    return Suppressions(frozenset(file_codes), tuple(sorted(line_codes, key=lambda x: x[0])))
