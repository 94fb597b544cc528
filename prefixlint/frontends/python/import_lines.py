"""A module's import statements and import name, read from its text with regular
expressions (no parse): what a one-file run needs to find the modules that import a module
named, before anything is analyzed."""

from __future__ import annotations

import posixpath
import re

# Modules importing a module named on the command line that are analyzed with it, at most
# this many (the modules a changed file's text may be sent from).
CONTEXT_MODULES = 48
_FROM_IMPORT = re.compile(r"^[ \t]*from[ \t]+([.\w]+)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]+)",
                          re.MULTILINE)
_IMPORT = re.compile(r"^[ \t]*import[ \t]+([\w.]+(?:[ \t]*,[ \t]*[\w.]+)*)", re.MULTILINE)


def module_imports(source: str) -> list[tuple[str, list[str]]]:
    """`(module, names)` of every import statement of a module's text, in order: `from a.b
    import c, d` is ("a.b", ["c", "d"]), `import a.b` ("a.b", [])."""
    found: list[tuple[int, str, list[str]]] = []
    for match in _FROM_IMPORT.finditer(source):
        names = [part.split(" as ")[0].strip() for part in
                 match.group(2).strip("() \t\n").replace("\n", " ").split(",")]
        found.append((match.start(), match.group(1),
                      [n for n in names if n.isidentifier()]))
    for match in _IMPORT.finditer(source):
        for dotted in match.group(1).split(","):
            found.append((match.start(), dotted.strip(), []))
    return [(origin, names) for _, origin, names in sorted(found)]


def module_name(path: str) -> str:
    """The name a module is imported by (`gateway` of `llm/gateway.py`, `llm` of
    `llm/__init__.py`)."""
    stem = posixpath.splitext(path)[0]
    if stem.endswith("/__init__"):
        stem = stem[: -len("/__init__")]
    return stem.rsplit("/", 1)[-1]
