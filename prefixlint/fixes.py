"""Fixes: safe edits that findings carry, and unsafe reorders of template lines.

Safe: `json.dumps(..., sort_keys=True)`, `sorted(...)` around a set joined into prompt text.
Unsafe (they change what the prompt says, not only its order of bytes): move the line holding
a volatile value — or the whole `{% if %}`/`{% for %}` block on one — below the constant
content of its template. Every fix is checked: the project is copied, the fix applied and
analyzed again, and it is kept only if no prompt's shared prefix gets shorter.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .ir import Finding, Span

MOVABLE = ("PFX001", "PFX002", "PFX003", "PFX004", "PFX005")
_TAG = re.compile(r"{%-?\s*(end)?(if|for)\b")
_IGNORED = shutil.ignore_patterns(".git", ".venv", ".venv-ci", "venv", "node_modules",
                                  "__pycache__", ".tox", ".mypy_cache", ".pytest_cache")


@dataclass(frozen=True)
class Fix:
    """New text for one file, and what the change does, in words."""

    path: str
    before: str
    after: str
    codes: tuple[str, ...]
    descriptions: tuple[str, ...]
    safe: bool


def _offset(text: str, line: int, column: int) -> int:
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    return starts[line - 1] + column - 1


def _apply(text: str, edits: list[tuple[Span, str]]) -> str:
    spans = sorted({(e[0].line, e[0].column, e[0].end_line, e[0].end_column, e[1]) for e in edits},
                   reverse=True)
    for line, column, end_line, end_column, replacement in spans:
        start, end = _offset(text, line, column), _offset(text, end_line, end_column)
        text = text[:start] + replacement + text[end:]
    return text


def _block_end(lines: list[str], first: int) -> int:
    """The last line (0-based) of the if/for block that opens on line `first`."""
    depth = 0
    for number in range(first, len(lines)):
        for match in _TAG.finditer(lines[number]):
            depth += -1 if match.group(1) else 1
            if depth == 0:
                return number
    return first


def _move_lines(text: str, lines_to_move: list[tuple[int, int]]) -> str:
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    moving: list[str] = []
    keep = [True] * len(lines)
    for first, last in sorted(set(lines_to_move)):
        for number in range(first, last + 1):
            if keep[number]:
                keep[number] = False
                moving.append(lines[number])
    return "".join(line for line, kept in zip(lines, keep) if kept) + "".join(moving)


def candidates(findings: tuple[Finding, ...], root: Path, unsafe: bool) -> list[Fix]:
    by_path: dict[str, list[Finding]] = {}
    for finding in findings:
        by_path.setdefault(finding.span.path, []).append(finding)
    fixes = []
    for path, found in sorted(by_path.items()):
        file = root / path
        if not file.is_file():
            continue
        before = file.read_text(encoding="utf-8")
        safe = [f for f in found if f.fix is not None]
        if safe:
            fixes.append(Fix(path, before, _apply(before, [f.fix for f in safe]),
                             tuple(f.code for f in safe),
                             tuple(f"{f.code}: {f.fix[1]}" for f in safe), True))
        movable = [f for f in found if f.code in MOVABLE and not path.endswith(".py")]
        if unsafe and movable:
            lines = before.splitlines()
            ranges = [(f.span.line - 1, _block_end(lines, f.span.line - 1)
                       if _TAG.search(lines[f.span.line - 1]) else f.span.line - 1)
                      for f in movable]
            described = tuple(f"{f.code}: moved line{'s' if b > a else ''} {a + 1}"
                              f"{f'-{b + 1}' if b > a else ''} ('{f.expr}') below the constant "
                              "text" for f, (a, b) in zip(movable, ranges))
            fixes.append(Fix(path, before, _move_lines(before, ranges),
                             tuple(f.code for f in movable), described, False))
    return fixes


def verified(fix: Fix, before, config, paths, cwd: Path) -> tuple[bool, dict[str, tuple[int, int]]]:
    """Apply `fix` in a copy of the project and measure again: kept only if no prompt built
    from the file loses shared-prefix tokens (and the fixed findings go away). `before` is
    the run the fix was proposed from."""
    from . import api

    root = config.root.resolve()
    with tempfile.TemporaryDirectory(prefix="prefixlint-fix-") as folder:
        copy = Path(folder) / "project"
        shutil.copytree(root, copy, ignore=_IGNORED, symlinks=True)
        (copy / fix.path).write_text(fix.after, encoding="utf-8")
        relative_cwd = cwd.resolve().relative_to(root) if cwd.resolve().is_relative_to(root) \
            else Path(".")
        after = api.check(paths, dataclasses.replace(config, root=copy), copy / relative_cwd)
    affected = {m.prompt.id for m in before.measurements if fix.path in m.prompt.files}
    old = {m.prompt.id: m.prefix_tokens["global"] for m in before.measurements
           if m.prompt.id in affected}
    new = {m.prompt.id: m.prefix_tokens["global"] for m in after.measurements
           if m.prompt.id in affected or m.prompt.path == fix.path}
    changes = {pid: (old.get(pid, 0), new.get(pid, 0)) for pid in sorted(set(old) | set(new))}
    ok = all(new.get(pid, -1) >= tokens for pid, tokens in old.items())
    remaining = {(f.code, f.expr) for f in after.findings if f.span.path == fix.path}
    fixed = {(f.code, f.expr) for f in before.findings if f.span.path == fix.path
             and f.code in fix.codes}
    return ok and not (fixed & remaining), changes


def diff(fix: Fix) -> str:
    return "".join(difflib.unified_diff(fix.before.splitlines(keepends=True),
                                        fix.after.splitlines(keepends=True),
                                        f"a/{fix.path}", f"b/{fix.path}"))
