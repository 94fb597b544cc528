"""Fixes: safe edits that findings carry, and unsafe reorders of template lines.

Safe: `json.dumps(..., sort_keys=True)`, `sorted(...)` around a set joined into prompt text.
Unsafe (they change what the prompt says, not only its order of bytes): move the line holding
a volatile value — or the whole `{% if %}`/`{% for %}` block on one — below the constant
content of its template, inside the block, macro or `{% if %}` that contains it. Every fix is
checked: the files the prompts are made of are copied, the fix applied and analyzed again,
and it is kept only if no prompt's shared prefix gets shorter.

A fix changes only what it reports: every other byte of the file (byte-order mark, line
endings, final newline) stays as it was, and nothing is ever written through a link.
"""

from __future__ import annotations

import ast
import codecs
import dataclasses
import difflib
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .ir import Finding, Span

MOVABLE = ("PFX001", "PFX002", "PFX003", "PFX004", "PFX005")
_TAG = re.compile(r"{%-?\s*(end)?(if|for)\b")
# Tags whose content a moved line must stay inside.
_CONTAINER = re.compile(r"{%-?\s*(end)?(block|macro|if|for|call|filter|with)\b")
_EXTENDS = re.compile(r"{%-?\s*extends\b")


@dataclass(frozen=True)
class Fix:
    """New text for one file, and what the change does, in words."""

    path: str
    before: str
    after: str
    codes: tuple[str, ...]
    descriptions: tuple[str, ...]
    safe: bool
    bom: bool = False  # the file starts with a UTF-8 byte-order mark (kept out of the text)
    refusal: str = ""  # why this fix is not offered, when it is not

    def data(self) -> bytes:
        """The fixed file's bytes: the text as edited, with its byte-order mark."""
        return (codecs.BOM_UTF8 if self.bom else b"") + self.after.encode("utf-8")


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


def _lines(text: str) -> list[str]:
    """Lines split at `\n` only (as the template lexer counts them), each with its ending."""
    parts = text.split("\n")
    return [part + "\n" for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def _destination(lines: list[str], first: int, last: int) -> int | None:
    """Where lines `first`..`last` (0-based) can move to stay in what contains them: before
    the end tag of the innermost block, macro, `if` or `for` around them, or the end of the
    file; None when that end tag shares its line with other text, or when text outside every
    block of a child template (`{% extends %}`) would stop being rendered."""
    stack: list[int] = []
    around: tuple[int, int] | None = None
    for number, line in enumerate(lines):
        for match in _CONTAINER.finditer(line):
            if match.group(1) is None:
                stack.append(number)
            elif stack:
                opened = stack.pop()
                if opened < first and number > last and (around is None or opened > around[0]):
                    around = (opened, number)
    if around is None:
        return None if any(_EXTENDS.search(line) for line in lines) else len(lines)
    close = lines[around[1]]
    return around[1] if _CONTAINER.match(close.strip()) and \
        close.strip().endswith("%}") and close.strip().count("{%") == 1 else None


def _move_lines(text: str, lines_to_move: list[tuple[int, int]]) -> str | None:
    """The text with each range of lines moved below the constant text around it (None when
    a range cannot move without leaving what contains it). Line endings and whether the file
    ends with a newline stay as they were."""
    lines = _lines(text)
    newline = "\r\n" if lines and lines[0].endswith("\r\n") else "\n"
    final = text.endswith("\n")
    if lines and not final:
        lines[-1] += newline
    moving: dict[int, list[str]] = {}
    keep = [True] * len(lines)
    for first, last in sorted(set(lines_to_move)):
        destination = _destination(lines, first, last)
        if destination is None:
            return None
        for number in range(first, last + 1):
            if keep[number]:
                keep[number] = False
                moving.setdefault(destination, []).append(lines[number])
    out: list[str] = []
    for number, line in enumerate(lines):
        out.extend(moving.get(number, ()))
        if keep[number]:
            out.append(line)
    out.extend(moving.get(len(lines), ()))
    result = "".join(out)
    return result[: -len(newline)] if not final and result.endswith(newline) else result


def candidates(findings: tuple[Finding, ...], root: Path, unsafe: bool) -> list[Fix]:
    by_path: dict[str, list[Finding]] = {}
    for finding in findings:
        by_path.setdefault(finding.span.path, []).append(finding)
    fixes = []
    for path, found in sorted(by_path.items()):
        file = root / path
        if file.is_symlink():
            fixes.append(Fix(path, "", "", tuple(f.code for f in found), (), True,
                             refusal="it is a link; prefixlint never writes through a link"))
            continue
        if not file.is_file():
            continue
        data = file.read_bytes()
        bom = data.startswith(codecs.BOM_UTF8)
        before = data.decode("utf-8-sig")  # as the analysis read it: no newline translation
        safe = [f for f in found if f.fix is not None]
        if safe:
            after = _apply(before, [f.fix for f in safe])
            fixes.append(Fix(path, before, after, tuple(f.code for f in safe),
                             tuple(f"{f.code}: {f.fix[1]}" for f in safe), True, bom,
                             _parse_error(path, after)))
        movable = [f for f in found if f.code in MOVABLE and not path.endswith(".py")]
        if unsafe and movable:
            lines = [line.rstrip("\r\n") for line in _lines(before)]
            ranges = [(f.span.line - 1, _block_end(lines, f.span.line - 1)
                       if _TAG.search(lines[f.span.line - 1]) else f.span.line - 1)
                      for f in movable]
            described = tuple(f"{f.code}: moved line{'s' if b > a else ''} {a + 1}"
                              f"{f'-{b + 1}' if b > a else ''} ('{f.expr}') below the constant "
                              "text" for f, (a, b) in zip(movable, ranges))
            moved = _move_lines(before, ranges)
            fixes.append(Fix(path, before, before if moved is None else moved,
                             tuple(f.code for f in movable), described, False, bom,
                             "" if moved is not None else "a moved line would leave the block, "
                             "macro or `if` it is in (or stop being rendered)"))
    return fixes


def _parse_error(path: str, text: str) -> str:
    """Why a fixed Python file would not parse (it is parsed, never run), or ""."""
    if not path.endswith(".py"):
        return ""
    try:
        ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        return f"the fixed file would not parse ({type(exc).__name__}: {exc})"
    return ""


def verified(fix: Fix, before, config, paths, cwd: Path) -> tuple[bool, dict[str, tuple[int, int]]]:
    """Apply `fix` to a copy of the files the prompts are made of and measure again: kept only
    if no prompt built from the file loses shared-prefix tokens (and the fixed findings go
    away). `before` is the run the fix was proposed from. Only regular files inside the
    project are copied, as files (never links); the project itself is never written."""
    from . import api

    root = config.root.resolve()
    files = sorted({f for m in before.measurements for f in m.prompt.files} | {fix.path})
    with tempfile.TemporaryDirectory(prefix="prefixlint-fix-") as folder:
        copy = Path(folder) / "project"
        copied = []
        for name in files:
            source = root / name
            target = copy / name
            if name == fix.path:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(fix.data())
            elif _regular_inside(source, root):
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(source.read_bytes())
            else:
                continue
            copied.append(name)
        if config.source is not None and _regular_inside(config.source, root):
            settings = copy / config.source.resolve().relative_to(root)
            settings.parent.mkdir(parents=True, exist_ok=True)
            settings.write_bytes(config.source.read_bytes())
        after = api.check(copied, dataclasses.replace(config, root=copy), copy)
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


def _regular_inside(path: Path, root: Path) -> bool:
    try:
        resolved = path.resolve()
        return path.is_file() and not path.is_symlink() and root in resolved.parents
    except (OSError, RuntimeError):
        return False


def diff(fix: Fix) -> str:
    return "".join(difflib.unified_diff(fix.before.splitlines(keepends=True),
                                        fix.after.splitlines(keepends=True),
                                        f"a/{fix.path}", f"b/{fix.path}"))
