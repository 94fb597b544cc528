"""How a hole gets its scope: configuration, then the built-in name catalogue, then unknown.

A hole is named by a dotted value path (``user.display_name``). Configuration matches the
full path or any of its parents, with globs; the catalogue looks at the root name first, then
the leaf, then the names in between, because the root usually says whose value it is
(``user.timezone`` is per user even though ``time*`` alone would say per request).
"""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass, field
from typing import Mapping

from .ir import Scope

# The catalogue, in order: the first pattern that matches a name decides its scope.
CATALOGUE: tuple[tuple[str, Scope], ...] = (
    # per user: identity, account, preferences
    ("*user*", Scope.USER),
    ("*customer*", Scope.USER),
    ("account", Scope.USER),
    ("account_*", Scope.USER),
    ("tenant*", Scope.USER),
    ("locale", Scope.USER),
    ("language", Scope.USER),
    ("lang", Scope.USER),
    ("timezone", Scope.USER),
    ("tz", Scope.USER),
    ("profile", Scope.USER),
    ("member*", Scope.USER),
    ("first_name", Scope.USER),
    ("full_name", Scope.USER),
    ("display_name", Scope.USER),
    ("email", Scope.USER),
    ("plan", Scope.USER),
    ("subscription*", Scope.USER),
    ("preferences", Scope.USER),
    # per session: conversation state
    ("session*", Scope.SESSION),
    ("conversation*", Scope.SESSION),
    ("thread*", Scope.SESSION),
    ("history", Scope.SESSION),
    ("*_history", Scope.SESSION),
    ("messages", Scope.SESSION),
    ("chat_history", Scope.SESSION),
    ("memory", Scope.SESSION),
    ("memories", Scope.SESSION),
    ("transcript", Scope.SESSION),
    # per day
    ("date", Scope.DAY),
    ("today", Scope.DAY),
    ("current_date", Scope.DAY),
    ("*_date", Scope.DAY),
    ("date_*", Scope.DAY),
    ("weekday", Scope.DAY),
    # per deploy: release, model, feature set
    ("version", Scope.DEPLOY),
    ("*_version", Scope.DEPLOY),
    ("model", Scope.DEPLOY),
    ("model_name", Scope.DEPLOY),
    ("app_name", Scope.DEPLOY),
    ("release", Scope.DEPLOY),
    ("environment", Scope.DEPLOY),
    ("feature_flags", Scope.DEPLOY),
    ("features", Scope.DEPLOY),
    ("region", Scope.DEPLOY),
    ("environ", Scope.DEPLOY),
    # per request: clock, ids, randomness, the question, retrieved content
    ("now", Scope.REQUEST),
    ("time*", Scope.REQUEST),
    ("*_time", Scope.REQUEST),
    ("*_timestamp", Scope.REQUEST),
    ("*_at", Scope.REQUEST),  # created_at, received_at: timestamps
    ("timestamp", Scope.REQUEST),
    ("datetime", Scope.REQUEST),
    ("*_id", Scope.REQUEST),
    ("id", Scope.REQUEST),
    ("uuid", Scope.REQUEST),
    ("nonce", Scope.REQUEST),
    ("random*", Scope.REQUEST),
    ("seed", Scope.REQUEST),
    ("*request*", Scope.REQUEST),
    ("req", Scope.REQUEST),
    ("headers", Scope.REQUEST),
    ("trace*", Scope.REQUEST),
    ("question", Scope.REQUEST),
    ("query", Scope.REQUEST),
    ("input", Scope.REQUEST),
    ("user_input", Scope.REQUEST),
    ("message", Scope.REQUEST),
    ("docs", Scope.REQUEST),
    ("documents", Scope.REQUEST),
    ("context", Scope.REQUEST),
    ("retrieved*", Scope.REQUEST),
    ("results", Scope.REQUEST),
    ("search_results", Scope.REQUEST),
    ("snippets", Scope.REQUEST),
    ("chunks", Scope.REQUEST),
    ("passages", Scope.REQUEST),
    ("attachments", Scope.REQUEST),
    ("observation*", Scope.REQUEST),
    ("tool_results", Scope.REQUEST),
    ("scratchpad", Scope.REQUEST),
)


# Names that say whose value it is only as the whole name (`name`), not as the leaf of a
# path (`tool.name` names a tool).
ROOT_CATALOGUE: tuple[tuple[str, Scope], ...] = (
    ("name", Scope.USER),
)

# Where an explicitly scoped value was read (`now@app/agent.py:12:9`), before any child.
_LOCATION = re.compile(r"@.*?:\d+:\d+")

# Value names that hold the conversation so far: append-only between turns of a session.
HISTORY_NAMES = frozenset({"history", "chat_history", "messages", "conversation",
                           "conversation_history", "message_history", "transcript", "turns",
                           "dialogue", "dialog", "past_messages", "previous_messages"})


def is_history(path: str) -> bool:
    """Whether a value path names a conversation history (`history`, `state.messages`,
    `self.chat_history`); explicit-scope suffixes (`@file:line`) are ignored."""
    parts = _LOCATION.sub("", path).split(".")
    return bool(parts) and parts[-1].lower() in HISTORY_NAMES


def _catalogue_scope(name: str) -> Scope | None:
    lowered = name.lower()
    for pattern, scope in CATALOGUE:
        if fnmatch.fnmatchcase(lowered, pattern):
            return scope
    return None


def _is_index(part: str) -> bool:
    return part.isdigit() or part == "()"


@dataclass
class Volatility:
    """Classifies value paths; `variables` maps dotted names or globs to scopes (config)."""

    variables: Mapping[str, Scope] = field(default_factory=dict)
    _cache: dict[str, Scope] = field(default_factory=dict, repr=False, compare=False)

    def scope_of(self, path: str) -> Scope:
        cached = self._cache.get(path)
        if cached is None:
            cached = self._cache[path] = self._classify(path)
        return cached

    def _classify(self, path: str) -> Scope:
        parts = path.split(".")
        # Configuration: the most specific dotted prefix that a key (or glob) matches.
        for n in range(len(parts), 0, -1):
            candidate = ".".join(parts[:n])
            exact = self.variables.get(candidate)
            if exact is not None:
                return exact
            for pattern in sorted(self.variables):
                if any(ch in pattern for ch in "*?[") and fnmatch.fnmatchcase(candidate, pattern):
                    return self.variables[pattern]
        names = [p for p in parts if not _is_index(p)]
        if not names:
            return Scope.UNKNOWN
        if any(p.lower() in HISTORY_NAMES for p in names):
            return Scope.SESSION  # the conversation and its messages (`request.history.0`)
        if len(names) == 1:
            for pattern, scope in ROOT_CATALOGUE:
                if fnmatch.fnmatchcase(names[0].lower(), pattern):
                    return scope
        order = [names[0]] + ([names[-1]] if len(names) > 1 else []) + names[1:-1]
        for name in order:
            scope = _catalogue_scope(name)
            if scope is not None:
                return scope
        return Scope.UNKNOWN
