"""Globs over project-relative POSIX paths, matched in linear time (used by `include`,
`exclude`, `per-file-ignores` and .gitignore files)."""

from __future__ import annotations

import functools


@functools.lru_cache(maxsize=256)
def _glob_tokens(pattern: str) -> tuple[str, ...]:
    """A glob as tokens: `**/` (any folders), `**` (anything), `*` (within a name), `?`,
    `[...]` (one character of a class, `!` or `^` to negate), or one literal character
    (`\\x` quotes x)."""
    tokens = []
    i = 0
    while i < len(pattern):
        for token in ("**/", "**", "*", "?"):
            if pattern.startswith(token, i):
                tokens.append(token)
                i += len(token)
                break
        else:
            close = pattern.find("]", i + 2) if pattern[i] == "[" else -1
            if close > 0:
                tokens.append("[" + pattern[i + 1:close])
                i = close + 1
            elif pattern[i] == "\\" and i + 1 < len(pattern):
                tokens.append("=" + pattern[i + 1])
                i += 2
            else:
                tokens.append("=" + pattern[i])
                i += 1
    return tuple(tokens)


def _in_class(spec: str, char: str) -> bool:
    """Whether `char` is in a `[...]` class (its inside, as in `a-z0-9` or `!abc`)."""
    negated = spec[:1] in ("!", "^")
    body = spec[1:] if negated else spec
    found = False
    k = 0
    while k < len(body):
        if k + 2 < len(body) and body[k + 1] == "-":
            found = found or body[k] <= char <= body[k + 2]
            k += 3
        else:
            found = found or body[k] == char
            k += 1
    return found != negated


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
        elif token[0] == "[":
            positions = {i + 1 for i in positions
                         if i < n and text[i] != "/" and _in_class(token[1:], text[i])}
        else:
            positions = {i + 1 for i in positions if i < n and text[i] == token[1]}
    return n in positions


def glob_match(pattern: str, path: str) -> bool:
    """Match a project-relative path: `*` stays in a folder, `**/` spans folders.

    A pattern without `/` matches a file or folder name at any depth (like .gitignore).
    """
    literal = not any(c in pattern for c in "*?[\\")  # a plain name or path: compared
    if "/" not in pattern.rstrip("/"):
        if literal:
            return pattern.rstrip("/") in path.split("/")
        return any(_glob_full_match(pattern.rstrip("/"), part) for part in path.split("/"))
    if literal:
        return pattern.strip("/") == path
    return _glob_full_match(pattern.strip("/"), path)
