"""`check`'s text output: `path:line:col: CODE message`, sorted, then one summary line."""

from __future__ import annotations

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


def render(result: Result) -> str:
    lines = [f"{f.span.path}:{f.span.line}:{f.span.column}: {f.code}"
             f"{' [*]' if fixable(f) == 'safe' else ''} {f.message}" for f in result.findings]
    lines.append(summary(result))
    return "\n".join(lines) + "\n"
