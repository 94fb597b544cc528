"""Fixes: safe edits that findings carry, and unsafe reorders of template lines.

Safe: `json.dumps(..., sort_keys=True)`, `sorted(...)` around a set joined into prompt text.
Unsafe (they change what the prompt says, not only its order of bytes): move the line holding
a volatile value — or the whole `{% if %}`/`{% for %}` block on one — below the constant
content of its template, inside the block, macro or `{% if %}` that contains it, taking
along a label line that would be left over nothing (`Plan:` above `{{ plan }}`), together
with every other place of the same value, and never after an instruction that ends the
prompt's format ("Respond with JSON only."). Every fix is checked: the prompts built from
the file are measured again in memory with the fix applied, and it is kept only if no
prompt's shared prefix gets shorter; fixes are applied round after round until nothing more
can be fixed (a fixed point), and only then written.

A fix changes only what it reports: every other byte of the file (byte-order mark, line
endings, final newline) stays as it was, and nothing is ever written through a link.
"""

from __future__ import annotations

import ast
import codecs
import dataclasses
import difflib
import re
from dataclasses import dataclass
from pathlib import Path

from .frontends.prompty import ROLE_LINE
from .ir import Finding, Span

MOVABLE = ("PFX001", "PFX002", "PFX003", "PFX004", "PFX005")


def fixable(finding: Finding) -> str | None:
    """`safe` for a finding `--fix` can fix, `unsafe` for one only `--fix --unsafe-fixes`
    can try (a template line moved down), else None."""
    if finding.fix is not None:
        return "safe"
    if finding.code in MOVABLE and not finding.span.path.endswith(".py"):
        return "unsafe"
    return None
_TAG = re.compile(r"{%-?\s*(end)?(if|for)\b")
# Tags whose content a moved line must stay inside.
_CONTAINER = re.compile(r"{%-?\s*(end)?(block|macro|if|for|call|filter|with)\b")
_EXTENDS = re.compile(r"{%-?\s*extends\b")
# A line that only names what follows it: a Markdown heading or a short `Text:` line.
_LABEL = re.compile(r"^\s*(#{1,6}\s+[^{}]*\S|[^{}%#\s][^{}%]{0,58}:)\s*$")
# An instruction that ends a prompt's format: what comes after it would break it.
_FORMAT_END = re.compile(
    r"(?i)\b(respond (only )?(with|in)|reply (only )?with|answer (only )?with|"
    r"(start|begin) (your (response|reply|answer|output) )?with|(output|response) format|"
    r"format your (response|reply|answer|output)|return (only )?(valid )?json|"
    r"your (response|reply|answer|output) (should|must))\b")
MAX_ROUNDS = 5
PARAGRAPH_LINES = 8  # a paragraph this short moves whole with the value it holds


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


def _plain(line: str) -> bool:
    """A line of prose that can move with a value: not blank, no template tag, not a role
    line, not an instruction that ends the prompt's format."""
    return bool(line.strip()) and "{%" not in line and \
        not ROLE_LINE.match(line.rstrip("\r\n")) and not _FORMAT_END.search(line)


def _widened(lines: list[str], first: int, last: int, whole: bool) -> tuple[int, int]:
    """The lines that move with a value's lines: with `whole`, its paragraph when that is
    short (a heading, an introduction ending in `:` and the value read as one), else a label
    line above that would be left over nothing (`Plan:` above `{{ plan }}`); and the blank
    line above a paragraph of its own, so that it moves with its separator."""
    top, bottom = first, last
    while top > 0 and _plain(lines[top - 1]):
        top -= 1
    while bottom + 1 < len(lines) and _plain(lines[bottom + 1]):
        bottom += 1
    if whole and bottom - top < PARAGRAPH_LINES:
        first, last = top, bottom
    else:
        following = lines[last + 1].strip() if last + 1 < len(lines) else ""
        if first > 0 and _LABEL.match(lines[first - 1].rstrip("\r\n")) and \
                (not following or _LABEL.match(following)):
            first -= 1
    following = lines[last + 1].strip() if last + 1 < len(lines) else ""
    if first > 0 and not lines[first - 1].strip() and not following:
        first -= 1
    return first, last


def _before_format_end(lines: list[str], last: int, destination: int) -> int:
    """Where moved lines go when an instruction that ends the prompt's format lies between
    them and `destination`: before that instruction's paragraph."""
    for number in range(last + 1, destination):
        if _FORMAT_END.search(lines[number]):
            start = number
            while start - 1 > last and lines[start - 1].strip():
                start -= 1
            while start - 1 > last and not lines[start - 1].strip():
                start -= 1
            return start
    return destination


def _merged(ranges: list[tuple[int, int, bool]]) -> list[tuple[int, int, bool]]:
    """Ranges of lines that touch are one paragraph to move (with one label)."""
    out: list[list] = []
    for first, last, required in sorted(set(ranges)):
        if out and first <= out[-1][1] + 1:
            out[-1][1] = max(out[-1][1], last)
            out[-1][2] = out[-1][2] or required
        else:
            out.append([first, last, required])
    return [(a, b, c) for a, b, c in out]


def _next_message(lines: list[str], last: int, destination: int) -> int:
    """In a chat prompty, a role line (`user:`) starts the next message: a moved line stays
    in its own message, before it."""
    for number in range(last + 1, destination):
        if ROLE_LINE.match(lines[number].rstrip("\r\n")):
            return number
    return destination


def _landing(lines: list[str], first: int, last: int, messages: bool) -> int | None:
    """Where lines `first`..`last` go: the end of what contains them, of their message (in a
    chat prompty), or before an instruction that ends the prompt's format, and before the
    blank lines there; None when no constant text lies between them and that place."""
    destination = _destination(lines, first, last)
    if destination is None:
        return None
    if messages:
        destination = _next_message(lines, last, destination)
    destination = _before_format_end(lines, last, destination)
    while destination - 1 > last and not lines[destination - 1].strip():
        destination -= 1  # before the blank lines that end the text it joins
    if destination <= last + 1 or not any(lines[n].strip() for n in range(last + 1, destination)):
        return None
    return destination


def _move_lines(text: str, lines_to_move: list[tuple[int, int, bool]],
                moved: set[int] | None = None, messages: bool = False) -> tuple[str | None, str]:
    """The text with each range of lines moved below the constant text around it, or None
    and why not (a range would leave what contains it, or only an instruction that ends the
    prompt's format follows a range that must move; one that need not stays: the first
    lines of those that move are added to `moved`). Line endings and the final newline stay
    as they were."""
    lines = _lines(text)
    newline = "\r\n" if lines and lines[0].endswith("\r\n") else "\n"
    final = text.endswith("\n")
    if lines and not final:
        lines[-1] += newline
    moving: dict[int, list[str]] = {}
    keep = [True] * len(lines)
    for start, end, required in _merged(lines_to_move):
        if _destination(lines, start, end) is None:
            return None, ("a moved line would leave the block, macro or `if` it is in (or "
                          "stop being rendered)")
        # The value's short paragraph moves whole, unless that leaves nothing to move below.
        for whole in (True, False):
            first, last = _widened(lines, start, end, whole)
            destination = _landing(lines, first, last, messages)
            if destination is not None:
                break
        if destination is None:
            if not required:
                continue  # another place of the value, already below the constant text
            return None, ("only an instruction that ends the prompt's format (or nothing) "
                          "follows the value; moving it after that would break the format")
        if moved is not None:
            moved.update(range(start, end + 1))
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
    return (result[: -len(newline)] if not final and result.endswith(newline) else result), ""


def candidates(findings: tuple[Finding, ...], root: Path, unsafe: bool,
               edited: dict[str, str] | None = None) -> list[Fix]:
    """The fix of each file that findings point into (its text as `edited` has it)."""
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
        try:
            data = file.read_bytes()
            bom = data.startswith(codecs.BOM_UTF8)
            # as the analysis read it: no newline translation
            before = (edited or {}).get(path) or data.decode("utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            why = "it is not UTF-8 text" if isinstance(exc, UnicodeDecodeError) else \
                f"it cannot be read ({exc.strerror or exc})"
            fixes.append(Fix(path, "", "", tuple(f.code for f in found), (), True,
                             refusal=why))
            continue
        safe = [f for f in found if f.fix is not None]
        if safe:
            after = _apply(before, [f.fix for f in safe])
            fixes.append(Fix(path, before, after, tuple(f.code for f in safe),
                             tuple(f"{f.code}: {f.fix[1]}" for f in safe), True, bom,
                             _parse_error(path, after)))
        movable = [f for f in found if f.code in MOVABLE and not path.endswith(".py")]
        if unsafe and movable:
            fixes.append(_move(path, before, movable, bom))
    return fixes


def _move(path: str, before: str, movable: list[Finding], bom: bool) -> Fix:
    """The unsafe fix of one template: every place of each value moves (a branch or loop
    with its whole block)."""
    lines = [line.rstrip("\r\n") for line in _lines(before)]

    def block(line: int, required: bool = False) -> tuple[int, int, bool]:
        first = line - 1
        return first, _block_end(lines, first) if _TAG.search(lines[first]) else first, required

    ranges = []
    places = []
    for finding in movable:
        own = [block(finding.span.line, True)] + [
            block(line) for line in sorted({r.line for r in finding.related if r.path == path}
                                           - {finding.span.line})]
        ranges.extend(own)
        places.append((finding, own))
    moved: set[int] = set()
    after, refusal = _move_lines(before, ranges, moved, messages=path.endswith(".prompty"))
    described = []
    for finding, own in places:
        done = [(a, b) for a, b, _ in own if a in moved]
        where = ", ".join(f"{a + 1}-{b + 1}" if b > a else f"{a + 1}" for a, b in done)
        plural = "s" if len(done) > 1 or done and done[0][1] > done[0][0] else ""
        described.append(f"{finding.code}: moved line{plural} {where} ('{finding.expr}') "
                         "below the constant text")
    return Fix(path, before, before if after is None else after,
               tuple(f.code for f in movable), tuple(described), False, bom, refusal)


def _parse_error(path: str, text: str) -> str:
    """Why a fixed Python file would not parse (it is parsed, never run), or ""."""
    if not path.endswith(".py"):
        return ""
    try:
        ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        return f"the fixed file would not parse ({type(exc).__name__}: {exc})"
    return ""


def verified(fix: Fix, before, config,
             edited: dict[str, str]) -> tuple[bool, dict[str, tuple[int, int]]]:
    """Measure the prompts built from `fix.path` again, in memory, with the fix applied on
    top of `edited`: kept only if none of them loses shared-prefix tokens (and the fixed
    findings go away, or a prompt shares more). `before` is the run the fix was proposed
    from. Nothing is written."""
    from . import api

    affected = [m for m in before.measurements if fix.path in m.prompt.files]
    files = sorted({f for m in affected for f in m.prompt.files} | {fix.path})
    after = api.check(files, config, config.root, edited={**edited, fix.path: fix.after})
    ids = {m.prompt.id for m in affected}
    old = {m.prompt.id: m.prefix_tokens["global"] for m in affected}
    new = {m.prompt.id: m.prefix_tokens["global"] for m in after.measurements
           if m.prompt.id in ids or m.prompt.path == fix.path}
    changes = {pid: (old.get(pid, 0), new.get(pid, 0)) for pid in sorted(set(old) | set(new))}
    ok = all(new.get(pid, -1) >= tokens for pid, tokens in old.items())
    remaining = {(f.code, f.expr) for f in after.findings if f.span.path == fix.path}
    fixed = {(f.code, f.expr) for f in before.findings if f.span.path == fix.path
             and f.code in fix.codes}
    gained = any(b > a for a, b in changes.values())
    return ok and (gained or not (fixed & remaining)), changes


@dataclass(frozen=True)
class Plan:
    """The fixes of a run, to a fixed point: one per file (from its text on disk to its
    text after every round), what each changed, and why others were not made."""

    fixes: tuple[Fix, ...]
    changes: tuple[tuple[str, tuple[tuple[str, tuple[int, int]], ...]], ...]
    refusals: tuple[tuple[str, str], ...]  # (path, why it was not fixed)


def plan(paths, config, cwd: Path, unsafe: bool, start: dict[str, str] | None = None) -> Plan:
    """Propose, verify and apply fixes in memory round after round until a round fixes
    nothing more (at most MAX_ROUNDS): moving one value can bring the next into view.
    `start` holds files as an editor has them, unsaved (project-relative path to text)."""
    from . import api

    root = config.root.resolve()
    first = result = api.check(paths, config, cwd, edited=start or None)
    edited: dict[str, str] = dict(start or {})
    made: dict[str, list[Fix]] = {}
    refusals: list[tuple[str, str]] = []
    for round_number in range(MAX_ROUNDS):
        progressed = False
        for candidate in candidates(result.findings, root, unsafe, edited):
            if round_number and candidate.descriptions:  # lines of the text as already moved
                candidate = dataclasses.replace(candidate, descriptions=tuple(
                    f"{d}, after the moves above" for d in candidate.descriptions))
            if candidate.refusal:
                refusals.append((candidate.path, candidate.refusal))
                continue
            ok, changes = verified(candidate, result, config, edited)
            if not ok:
                worse = ", ".join(f"{pid} {a:,} -> {b:,}" for pid, (a, b) in changes.items()
                                  if b < a)
                refusals.append((candidate.path,
                                 f"the shared prefix would get shorter ({worse})" if worse
                                 else "the change does not remove the finding"))
                continue
            edited[candidate.path] = candidate.after
            made.setdefault(candidate.path, []).append(candidate)
            progressed = True
        if not progressed:
            break
        result = api.check(paths, config, cwd, edited=edited)
    fixes = []
    changed = []
    for path, steps in sorted(made.items()):
        fixes.append(Fix(path, steps[0].before, edited[path],
                         tuple(c for f in steps for c in f.codes),
                         tuple(d for f in steps for d in f.descriptions),
                         all(f.safe for f in steps), steps[0].bom))
        old = {m.prompt.id: m.prefix_tokens["global"] for m in first.measurements
               if path in m.prompt.files}
        new = {m.prompt.id: m.prefix_tokens["global"] for m in result.measurements
               if m.prompt.id in old}
        changed.append((path, tuple((pid, (old[pid], new.get(pid, 0))) for pid in sorted(old))))
    solved = {f.path for f in fixes}
    kept = [refusal for refusal in dict.fromkeys(refusals) if refusal[0] not in solved]
    return Plan(tuple(fixes), tuple(changed), tuple(kept))


def unwritable(target: Path, fix: Fix) -> str:
    """Write a fix in place of the file, or say why not: never through a link, never into a
    file with other hard links (another name would change too), never over an edit saved
    since the file was analyzed; the new bytes go to a new file renamed over the old one
    (its mode kept), so a reader never sees half a file. "" when written."""
    import os
    import tempfile

    try:
        if target.is_symlink():
            return "it is a link; prefixlint never writes through a link"
        status = target.stat()
        if not status.st_mode & 0o222 or not os.access(target, os.W_OK):
            return "it is read-only"  # by its mode too: root may write anything
        if status.st_nlink > 1:
            return f"it has {status.st_nlink} hard links; fixing one name would change the others"
        expected = (codecs.BOM_UTF8 if fix.bom else b"") + fix.before.encode("utf-8")
        if target.read_bytes() != expected:
            return "it changed since it was analyzed (saved while the check ran); run again"
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(fix.data())
            os.chmod(temporary, status.st_mode & 0o7777)
            os.replace(temporary, target)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError as exc:
        return f"it cannot be written ({exc.strerror or exc})"
    return ""


def diff(fix: Fix) -> str:
    return "".join(difflib.unified_diff(fix.before.splitlines(keepends=True),
                                        fix.after.splitlines(keepends=True),
                                        f"a/{fix.path}", f"b/{fix.path}"))
