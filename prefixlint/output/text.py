"""`check`'s text output: each finding in full (`path:line:col: CODE message`, the source line
with a caret, the related places), sorted, then one summary line."""

from __future__ import annotations

import re
from collections import Counter

from ..api import Result
from ..fixes import fixable


def summary(result: Result, missed: int = 0) -> str:
    """The last line: what was found, or a pass; never a pass when LLM calls found were not
    followed (`missed`), since then what was not seen may break."""
    if not result.findings and missed:
        return (f"No findings in the {_prompts(len(result.measurements))} measured, but "
                f"{missed} LLM call{'s were' if missed != 1 else ' was'} not followed "
                f"(see Coverage).")
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


def providers_line(result: Result) -> str:
    """With `provider = "auto"`, the prompts whose breaks are info because the provider their
    SDK sends them to caches nothing that short; "" when there are none."""
    from ..config import AUTO

    if result.config.provider != AUTO:
        return ""
    uncached = result.uncached()
    if not uncached:
        return ""
    names = sorted({(p.name, p.minimum) for p in map(result.provider_for,
                                                       (m.prompt for m in uncached))})
    minimums = ", ".join(f"{name} {minimum:,}" for name, minimum in names)
    return (f"{_prompts(len(uncached))} with a break {'are' if len(uncached) != 1 else 'is'} "
            f"below the caching minimum of the provider {'their' if len(uncached) != 1 else 'its'}"
            f" SDK sends to ({minimums} tokens): not cached either way, so "
            f"{'their' if len(uncached) != 1 else 'its'} breaks are info (--fail-on info shows "
            "them; --provider sets the provider).")


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


SHOWN_CHARS = 160  # of a long source line: a window around the finding's column
MAX_SOURCE_BYTES = 4_000_000


def render(result: Result) -> str:
    """Each finding in full, as ruff shows one: its whole message (cost, remedy, where the
    value comes from), the source line with a caret under the value, and the places that
    move with it; then the summary. `--output-format concise` is the one-line form."""
    from .paths import printable, shown_from

    sources = _Sources(result)
    shown = shown_from(result.config.root)
    lines: list[str] = []
    for finding in result.findings:
        span = finding.span
        lines.append(f"{shown(span.path)}:{span.line}:{span.column}: {finding.code}"
                     f"{' [*]' if fixable(finding) == 'safe' else ''} "
                     f"{printable(finding.message)}")
        lines.extend(_excerpt(sources.line(span.path, span.line), span, finding.code))
        for related in finding.related:
            lines.append(f"  = related: {shown(related.path)}:{related.line}:{related.column}")
        lines.append("")
    from ..coverage import coverage

    seen = coverage(result)
    guessed = providers_line(result)
    if guessed:
        lines.append(guessed)
    lines.append(summary(result, len(seen.not_followed)))
    lines.append(seen.line(shown))
    lines.append("")  # the final line break, without copying the whole text once more
    return "\n".join(lines)


def _excerpt(source: str | None, span, code: str) -> list[str]:
    """The line a finding stands on, with a caret under its span (a window of a long line)."""
    if source is None:
        return []
    start = max(0, span.column - 1)
    width = span.end_column - span.column if span.end_line == span.line else len(source) - start
    width = max(1, min(width, len(source) - start if start < len(source) else 1))
    shown, offset = source, 0
    if len(source) > SHOWN_CHARS:
        offset = max(0, min(start - SHOWN_CHARS // 3, len(source) - SHOWN_CHARS))
        shown = ("…" if offset else "") + source[offset:offset + SHOWN_CHARS] + \
            ("…" if offset + SHOWN_CHARS < len(source) else "")
        start = start - offset + (1 if offset else 0)
        width = min(width, SHOWN_CHARS)
    from .paths import printable

    number = str(span.line)
    gutter = " " * len(number)
    shown = printable(shown.expandtabs(1))
    return [f"{gutter} |", f"{number} | {shown}", f"{gutter} | {' ' * start}{'^' * width} {code}",
            f"{gutter} |"]


KEPT_SOURCES = 8  # files whose lines are kept while findings are shown


class _Sources:
    """Source lines of the findings' files, read from the project (never a file past a few
    megabytes, never a binary). Findings come sorted by file, so only the last few files
    read are kept: on thousands of files, keeping every one read was the run's peak."""

    def __init__(self, result: Result) -> None:
        from pathlib import Path

        self.roots = [Path(result.config.root), Path.cwd()]
        self.files: dict[str, list[str] | None] = {}

    def line(self, path: str, number: int) -> str | None:
        if path not in self.files:
            if len(self.files) >= KEPT_SOURCES:
                del self.files[next(iter(self.files))]  # the first read of those kept
            self.files[path] = self._read(path)
        lines = self.files[path]
        return lines[number - 1].rstrip("\r") if lines and 0 < number <= len(lines) else None

    def _read(self, path: str) -> list[str] | None:
        for root in self.roots:
            file = root / path
            try:
                if file.is_file() and file.stat().st_size <= MAX_SOURCE_BYTES:
                    data = file.read_bytes()
                    if b"\0" in data:
                        return None
                    return data.decode("utf-8-sig", "replace").split("\n")
            except OSError:
                return None
        return None
