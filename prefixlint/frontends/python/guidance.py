"""Prompts written with the guidance library: a model object that text is added to, one role
block at a time (`with system(): lm += "..."`, `with user(): lm += f"..."`), and sent when a
generation is added (`with assistant(): lm += gen("answer")`). The prompt is what was added to
the object before the generation, each part in the role of the `with` block around it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from ...ir import Block
from .values import Parts

if TYPE_CHECKING:
    from .sites import Site

ROLES = {"system": "system", "user": "user", "assistant": "assistant",
         "instruction": "user"}


def site(classifier, node: cst.Call, model) -> "Site | None":
    """The guidance prompt a `lm += gen(...)` (or `lm + gen(...)`) sends, or None."""
    from .sites import Site

    module = classifier.module
    parent = module.parents.get(id(node))
    while isinstance(parent, cst.BinaryOperation):
        node_above, parent = parent, module.parents.get(id(parent))
        if not isinstance(node_above.operator, cst.Add):
            return None
    if isinstance(parent, cst.AugAssign) and isinstance(parent.target, cst.Name):
        return Site(node, "guidance", {"lm": parent.target}, model=model)
    if isinstance(parent, cst.Assign) and len(parent.targets) == 1:
        return Site(node, "guidance", {"lm": parent.value}, model=model)
    return None


def blocks(finder, found: "Site", ctx) -> list[Block]:
    """The role blocks of the text added to the model object before the generation."""
    lowerer = finder.lowerer
    module = finder.module
    target = found.keywords["lm"]
    out: list[Block] = []
    if isinstance(target, cst.Name):
        resolved = lowerer.resolve(target.value, ctx)
        parts = resolved.parts if isinstance(resolved, Parts) else \
            (("=",) + resolved,) if isinstance(resolved, tuple) else ()
        for op, value, at in parts:
            if op not in ("=", "+=") or not isinstance(value, cst.BaseExpression):
                continue
            _add(out, finder, value, at, _role(module, value), found)
    elif isinstance(target, cst.BinaryOperation):  # `lm = llm + "..." + gen(...)`
        _add(out, finder, target, ctx, _role(module, target), found)
    return [b for b in out if b.segments]


def _add(out: list[Block], finder, value, ctx, role: str, found: "Site") -> None:
    """The text operands of `value` (a `+` chain), up to the generation (a call the
    library model names: `gen`, `select`), as blocks."""
    operands: list = []
    pending = [value]
    while pending:
        current = pending.pop()
        if isinstance(current, cst.BinaryOperation) and isinstance(current.operator, cst.Add):
            pending.extend((current.right, current.left))
        else:
            operands.append(current)
    for operand in operands:
        if operand is found.node or isinstance(operand, cst.Call) and \
                finder.module.qualname(operand.func) in found.model.qualified:
            return
        if not _texty(finder, operand, ctx):
            continue  # the model object the text is added to
        segments = tuple(finder.lowerer.text(operand, ctx))
        if out and out[-1].role == role:
            out[-1] = Block(role, out[-1].segments + segments)
        else:
            out.append(Block(role, segments))


def _texty(finder, node, ctx) -> bool:
    """Whether an operand is text (a string, or a name bound to one), not the model."""
    if isinstance(node, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)):
        return True
    found = finder.lowerer.follow(node, ctx) if isinstance(node, (cst.Name, cst.Attribute)) \
        else None
    if found is None:
        return isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and \
            node.func.attr.value in ("format", "join", "replace", "strip")
    made = found[0]
    return isinstance(made, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString,
                             cst.BinaryOperation)) or isinstance(made, cst.Call) and \
        isinstance(made.func, cst.Attribute) and made.func.attr.value in ("format", "join")


def _role(module, node) -> str:
    """The role of the `with system():` / `with user():` block around a node ("user" when
    there is none: a completion prompt)."""
    current = module.parents.get(id(node))
    while current is not None and not isinstance(current, (cst.FunctionDef, cst.Module)):
        if isinstance(current, cst.With):
            for item in current.items:
                call = item.item
                if isinstance(call, cst.Call):
                    name = (module.qualname(call.func) or "").rsplit(".", 1)[-1]
                    if (module.qualname(call.func) or "").startswith("guidance") and \
                            name in ROLES:
                        return ROLES[name]
        current = module.parents.get(id(current))
    return "user"
