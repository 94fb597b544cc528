"""Reading the files of a project within bounds: the limits of one analysis, the error that
becomes a PFX900 finding, a prompt file's text (regular files inside the project only), and
the file a template name refers to. Plain standard library, so that a run on Python files
alone never imports Jinja."""

from __future__ import annotations

import functools
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator


@dataclass(frozen=True)
class Limits:
    """Bounds on one render, so that a hostile template is a finding, not a hang."""

    max_chars: int = 2_000_000
    # Steps of one render (an operator, an attribute, a call, an iteration of `range`, an
    # output chunk): the budget that decides, the same on any machine under any load.
    max_steps: int = 2_000_000
    # A far backstop for a loop no step counts: never reached by a template that fits the
    # step budget, so results never depend on the machine's speed.
    seconds: float = 60.0
    max_file_bytes: int = 1_048_576


class InputError(Exception):
    """A template that cannot be read, parsed or rendered; becomes a PFX900 finding."""

    def __init__(self, message: str, path: str, line: int = 1, column: int = 1) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.column = column


@functools.lru_cache(maxsize=4096)
def _real_folder(folder: str) -> str:
    return os.path.realpath(folder)


def _inside(path: Path, root: Path) -> bool:
    """Whether a file is inside `root` once links are followed: one `lstat` for a plain file
    (its folder's real path is cached), a full resolution only for a link."""
    base = _real_folder(str(root))
    try:
        if stat.S_ISLNK(os.lstat(path).st_mode):
            real = os.path.realpath(path)
        else:
            real = os.path.join(_real_folder(os.path.dirname(os.path.abspath(path))),
                                os.path.basename(path))
    except (OSError, ValueError):
        return True  # not there, or not a name: reading it says why
    return real == base or real.startswith(base.rstrip(os.sep) + os.sep)


def read_text(path: Path, display: str, max_bytes: int, root: Path | None = None) -> str:
    """A prompt file's text, or an InputError saying plainly why it cannot be analyzed.

    Only regular files are opened (a pipe or a device would block or never end), and with
    `root`, only files that are inside it once links are followed: a link that leaves the
    project is not read, so nothing outside it reaches a finding or a manifest.
    """
    if root is not None and not _inside(path, root):
        raise InputError("a link to a file outside the project; not read", display)
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):
            raise InputError("not a regular file (a pipe, device or socket); not read", display)
        size = status.st_size
        if size > max_bytes:
            raise InputError(f"file is {size:,} bytes, over the {max_bytes:,}-byte limit "
                             "for a prompt template", display)
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror or exc}", display) from None
    if b"\x00" in data:
        raise InputError("binary file (contains NUL bytes), not a template", display)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise InputError(f"cannot decode as UTF-8 at byte {exc.start}", display, line) from None


def inside_root(root: Path, name: str) -> Path | None:
    """The file a template name refers to, or None when it would leave the project root."""
    if name.startswith("/") or re.match(r"^[A-Za-z]:", name):
        return None
    try:
        candidate = (root / name).resolve()
    except (OSError, RuntimeError, ValueError):  # a link loop, a NUL byte, a name too long
        return None
    return candidate if candidate == root or root in candidate.parents else None


# Folders and files a search for a template looks at, at most: a count of work, so that a
# project of many files costs a bounded walk (and gets the same answer on any machine).
TEMPLATE_SEARCH_ENTRIES = 50_000


def shared_folders(path: str, other: str) -> int:
    """How many leading folders two project paths share (a folder is given with a
    trailing `/`)."""
    count = 0
    for mine, theirs in zip(path.split("/")[:-1], other.split("/")[:-1]):
        if mine != theirs:
            break
        count += 1
    return count


def files_ending_with(root: Path, name: str,
                      budget: int = TEMPLATE_SEARCH_ENTRIES) -> list[str]:
    """The project's files (root-relative, `/`-separated, sorted) whose path ends with the
    relative `name` (`base/persona.md.j2` of `.team/repo/templates/base/persona.md.j2`): where
    a template an include names stands when the application's loader roots are not in view.
    The walk visits at most `budget` entries, in name order, never following links, nor
    into the folders discovery never enters (`discover.DEFAULT_EXCLUDE`)."""
    from ..discover import DEFAULT_EXCLUDE

    parts = tuple(p for p in name.split("/") if p not in ("", "."))
    if not parts or ".." in parts:
        return []
    found: list[str] = []
    pending = [root]
    seen = 0
    while pending and seen < budget:
        folder = pending.pop()
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            continue
        subfolders = []
        for entry in entries:
            seen += 1
            if seen > budget:
                break
            try:
                if entry.is_dir(follow_symlinks=False):
                    if entry.name not in DEFAULT_EXCLUDE:
                        subfolders.append(Path(entry.path))
                elif entry.name == parts[-1] and entry.is_file(follow_symlinks=False):
                    relative = Path(entry.path).relative_to(root).parts
                    if relative[-len(parts):] == parts:
                        found.append("/".join(relative))
            except OSError:
                continue
        pending.extend(reversed(subfolders))
    return sorted(found)


def readable_texts(paths: Iterable[str],
                   read: Callable[[str], str]) -> Iterator[tuple[str, str]]:
    """Each path with the text `read` gives it, one at a time, passing over a file it cannot
    read (too large, not text: that file's own finding says so)."""
    for path in paths:
        try:
            yield path, read(path)
        except InputError:
            continue
