"""Paths as a person at a terminal reads them: relative to the current folder when the file
is under it, else absolute (ruff's way). JSON, SARIF and JUnit keep project-relative paths,
as their contract says."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Callable

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def printable(text: str) -> str:
    """`text` with control characters escaped (`\\n`, `\\x1b`), so that a file name or a
    template's text can neither forge a line of output nor drive the terminal."""
    return _CONTROL.sub(lambda m: _NAMED.get(m.group(0), f"\\x{ord(m.group(0)):02x}"), text)


def shown_from(root: Path, cwd: Path | None = None) -> Callable[[str], str]:
    """A function that turns a project-relative path into the one to print."""
    base = (cwd or Path.cwd()).resolve()
    top = Path(root).resolve()
    if top == base:
        return printable
    try:
        prefix = top.relative_to(base).as_posix() + "/"
    except ValueError:  # the project is not under the current folder
        prefix = None
    inside = None
    try:
        inside = base.relative_to(top).as_posix() + "/"  # the current folder is in the project
    except ValueError:
        pass

    def shown(path: str) -> str:
        if prefix is not None:
            return printable(prefix + path)
        if inside is not None and path.startswith(inside):
            return printable(path[len(inside):])
        return printable(os.path.join(str(top), path) if path else path)

    return shown
