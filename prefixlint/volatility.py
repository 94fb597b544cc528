"""How a hole gets its scope: configuration, then the table of names, then unknown.

A hole is named by a dotted value path (``user.display_name``). Configuration matches the
full path or any of its parents, with globs. Names are looked up in the table of
`data/names.toml` (whole names, then words: see that file), the root first, then the leaf,
then the names in between, because the root usually says whose value it is
(``user.timezone`` is per user even though ``time*`` alone would say per request). Generic
holders at the root (``context``, ``state``, ``self``) say nothing about whose value it is
and are looked through (``context.context.user_name`` is a user's name).
"""

from __future__ import annotations

import fnmatch
import functools
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

from .ir import Scope

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

NAMES_FILE = Path(__file__).resolve().parent / "data" / "names.toml"
PASSES = ("name", "switch", "head", "any", "last")

# Roots that hold values of every kind: the scope comes from what is read out of them, and
# only when nothing else says, from the holder itself (`context` alone is per request).
SETTINGS_HOLDERS = frozenset({"config", "settings"})
HOLDERS = frozenset({"context", "ctx", "state", "inputs", "kwargs", "params", "data",
                     "variables", "vars", "payload", "args", "deps", "self", "cls", "request",
                     "req", "config", "settings", "options", "body", "values"})


@dataclass(frozen=True)
class NameRule:
    """One row of the table of names: in which pass, the words it matches, its scope."""

    kind: str
    words: tuple[str, ...]
    scope: Scope
    why: str
    root_only: bool = False
    examples: tuple[str, ...] = ()
    not_examples: tuple[str, ...] = ()


@dataclass(frozen=True)
class Explained:
    """A scope and where it came from: `configuration`, `catalogue` (a whole name in the
    table), `pattern` (a word of the name) or `default` (nothing said: unknown)."""

    scope: Scope
    source: str
    detail: str = ""


@functools.lru_cache(maxsize=None)
def _table() -> dict:
    return tomllib.loads(NAMES_FILE.read_text(encoding="utf-8"))


def type_words() -> frozenset[str]:
    """Last words that only name a type (`str` in `context_str`): set aside."""
    return frozenset(_table().get("type_words", ()))


@functools.lru_cache(maxsize=None)
def name_rules() -> tuple[NameRule, ...]:
    """The rows of `data/names.toml`, pass by pass, in file order within a pass."""
    data = _table()
    rules = []
    for kind in PASSES:
        for row in data.get(kind, ()):
            rules.append(NameRule(kind, tuple(row["words"]), Scope.parse(row["scope"]),
                                  row["why"], bool(row.get("root_only", False)),
                                  tuple(row.get("examples", ())), tuple(row.get("not", ()))))
    return tuple(rules)


_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")


@functools.lru_cache(maxsize=8192)
def words_of(name: str) -> tuple[str, ...]:
    """The lower-case words of a snake, camel, kebab or upper case name."""
    return tuple(w.lower() for w in _WORD.findall(name))


def explain_name(name: str, whole: bool = True) -> Explained | None:
    """The scope one name (not a dotted path) gets from the table, or None. `whole` says it
    is the entire value path, where root-only rows (`name`) apply."""
    words = words_of(name)
    if "for" in words[1:-1]:  # `themes_for_prompt`, `context_for_llm`: the data, not its use
        words = words[:words.index("for", 1)]
    if not words:
        return None
    joined = " ".join(words)
    if len(words) > 1 and words[-1] in type_words() and \
            not any(r.kind == "name" and joined in r.words for r in name_rules()):
        words = words[:-1]
        joined = " ".join(words)
    for rule in name_rules():
        if rule.root_only and not whole:
            continue
        if rule.kind == "name":
            if joined in rule.words:
                return Explained(rule.scope, "catalogue", f"name '{name}'")
            continue
        if rule.kind == "switch":  # `include_history`: the first word of a longer name
            candidates = words[:1] if len(words) > 1 else ()
        else:
            candidates = words if rule.kind == "any" else words[-1:]
        found = next((w for w in candidates if w in rule.words), None)
        if found is not None:
            where = f" of '{name}'" if len(words) > 1 else ""
            return Explained(rule.scope, "pattern", f"word '{found}'{where}")
    return None


# Where an explicitly scoped value was read (`now@app/agent.py:12:9`), before any child.
_LOCATION = re.compile(r"@.*?:\d+:\d+")

# Value names that hold the conversation so far: append-only between turns of a session.
HISTORY_NAMES = frozenset({"history", "chat_history", "messages", "conversation",
                           "conversation_history", "message_history", "turns",
                           "dialogue", "dialog", "past_messages", "previous_messages"})


_READ_CALL = re.compile(r"^(?:get|load|fetch|read)_(\w+)(?:\(.*\))?$", re.S)
# A history object's own reader (`self.history.get(last=6)`, `chat_history.to_list()`): what
# it returns is the conversation kept so far.
_READERS = frozenset({"get", "load", "read", "all", "list", "to_list", "as_list"})


def is_history(path: str) -> bool:
    """Whether a value path names a conversation history (`history`, `state.messages`,
    `self.chat_history`), one message of it taken in a loop (`messages.item`), or a call
    that reads one (`self.get_conversation_history(session)`, `self.history.get(6)`);
    explicit-scope suffixes (`@file:line`) are ignored."""
    parts = [part.lower().lstrip("_") for part in _LOCATION.sub("", path).split(".")]
    if len(parts) >= 2 and parts[-1] == "item" and parts[-2] in HISTORY_NAMES:
        return True  # `for m in messages: kept.append(m)`: the history, message by message
    read = _READ_CALL.match(parts[-1]) if parts else None
    if len(parts) >= 2 and parts[-1] in _READERS and parts[-2] in HISTORY_NAMES:
        return True
    return bool(parts) and (parts[-1] in HISTORY_NAMES or
                            read is not None and read.group(1) in HISTORY_NAMES)


@functools.lru_cache(maxsize=None)
def _bulk_words() -> frozenset[str]:
    return frozenset(_table().get("bulk_words", ()))


def is_bulk(path: str) -> bool:
    """Whether a value path names a body of text a request sizes (`doc.page_content`,
    `retrieved_docs`, `report`, `files.item`): its last name, past indexes and items, ends in
    one of `bulk_words` (a trailing type word such as `_str` set aside)."""
    parts = [part for part in _LOCATION.sub("", path).split(".")
             if part and part != "item" and not _is_index(part)]
    if not parts:
        return False
    words = words_of(parts[-1])
    if len(words) > 1 and words[-1] in type_words():
        words = words[:-1]
    if len(words) > 1 and words[0] in _QUANTITY_WORDS:
        return False  # `max_results`, `num_docs`: how many, a number, not the text itself
    return bool(words) and words[-1] in _bulk_words()


# Words that open a name for a number of things (`max_results`, `top_documents`).
_QUANTITY_WORDS = frozenset({"max", "min", "num", "n", "number", "count", "total", "top",
                             "limit"})


# The place a value path is keyed by (`@file.py:LINE:COLUMN`), written after its name.
_LOCATION = re.compile(r"@[^@]*?:\d+:\d+")


def _is_index(part: str) -> bool:
    return part.isdigit() or part == "()"


@dataclass
class Volatility:
    """Classifies value paths; `variables` maps dotted names or globs to scopes (config)."""

    variables: Mapping[str, Scope] = field(default_factory=dict)
    _cache: dict[str, Explained] = field(default_factory=dict, repr=False, compare=False)

    def scope_of(self, path: str) -> Scope:
        return self.explain(path).scope

    def explain(self, path: str) -> Explained:
        """The scope of a value path and where it came from."""
        cached = self._cache.get(path)
        if cached is None:
            cached = self._cache[path] = self._classify(path)
        return cached

    def _classify(self, path: str) -> Explained:
        # `request@app/api/agents.py:120:27.message`: a value with no name of its own is
        # keyed by where it stands; the file's folders and name say nothing of the value
        path = _LOCATION.sub("", path)
        parts = path.split(".")
        # Configuration: the most specific dotted prefix that a key (or glob) matches.
        for n in range(len(parts), 0, -1):
            candidate = ".".join(parts[:n])
            exact = self.variables.get(candidate)
            if exact is not None:
                return Explained(exact, "configuration", f"[variables] '{candidate}'")
            for pattern in sorted(self.variables):
                if any(ch in pattern for ch in "*?[") and fnmatch.fnmatchcase(candidate, pattern):
                    return Explained(self.variables[pattern], "configuration",
                                     f"[variables] '{pattern}'")
        names = [p for p in parts if not _is_index(p)]
        if not names:
            return Explained(Scope.UNKNOWN, "default")
        history = next((p for p in names if p.lower().lstrip("_") in HISTORY_NAMES), None)
        if history is not None:  # the conversation and its messages (`request.history.0`)
            after = parts[parts.index(history) + 1:][:1]
            if after == ["-1"]:  # `messages[-1]`: the newest message, the request's own
                return Explained(Scope.REQUEST, "catalogue", f"the newest of '{history}'")
            return Explained(Scope.SESSION, "catalogue", f"name '{history}'")
        holders = []
        while len(names) > 1 and names[0].lower() in HOLDERS:
            holders.append(names.pop(0))
        if names == ["prompt"] and any(h.lower() in SETTINGS_HOLDERS for h in holders):
            # `self.config.prompt`: the prompt the application is configured with, not the
            # one a user types (`request.prompt`, `args.prompt` stay as the name says)
            return Explained(Scope.DEPLOY, "catalogue", f"'prompt' of settings '{holders[-1]}'")
        order = [names[0]] + ([names[-1]] if len(names) > 1 else []) + names[1:-1]
        for index, name in enumerate(order):
            found = explain_name(name, whole=len(names) == 1 and index == 0)
            if found is not None:
                return found
        for holder in holders:
            found = explain_name(holder)
            if found is not None:
                return found
        return Explained(Scope.UNKNOWN, "default")
