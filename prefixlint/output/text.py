"""`check`'s text output: `path:line:col: CODE message`, sorted, then one summary line."""

from __future__ import annotations

import re
from collections import Counter

from ..api import Result
from ..fixes import fixable


def summary(result: Result) -> str:
    if not result.findings:
        return f"All checks passed! ({_prompts(len(result.measurements))} measured)"
    counts = Counter(f.severity for f in result.findings)
    parts = [f"{counts[s]} {s}{'s' if counts[s] != 1 else ''}"
             for s in ("error", "warning", "info") if counts[s]]
    total = len(result.findings)
    kinds = Counter(fixable(f) for f in result.findings)
    fixes = ""
    more = f"{kinds['unsafe']} more with --fix --unsafe-fixes"
    if kinds["safe"]:
        fixes = f"\n[*] {kinds['safe']} fixable with --fix" + (
            f" ({more})" if kinds["unsafe"] else "") + "."
    elif kinds["unsafe"]:
        fixes = f"\nNo safe fixes ({kinds['unsafe']} fixable with --fix --unsafe-fixes)."
    return (f"Found {total} finding{'s' if total != 1 else ''} ({', '.join(parts)}) "
            f"in {_prompts(len(result.measurements))}.{fixes}")


def _prompts(count: int) -> str:
    return f"{count} prompt{'s' if count != 1 else ''}"


BRIEF = 120
# What a line of text output leaves to `prefixlint rule CODE` and JSON: where a value comes
# from and what gave it its scope, the other places of a cause, and the remedy's wording.
_ASIDES = re.compile(r" \((?:from |scope |also |passed at )(?:[^()]|\([^()]*\))*\)")
_GAIN = re.compile(r" \(\+[^()]*\)$")


def brief(message: str) -> str:
    """A finding's message for one line of text, at most about 120 characters: what breaks
    where, and the gain of moving it; the rest is in JSON and `prefixlint rule CODE`."""
    short = _ASIDES.sub("", message)
    gain = _GAIN.search(short)
    if gain and ";" in short:
        short = short.split(";", 1)[0] + gain.group(0)
    if len(short) <= BRIEF:
        return short
    return short[:BRIEF - 1].rsplit(" ", 1)[0].rstrip(",;:—- ") + "…"


def render(result: Result) -> str:
    lines = [f"{f.span.path}:{f.span.line}:{f.span.column}: {f.code}"
             f"{' [*]' if fixable(f) == 'safe' else ''} {brief(f.message)}"
             for f in result.findings]
    lines.append(summary(result))
    return "\n".join(lines) + "\n"
