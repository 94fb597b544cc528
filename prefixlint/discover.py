"""Which files a run analyzes: template suffixes and `include` globs, minus `exclude`.

Results are project-relative POSIX paths in sorted order, so that output never depends on
the order the file system lists a folder in.
"""

from __future__ import annotations

import functools
import os
import stat
from pathlib import Path
from typing import Iterable

from .config import Config, ConfigError
from .frontends.jinja import TEMPLATE_SUFFIXES

DEFAULT_EXCLUDE = (".git", ".hg", ".svn", ".venv", "venv", ".tox", ".nox", "node_modules",
                   "__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache", "build",
                   "dist", "site-packages")


@functools.lru_cache(maxsize=256)
def _glob_tokens(pattern: str) -> tuple[str, ...]:
    """A glob as tokens: `**/` (any folders), `**` (anything), `*` (within a name), `?`, or
    one literal character."""
    tokens = []
    i = 0
    while i < len(pattern):
        for token in ("**/", "**", "*", "?"):
            if pattern.startswith(token, i):
                tokens.append(token)
                i += len(token)
                break
        else:
            tokens.append("=" + pattern[i])
            i += 1
    return tuple(tokens)


def _glob_full_match(pattern: str, text: str) -> bool:
    """Whether the glob matches all of `text`, in time linear in the pattern times the text
    (a set of positions, never backtracking: a pattern like `*a*a*a…b` cannot hang a run)."""
    n = len(text)
    positions = {0}
    for token in _glob_tokens(pattern):
        if not positions:
            return False
        if token == "**":
            positions = set(range(min(positions), n + 1))
        elif token == "**/":
            start = min(positions)
            positions = positions | {j for j in range(start + 1, n + 1) if text[j - 1] == "/"}
        elif token == "*":
            reached: set[int] = set()
            for i in sorted(positions):
                j = i
                while j not in reached:
                    reached.add(j)
                    if j == n or text[j] == "/":
                        break
                    j += 1
            positions = reached
        elif token == "?":
            positions = {i + 1 for i in positions if i < n and text[i] != "/"}
        else:
            positions = {i + 1 for i in positions if i < n and text[i] == token[1]}
    return n in positions


def glob_match(pattern: str, path: str) -> bool:
    """Match a project-relative path: `*` stays in a folder, `**/` spans folders.

    A pattern without `/` matches a file or folder name at any depth (like .gitignore).
    """
    if "/" not in pattern.rstrip("/"):
        return any(_glob_full_match(pattern.rstrip("/"), part) for part in path.split("/"))
    return _glob_full_match(pattern.strip("/"), path)


def _relative(root: Path, path: Path) -> str:
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        raise ConfigError(f"{path} is outside the project root {root}") from None


def _excluded(rel: str, config: Config) -> bool:
    return any(glob_match(p, rel) for p in DEFAULT_EXCLUDE + config.exclude)


def _wanted(rel: str, config: Config) -> bool:
    return rel.endswith(TEMPLATE_SUFFIXES + (".py",)) or any(glob_match(p, rel)
                                                             for p in config.include)


def discover(paths: Iterable[str | Path], config: Config, cwd: Path | None = None,
             unreadable: list[tuple[str, str]] | None = None) -> tuple[str, ...]:
    """The files to analyze; a path that does not exist is a usage error. Folders that cannot
    be listed are added to `unreadable` as (project-relative folder, reason), to be reported
    rather than passed over in silence."""

    def note(error: OSError) -> None:
        if unreadable is not None:
            folder = Path(error.filename or ".")
            try:
                name = folder.resolve().relative_to(root).as_posix()
            except ValueError:
                name = str(folder)
            unreadable.append((name, error.strerror or str(error)))

    root = config.root.resolve()
    cwd = (cwd or Path.cwd()).resolve()
    given = [Path(p) for p in paths]
    found: set[str] = set()
    if not given:
        if config.include:
            for current, dirs, files in os.walk(root, onerror=note):
                rel_dir = _relative(root, Path(current))
                dirs[:] = sorted(d for d in dirs if not _excluded(_join(rel_dir, d), config))
                for name in files:
                    rel = _join(rel_dir, name)
                    if any(glob_match(p, rel) for p in config.include) \
                            and not _excluded(rel, config) and _readable(Path(current) / name, root):
                        found.add(rel)
            return tuple(sorted(found))
        given = [cwd]
    for path in given:
        absolute = path if path.is_absolute() else cwd / path
        if not absolute.exists():
            raise ConfigError(f"{path}: no such file or directory")
        rel = _relative(root, absolute)
        if not absolute.is_dir():  # a file, or a pipe or device: the reader says why not
            if not (config.force_exclude and _excluded(rel, config)):
                found.add(rel)
            continue
        for current, dirs, files in os.walk(absolute, onerror=note):
            rel_dir = _relative(root, Path(current))
            dirs[:] = sorted(d for d in dirs if not _excluded(_join(rel_dir, d), config))
            for name in files:
                file_rel = _join(rel_dir, name)
                if _wanted(file_rel, config) and not _excluded(file_rel, config) \
                        and _readable(Path(current) / name, root):
                    found.add(file_rel)
    return tuple(sorted(found))


def _readable(path: Path, root: Path) -> bool:
    """A regular file inside the project once links are followed: a walk passes over pipes,
    devices and links that leave the project (they are never opened)."""
    try:
        mode = os.lstat(path).st_mode
        if stat.S_ISREG(mode):
            return True  # the common case: one system call
        if not stat.S_ISLNK(mode) or not stat.S_ISREG(path.stat().st_mode):
            return False
        resolved = path.resolve()
        return resolved == root or root in resolved.parents
    except (OSError, RuntimeError):
        return False


def _join(folder: str, name: str) -> str:
    return name if folder in ("", ".") else f"{folder}/{name}"
