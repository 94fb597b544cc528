"""The text `json.dumps` writes of a dict or list written out in the code, its values not
known statically kept as holes where the JSON puts them.

Prompts are often a structured object serialized as JSON: an instruction and a schema, the
incident and the alerts, then a list of constraints. The JSON keeps the keys in the order
the code writes them, so what comes before a varying value and what after it is read from
the literal, each constant part written as `json.dumps` writes it (same indentation, same
separators), never executed.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import libcst as cst

from ...ir import Hole, Text
from .literals import deeper, literal_value

if TYPE_CHECKING:
    from .interpreter import Lowerer
    from .values import Context

_MAX_NODES = 2_000  # elements written out before the whole value is one hole instead


class _Unwritable(Exception):
    """A part of the value the JSON text cannot be read from (`**spread`, a key not known)."""


def json_segments(lowerer: "Lowerer", node: cst.Call, held: tuple) -> list | None:
    """The segments of `json.dumps(value, indent=..., ensure_ascii=...)` when `held` (the
    dict or list the value names, and where it stands) is written out in the code and holds
    at least one value that is not constant; None otherwise (the caller keeps its rules)."""
    options = {a.keyword.value: a.value for a in node.args[1:] if a.keyword is not None}
    if any(a.star for a in node.args) or "sort_keys" in options or "separators" in options:
        return None
    indent = literal_value(options["indent"]) if "indent" in options else None
    ascii_only = literal_value(options["ensure_ascii"]) if "ensure_ascii" in options else True
    if not (indent is None or isinstance(indent, int)) or not isinstance(ascii_only, bool):
        return None
    value, at = held
    if not isinstance(value, (cst.Dict, cst.List, cst.Tuple)):
        return None
    writer = _Writer(lowerer, indent, ascii_only)
    try:
        writer.write(value, at, 0)
    except _Unwritable:
        return None
    return writer.out if writer.holes else None


class _Writer:
    def __init__(self, lowerer: "Lowerer", indent: int | None, ascii_only: bool) -> None:
        self.lowerer = lowerer
        self.indent = indent
        self.ascii_only = ascii_only
        self.out: list = []
        self.holes = 0
        self.nodes = 0

    def text(self, text: str, node: cst.CSTNode, at: "Context") -> None:
        self.out.append(Text(text, at.module.span(node)))

    def constant(self, data: object, node: cst.CSTNode, at: "Context", level: int) -> None:
        text = json.dumps(data, indent=self.indent, ensure_ascii=self.ascii_only)
        if self.indent is not None and level:
            text = text.replace("\n", "\n" + " " * (self.indent * level))
        self.text(text, node, at)

    def write(self, node: cst.BaseExpression, at: "Context", level: int) -> None:
        self.nodes += 1
        if self.nodes > _MAX_NODES:
            raise _Unwritable
        data = self.lowerer.json_value(node, at)
        if data is not None or isinstance(node, cst.Name) and node.value == "None":
            self.constant(data, node, at, level)
        elif isinstance(node, cst.Dict):
            self.container(node, at, level, "{", "}")
        elif isinstance(node, (cst.List, cst.Tuple)):
            self.container(node, at, level, "[", "]")
        else:
            held = self.lowerer.follow(node, at) if isinstance(node, cst.Name) else None
            if held is not None and isinstance(held[0], (cst.Dict, cst.List, cst.Tuple)):
                self.write(held[0], deeper(held[1], at), level)
                return
            self.value(node, at)

    def container(self, node, at: "Context", level: int, opening: str, closing: str) -> None:
        elements = node.elements
        if not elements:
            self.text(opening + closing, node, at)
            return
        inner = "\n" + " " * (self.indent * (level + 1)) if self.indent is not None else ""
        self.text(opening, node, at)
        for index, element in enumerate(elements):
            if isinstance(element, (cst.StarredElement, cst.StarredDictElement)):
                raise _Unwritable  # `*rest`, `**other`: not written here
            separator = ("," if self.indent is not None else ", ") if index else ""
            self.text(separator + inner, element, at)
            if isinstance(element, cst.DictElement):
                key = literal_value(element.key)
                if not isinstance(key, str):
                    raise _Unwritable
                self.text(json.dumps(key, ensure_ascii=self.ascii_only) + ": ", element.key,
                          at)
            self.write(element.value, at, level + 1)
        self.text(("\n" + " " * (self.indent * level) if self.indent is not None else "")
                  + closing, node, at)

    def value(self, node: cst.BaseExpression, at: "Context") -> None:
        """A value not known statically, as the holes of what it is made of (its text
        quoted, as JSON writes a string, when it is text made of constant parts)."""
        segments = self.lowerer.text(node, at)
        holes = [s for s in segments if isinstance(s, Hole)]
        if not holes:
            self.text(json.dumps("".join(s.text for s in segments),
                                 ensure_ascii=self.ascii_only), node, at)
            return
        worst = max(holes, key=lambda h: int(h.scope))
        self.out.append(self.lowerer.placed(worst, node, at))
        self.holes += 1
