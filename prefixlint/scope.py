"""How often a value changes: the scale every stage and the configuration speak in (kept in
a module of its own so that reading the settings does not load the whole representation)."""

from __future__ import annotations

import enum


class Scope(enum.IntEnum):
    """How often a value changes, from most to least stable; `unknown` counts as `request`."""

    STATIC = 0
    DEPLOY = 1
    DAY = 2
    USER = 3
    SESSION = 4
    REQUEST = 5
    UNKNOWN = 6

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> "Scope":
        try:
            return cls[text.strip().upper()]
        except KeyError:
            names = ", ".join(s.label for s in cls)
            raise ValueError(f"unknown scope {text!r} (expected one of: {names})") from None

    @property
    def varies_like(self) -> "Scope":
        """The scope a hole is measured as: `unknown` is treated as `request`."""
        return Scope.REQUEST if self is Scope.UNKNOWN else self
