"""Where other files read a prompt constant that was measured with no sink in view: a module
constant or class attribute (`QUERY_PROMPT`, `prompts.QUERY_PROMPT % (page, task)`) or an
entry of a table of prompts (`PROMPTS["answer"]`). That is where the text is used and what
fills it is passed, so a finding about the text also names it, and `check` on that file
shows the prompt it formats. Found by text, like the calls of a text's function: a read in
code that fills the text there (`.format(`, `%`, `.replace(`, ...), outside its import lines,
in a file that imports the name from the constant's module (or the module itself, for a
read as an attribute: `prompts.QUERY`). A read that only passes the text on names no place:
the text is not filled there, and a finding about its braces is not that file's."""

from __future__ import annotations

import posixpath
import re
from typing import Callable, Iterable

from ...ir import Span
from ..project_files import InputError
from .import_lines import module_imports

# A name read in more places than this is a common word and names no place.
MAX_READS = 3
_IMPORT_LINE = re.compile(r"\s*(?:from\s+\S+\s+)?import\b")
# What follows a read that fills the text there: `.format(`, `.format_map(`, `.replace(`,
# `.substitute(`, `.render(`, or `%` with its values (after a table entry's `]` or `)`).
_FILLED = re.compile(r"\s*[\])]?\s*(?:\.(?:format|format_map|replace|substitute|"
                     r"safe_substitute|render)\s*\(|%\s*[(\w\[{\"'])")


def reads_in_other_files(texts: Iterable, code: Iterable[str], read: Callable[[str], str],
                         in_code: Callable[[str, re.Match], bool],
                         ) -> dict[tuple[str, str], list[Span]]:
    """(path of the constant's file, constant) → where other files read it, for each
    candidate text with a `constant` name."""
    defined: dict[str, set[str]] = {}
    for candidate in texts:
        if candidate.constant:
            defined.setdefault(candidate.constant, set()).add(candidate.span.path)
    if not defined:
        return {}
    names = sorted(defined, key=lambda n: (-len(n), n))
    pattern = re.compile("|".join(f"(?P<g{i}>{_spelling(n)})" for i, n in enumerate(names)))
    found: dict[tuple[str, str], list[Span]] = {}
    for path in code:
        try:
            source = read(path)
        except InputError:  # (an unreadable file reads nothing)
            continue
        imports = None
        for match in pattern.finditer(source):
            name = names[int(match.lastgroup[1:])]
            if path in defined[name] or not in_code(source, match) or \
                    _imported_or_bound(source, match) or not _FILLED.match(source, match.end()):
                continue
            if imports is None:
                imports = module_imports(source)
            attribute = source[match.start() - 1:match.start()] == "."
            named = [d for d in sorted(defined[name])
                     if _reads_from(imports, path, d, name.partition(".")[0], attribute)]
            if len(named) != 1:
                continue
            line = source.count("\n", 0, match.start()) + 1
            column = match.start() - source.rfind("\n", 0, match.start())
            found.setdefault((named[0], name), []).append(Span(path, line, column, line,
                                                               column))
    return {key: sites for key, sites in found.items() if len(sites) <= MAX_READS}


def _reads_from(imports: list[tuple[str, list[str]]], reader: str, defining: str, name: str,
                attribute: bool) -> bool:
    """Whether a file's imports give it the constant of the module at `defining`: the name
    imported from that module (or its package, which re-exports it), or, for a read as an
    attribute (`prompts.QUERY`), the module itself imported."""
    target = _dotted(defining)
    for origin, imported in imports:
        full = _absolute(origin, reader)
        if name in imported and _within(target, full):
            return True
        if attribute and (any(_is_module(target, f"{full}.{m}".lstrip(".")) for m in imported)
                          or not imported and _is_module(target, full)):
            return True
    return False


def _dotted(path: str) -> str:
    """`app.prompts` of `app/prompts.py` or `app/prompts/__init__.py`."""
    stem = posixpath.splitext(path)[0]
    if stem.endswith("/__init__") or stem == "__init__":
        stem = stem[: -len("__init__")].rstrip("/")
    return stem.replace("/", ".")


def _absolute(origin: str, reader: str) -> str:
    """An import's module as a dotted path from the project's root: a relative one (`.`,
    `..prompts`) resolved from the reader's folder; an absolute one as written."""
    if not origin.startswith("."):
        return origin
    dots = len(origin) - len(origin.lstrip("."))
    parts = [p for p in posixpath.dirname(reader).split("/") if p]
    if dots - 1 > len(parts):
        return origin.lstrip(".")
    base = parts[:len(parts) - (dots - 1)]
    rest = origin[dots:]
    return ".".join([*base, rest] if rest else base)


def _is_module(target: str, module: str) -> bool:
    """Whether a dotted module names the module `target` (written from the root, or from a
    folder the project puts on its path: `prompts` for `src/app/prompts`)."""
    return bool(module) and (target == module or target.endswith("." + module))


def _within(target: str, module: str) -> bool:
    """Whether `target` is that module or one inside it as a package (a re-export)."""
    return _is_module(target, module) or bool(module) and (
        target.startswith(module + ".") or f".{module}." in target)


def _spelling(name: str) -> str:
    """How code reads a constant: its name (`QUERY`, `module.QUERY`), or a table's entry by
    its key (`PROMPTS["answer"]`, `PROMPTS.get("answer")`)."""
    table, _, key = name.partition(".")
    if key:
        return rf"(?<![\w]){re.escape(table)}\s*(?:\[\s*|\.get\(\s*)[\"']{re.escape(key)}[\"']"
    return rf"(?<![\w]){re.escape(name)}(?![\w])"


def _imported_or_bound(source: str, match: re.Match) -> bool:
    """Whether the match is a name of an import (a line of one, or inside its parentheses),
    or a name given a value of its own (`QUERY = ...`, another constant; `f(query=...)`)."""
    start = source.rfind("\n", 0, match.start()) + 1
    if _IMPORT_LINE.match(source, start):
        return True
    opened = source.rfind("import (", 0, match.start())
    if opened != -1 and ")" not in source[opened:match.start()]:
        return True
    return bool(re.match(r"\s*=(?!=)", source[match.end():match.end() + 3]))
