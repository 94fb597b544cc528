"""Which files a run analyzes: template suffixes and `include` globs, minus `exclude`, test
code (unless `include-tests`) and what .gitignore ignores (unless told not to respect it);
a path given by name is analyzed whatever these say (as ruff does, unless `force-exclude`).

Results are project-relative POSIX paths in sorted order, so that output never depends on
the order the file system lists a folder in.
"""

from __future__ import annotations

import dataclasses
import functools
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from .config import Config, ConfigError
from .file_kinds import (TEMPLATE_SUFFIXES, is_baml_file, is_config_file, is_prompt_file,
                         is_text_file)
from .gitignore import GitIgnore
from .globs import glob_match

__all__ = ["DEFAULT_EXCLUDE", "discover", "glob_match", "is_test_file"]

MAX_FOLDER_DEPTH = 256  # folders inside one another below a starting folder; real trees: < 30

DEFAULT_EXCLUDE = (".git", ".hg", ".svn", ".venv", "venv", ".tox", ".nox", "node_modules",
                   "__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache", "build",
                   "dist", "site-packages", ".prefixlint_cache")


def _relative(root: Path, path: Path) -> str:
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        raise ConfigError(f"{path} is outside the project root {root}") from None


TEST_FOLDERS = frozenset({"tests", "test"})


def is_test_file(name: str) -> bool:
    """Test code by its file name: `test_*.py`, `*_test.py`, `conftest.py`."""
    return name.endswith(".py") and (name.startswith("test_") or name.endswith("_test.py")
                                     or name == "conftest.py")


# What a test runner collects or a test imports, at the start of a line: a module named like
# a test that has none of these is code (`generator/unit_test.py` writes unit tests). A class
# named `Test...` is not enough: `class TestAnalysisAgent` analyzes tests; a test class holds
# `def test_...` methods, which are.
_TEST_CODE = re.compile(rb"^[ \t]*(?:(?:async[ \t]+)?def[ \t]+test"
                        rb"|import[ \t]+(?:pytest|unittest)"
                        rb"|from[ \t]+(?:pytest|unittest|_pytest)\b)", re.MULTILINE)
_TEST_CODE_READ = 1 << 20  # bytes read to look for a test; test modules define one early


def is_test_code(path: str, name: str) -> bool:
    """Test code: `conftest.py`, or a file named like a test (`test_*.py`, `*_test.py`)
    that defines a test or imports a test framework. Only such names are ever read."""
    if not is_test_file(name):
        return False
    if name == "conftest.py":
        return True
    try:
        with open(path, "rb") as file:
            return _TEST_CODE.search(file.read(_TEST_CODE_READ)) is not None
    except OSError:
        return True  # unreadable: left out as its name says


def _excluded(rel: str, config: Config) -> bool:
    names, paths, globs = _exclusions(DEFAULT_EXCLUDE + config.exclude)
    return any(part in names for part in rel.split("/")) or rel in paths or \
        any(glob_match(p, rel) for p in globs)


@functools.lru_cache(maxsize=16)
def _exclusions(patterns: tuple[str, ...]) -> tuple[frozenset, frozenset, tuple[str, ...]]:
    """Exclude patterns sorted by how they are matched: plain names (at any depth), plain
    paths, and globs (the only ones that need the glob engine), as `glob_match` reads them."""
    names, paths, globs = set(), set(), []
    for pattern in patterns:
        if any(c in pattern for c in "*?[\\"):
            globs.append(pattern)
        elif "/" in pattern.rstrip("/"):
            paths.add(pattern.strip("/"))
        else:
            names.add(pattern.rstrip("/"))
    return frozenset(names), frozenset(paths), tuple(globs)


@dataclass(frozen=True)
class _Walk:
    """What a walk below the given paths passes over: excludes, test code (unless
    `include-tests`) and what .gitignore files ignore (unless `respect-gitignore` is off)."""

    config: Config
    gitignore: GitIgnore | None
    tests: bool

    @classmethod
    def of(cls, config: Config, root: Path) -> "_Walk":
        return cls(config, GitIgnore(root) if config.respect_gitignore else None,
                   config.include_tests)

    def below(self, start: str) -> "_Walk":
        """The same walk from a given folder: one in a test folder (`prefixlint check
        tests`) is asked for the tests in it."""
        return dataclasses.replace(self, tests=self.tests or any(
            part in TEST_FOLDERS for part in start.split("/")))

    def skips_folder(self, rel: str, name: str) -> bool:
        return _excluded(rel, self.config) or (not self.tests and name in TEST_FOLDERS) or (
            self.gitignore is not None and self.gitignore.ignored(rel, True))

    def skips_file(self, rel: str, name: str, path: str) -> bool:
        return _excluded(rel, self.config) or (not self.tests and is_test_code(path, name)) or (
            self.gitignore is not None and self.gitignore.ignored(rel, False))


def _wanted(rel: str, config: Config) -> bool:
    return rel.endswith(TEMPLATE_SUFFIXES + (".py", "/tokenizer_config.json")) or \
        is_config_file(rel) or is_baml_file(rel) or is_prompt_file(rel) or is_text_file(rel) or \
        rel == "tokenizer_config.json" or any(glob_match(p, rel) for p in config.include)


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
    walk = _Walk.of(config, root)
    if not given:
        if config.include:
            for current, dirs, files in walk_folders(root, note):
                rel_dir = _relative(root, Path(current))
                dirs[:] = sorted(d for d in dirs if not walk.skips_folder(_join(rel_dir, d), d))
                for name in files:
                    rel = _join(rel_dir, name)
                    if any(glob_match(p, rel) for p in config.include) \
                            and not walk.skips_file(rel, name, os.path.join(current, name)) \
                            and _readable(os.path.join(current, name), root):
                        found.add(rel)
            return tuple(sorted(found))
        given = [cwd]
    for path in given:
        absolute = path if path.is_absolute() else cwd / path
        try:
            os.stat(absolute)
        except FileNotFoundError:
            raise ConfigError(f"{path}: no such file or directory") from None
        except OSError as error:  # a folder on the way that cannot be searched, a loop
            raise ConfigError(f"{path}: cannot be read ({error.strerror or error})") from None
        rel = _relative(root, absolute)
        if not absolute.is_dir():  # a file, or a pipe or device: the reader says why not
            if not (config.force_exclude and _excluded(rel, config)):
                found.add(rel)
            continue
        inside = walk.below(rel)
        for current, dirs, files in walk_folders(absolute, note):
            rel_dir = _relative(root, Path(current))
            dirs[:] = sorted(d for d in dirs if not inside.skips_folder(_join(rel_dir, d), d))
            for name in files:
                file_rel = _join(rel_dir, name)
                if _wanted(file_rel, config) and \
                        not inside.skips_file(file_rel, name, os.path.join(current, name)) \
                        and _readable(os.path.join(current, name), root):
                    found.add(file_rel)
    return tuple(sorted(found))


def nested_settings(folder: Path) -> list[Path]:
    """The folders below `folder` with settings of their own (a prefixlint.toml, or a
    pyproject.toml with `[tool.prefixlint]`), passing over what no run analyzes: the default
    excludes, hidden folders and test folders."""
    from .config import has_settings

    found: list[Path] = []
    for current, dirs, files in walk_folders(folder):
        here = Path(current)
        if here != folder and has_settings(here, files):
            found.append(here)
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in TEST_FOLDERS
                         and not any(glob_match(p, d) for p in DEFAULT_EXCLUDE))
    return found


def walk_folders(top: Path, onerror=None):
    """`os.walk` from the top down, without recursion (a tree thousands of folders deep is
    walked in bounded stack) and no deeper than MAX_FOLDER_DEPTH below `top` (a deeper folder
    is passed to `onerror` as an OSError that says so). The caller may prune `dirs`."""
    pending = [(os.fspath(top), 0)]
    while pending:
        current, depth = pending.pop()
        try:
            with os.scandir(current) as entries:
                dirs, files = [], []
                for entry in entries:
                    try:
                        is_dir = entry.is_dir()
                    except OSError:
                        is_dir = False
                    (dirs if is_dir and not entry.is_symlink() else files).append(entry.name)
        except OSError as error:
            if onerror is not None:
                onerror(error)
            continue
        yield current, dirs, files
        if dirs and depth >= MAX_FOLDER_DEPTH:
            if onerror is not None:
                onerror(OSError(0, f"folders nest more than {MAX_FOLDER_DEPTH} levels deep "
                                   "here", os.path.join(current, dirs[0])))
            continue
        pending.extend((os.path.join(current, name), depth + 1) for name in reversed(dirs))


def _readable(path: str, root: Path) -> bool:
    """A regular file inside the project once links are followed: a walk passes over pipes,
    devices and links that leave the project (they are never opened)."""
    try:
        mode = os.lstat(path).st_mode
        if stat.S_ISREG(mode):
            return True  # the common case: one system call, no Path built
        if not stat.S_ISLNK(mode) or not stat.S_ISREG(os.stat(path).st_mode):
            return False
        resolved = Path(path).resolve()
        return resolved == root or root in resolved.parents
    except (OSError, RuntimeError):
        return False


def _join(folder: str, name: str) -> str:
    return name if folder in ("", ".") else f"{folder}/{name}"
