"""What .gitignore files ignore, as git reads them, so that a run skips what git skips.

The .gitignore of each folder applies to the paths below it, the later (deeper) file and the
later line winning; `!` re-includes, a trailing `/` matches folders only, a pattern with a
`/` before its end is anchored to its folder, one without matches a name at any depth.
Files above the project root count up to the top of the git work tree, as does
`.git/info/exclude`. Globs match in linear time, and each file is read once and bounded.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from .globs import glob_match

MAX_BYTES = 1_000_000  # a .gitignore larger than this is not read (no real one is)
MAX_LINES = 10_000
# Patterns with no literal character (`*`, `[ab]?*`) are matched against every path: past this
# many in one file, the rest are not used (real files have a handful; the bound keeps a
# hostile file's cost to seconds).
MAX_WILD = 500


@dataclass(frozen=True)
class Pattern:
    """One line of a .gitignore file."""

    glob: str
    negated: bool
    dir_only: bool
    anchored: bool

    def matches(self, path: str, is_dir: bool) -> bool:
        """Whether it matches `path`, relative to the folder of its .gitignore."""
        if self.dir_only and not is_dir:
            return False
        if self.anchored:
            return glob_match("/" + self.glob if "/" not in self.glob else self.glob, path)
        return glob_match(self.glob, path.rsplit("/", 1)[-1])


def parse(text: str) -> tuple[Pattern, ...]:
    """The patterns of a .gitignore file's text (comments and blank lines dropped)."""
    patterns = []
    for line in text.splitlines()[:MAX_LINES]:
        if not line or line.startswith("#"):
            continue
        line = _strip_trailing_spaces(line)
        negated = line.startswith("!")
        if negated or line.startswith("\\!") or line.startswith("\\#"):
            line = line[1:]
        dir_only = line.endswith("/")
        glob = line.rstrip("/")
        if not glob:
            continue
        anchored = "/" in glob
        patterns.append(Pattern(glob.lstrip("/"), negated, dir_only, anchored))
    return tuple(patterns)


def _strip_trailing_spaces(line: str) -> str:
    stripped = line.rstrip(" ")
    if stripped.endswith("\\") and len(stripped) < len(line):
        return stripped + " "  # an escaped space is kept
    return stripped


class Rules:
    """The patterns of one .gitignore file, indexed by the longest run of literal characters
    each must find in a path: a path is matched against the few patterns whose run it holds
    (and those with none), not against every line of a file of thousands."""

    def __init__(self, patterns: tuple[Pattern, ...]) -> None:
        self.patterns = patterns
        self.always: list[int] = []
        self.keyed: dict[str, list[int]] = {}
        for index, pattern in enumerate(patterns):
            key = _literal_run(pattern.glob)
            if key:
                self.keyed.setdefault(key, []).append(index)
            elif len(self.always) < MAX_WILD:
                self.always.append(index)
        self.lengths = sorted({len(k) for k in self.keyed})

    def candidates(self, path: str) -> list[int]:
        """The indexes, in file order, of the patterns that may match `path` (or its name)."""
        found = list(self.always)
        keyed = self.keyed
        for length in self.lengths:
            if length > len(path):
                break
            for start in range(len(path) - length + 1):
                hit = keyed.get(path[start:start + length])
                if hit:
                    found.extend(hit)
        return sorted(set(found))


def _literal_run(glob: str) -> str:
    """The longest run of literal characters of a glob ("" when it has none)."""
    from .globs import _glob_tokens

    best = run = ""
    for token in _glob_tokens(glob):
        if token.startswith("="):
            run += token[1:]
            best = max(best, run, key=len)
        else:
            run = ""
    return best


EMPTY = Rules(())


def _read(path: Path) -> Rules:
    try:
        if not path.is_file() or path.stat().st_size > MAX_BYTES:
            return EMPTY
        return Rules(parse(path.read_text(encoding="utf-8", errors="replace")))
    except OSError:
        return EMPTY


class GitIgnore:
    """The ignore rules of one project: asked folder by folder as a walk goes down."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._folders: dict[str, Rules] = {}
        # Rules from above the root, as (path of the root relative to their folder, rules).
        self._above: list[tuple[str, Rules]] = []
        top = _work_tree(root)
        if top is not None:
            folder = root
            chain = []
            while folder != top:
                folder = folder.parent
                chain.append(folder)
            for parent in reversed(chain):
                inside = root.relative_to(parent).as_posix()
                self._above.append((inside, _read(parent / ".gitignore")))
            self._above.insert(0, (root.relative_to(top).as_posix(),
                                   _read(top / ".git" / "info" / "exclude")))

    def _rules(self, folder: str) -> Rules:
        found = self._folders.get(folder)
        if found is None:
            base = self.root / folder if folder else self.root
            found = self._folders[folder] = _read(base / ".gitignore")
        return found

    def ignored(self, path: str, is_dir: bool) -> bool:
        """Whether a project-relative path is ignored (its folders are assumed not to be:
        a walk never goes into an ignored folder)."""
        verdict = False
        for inside, rules in self._above:
            full = f"{inside}/{path}" if inside not in ("", ".") else path
            verdict = _last(rules, full, is_dir, verdict)
        parts = path.split("/")
        for depth in range(len(parts)):
            folder = "/".join(parts[:depth])
            verdict = _last(self._rules(folder), "/".join(parts[depth:]), is_dir, verdict)
        return verdict


def _last(rules: Rules, path: str, is_dir: bool, verdict: bool) -> bool:
    if not rules.patterns:
        return verdict
    for index in rules.candidates(path):  # the path holds the name: one index serves both
        rule = rules.patterns[index]
        if rule.matches(path, is_dir):
            verdict = not rule.negated
    return verdict


def _work_tree(root: Path) -> Path | None:
    """The top of the git work tree holding `root` (a folder with `.git`), or None."""
    for folder in (root, *root.parents):
        if os.path.exists(folder / ".git"):
            return folder
    return None
