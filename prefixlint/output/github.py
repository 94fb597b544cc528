"""GitHub Actions workflow-command annotations, most severe first.

GitHub shows at most 10 annotations of each type per step, so errors come first, and a final
notice says how many findings there are in all when some would be dropped.
"""

from __future__ import annotations

COMMANDS = {"error": "error", "warning": "warning", "info": "notice"}
ORDER = {"error": 0, "warning": 1, "info": 2}
SHOWN_PER_TYPE = 10


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def render(result) -> str:
    from .paths import shown_from

    # GitHub reads `file=` from the workspace, where a workflow's steps run.
    shown = shown_from(result.config.root)
    findings = sorted(result.findings, key=lambda f: (ORDER[f.severity], f.sort_key()))
    lines = []
    for f in findings:
        span = f.span
        props = [f"file={_escape_property(shown(span.path))}", f"line={span.line}",
                 f"col={span.column}"]
        if (span.end_line, span.end_column) > (span.line, span.column):
            props += [f"endLine={span.end_line}", f"endColumn={span.end_column}"]
        props.append(f"title={_escape_property(f.code)}")
        lines.append(f"::{COMMANDS[f.severity]} {','.join(props)}::{_escape_data(f.message)}")
    counts = {kind: sum(1 for f in findings if f.severity == kind) for kind in COMMANDS}
    if any(count > SHOWN_PER_TYPE for count in counts.values()):
        summary = ", ".join(_count(count, kind) for kind, count in counts.items() if count)
        lines.append(f"::notice title=prefixlint::{_count(len(findings), 'finding')} "
                     f"({summary}); GitHub "
                     f"shows at most {SHOWN_PER_TYPE} of each type: run prefixlint check "
                     "locally for all of them")
    return "".join(line + "\n" for line in lines)
