"""What each statement does to each name, in statement order: the data flow of one module.

One libcst pass records, per function (and per class body and the module), every binding
of a name or of `self.attr`: plain and annotated assignment, tuple unpacking, `+=`,
`append`/`extend`/`insert` on a list, loop and `with` targets. Each binding carries its
position in statement order and the `if` arms it sits in, so that a use sees exactly the
bindings that reach it (`system = f"{system} …"` reads the earlier `system`), and an
assignment made in one arm of an `if` is known to be conditional.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst
from libcst.metadata import PositionProvider

# Positions in statement order: line and column in one integer.
_COLUMNS = 100_000


def position(line: int, column: int) -> int:
    return line * _COLUMNS + column


@dataclass(frozen=True)
class Binding:
    """One statement's effect on a name: `op` is `=`, `+=`, `append`, `extend`, `insert0`,
    `item` (a loop variable: one item of `value`) or `opaque` (nothing is known)."""

    pos: int
    name: str
    op: str
    value: cst.BaseExpression | None
    arms: tuple[tuple[int, int], ...] = ()  # (id of an enclosing If, 0 body / 1 else)


@dataclass
class ClassInfo:
    """A class of the module: its body's bindings, methods and base-class names."""

    node: cst.ClassDef
    methods: dict[str, cst.FunctionDef] = field(default_factory=dict)
    bases: tuple[str, ...] = ()


_MUTATORS = {"append": "append", "extend": "extend", "insert": "insert0"}


class FlowTables(cst.CSTVisitor):
    """One pass that records bindings, functions, classes, imports and parents."""

    METADATA_DEPENDENCIES = (PositionProvider,)

    def __init__(self) -> None:
        self.functions: dict[str, cst.FunctionDef] = {}
        self.bindings: dict[int, list[Binding]] = {}
        self.imports: dict[str, tuple[str, str]] = {}
        self.classes: dict[str, ClassInfo] = {}
        self.owner: dict[int, ClassInfo] = {}  # id(method) -> its class
        self.ifs: dict[int, cst.If] = {}
        self.parents: dict[int, cst.CSTNode] = {}
        self.stack: list[cst.CSTNode] = []
        self.scopes: list[cst.CSTNode] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        if self.stack:
            self.parents[id(node)] = self.stack[-1]
        self.stack.append(node)
        return super().on_visit(node)

    def on_leave(self, original_node: cst.CSTNode) -> None:
        self.stack.pop()
        super().on_leave(original_node)

    # -- scopes ----------------------------------------------------------------------------

    def _key(self) -> int:
        return id(self.scopes[-1]) if self.scopes else 0

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        if not self.scopes:
            self.functions[node.name.value] = node
        elif isinstance(self.scopes[-1], cst.ClassDef):
            info = self.classes.get(self.scopes[-1].name.value)
            if info is not None and info.node is self.scopes[-1]:
                info.methods[node.name.value] = node
                self.owner[id(node)] = info
        self.scopes.append(node)

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self.scopes.pop()

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        bases = tuple(_dotted(a.value) for a in node.bases if a.keyword is None)
        if not self.scopes:
            self.classes[node.name.value] = ClassInfo(node, bases=bases)
        self.scopes.append(node)

    def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
        self.scopes.pop()

    # -- bindings --------------------------------------------------------------------------

    def _arms(self) -> tuple[tuple[int, int], ...]:
        arms = []
        for index, node in enumerate(self.stack[:-1]):
            if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
                arms = []
            elif isinstance(node, cst.If):
                child = self.stack[index + 1]
                self.ifs[id(node)] = node
                arms.append((id(node), 0 if child is node.body else 1))
        return tuple(arms)

    def _pos(self, node: cst.CSTNode) -> int:
        start = self.get_metadata(PositionProvider, node).start
        return position(start.line, start.column)

    def _bind(self, target: cst.BaseExpression, value: cst.BaseExpression | None, op: str,
              at: cst.CSTNode) -> None:
        if isinstance(target, (cst.Tuple, cst.List)):
            values = value.elements if isinstance(value, (cst.Tuple, cst.List)) else None
            exact = values is not None and len(values) == len(target.elements) and not any(
                isinstance(e, cst.StarredElement) for e in (*values, *target.elements))
            for index, element in enumerate(target.elements):
                self._bind(element.value, values[index].value if exact else None,
                           op if exact else "opaque", at)
            return
        name = _dotted(target)
        if name and name.count(".") <= 1:
            self.bindings.setdefault(self._key(), []).append(
                Binding(self._pos(at), name, op, value, self._arms()))

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._bind(target.target, node.value, "=", node)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self._bind(node.target, node.value, "=", node)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        op = "+=" if isinstance(node.operator, cst.AddAssign) else "opaque"
        self._bind(node.target, node.value, op, node)

    def visit_For(self, node: cst.For) -> None:
        if isinstance(node.target, cst.Name):
            self._bind(node.target, node.iter, "item", node)
        else:
            self._bind(node.target, None, "opaque", node)

    def visit_CompFor(self, node: cst.CompFor) -> None:
        """A comprehension's variable, bound just before its element is read (the element
        comes first in the source)."""
        comprehension = self.stack[-2] if len(self.stack) > 1 else node
        while isinstance(comprehension, cst.CompFor) and comprehension is not node:
            comprehension = self.parents.get(id(comprehension), comprehension)
        if isinstance(node.target, cst.Name):
            start = self._pos(comprehension) - 1
            self.bindings.setdefault(self._key(), []).append(
                Binding(start, node.target.value, "item", node.iter, self._arms()))

    def visit_WithItem(self, node: cst.WithItem) -> None:
        if node.asname is not None:
            self._bind(node.asname.name, node.item, "=", node)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value not in _MUTATORS:
            return
        op = _MUTATORS[func.attr.value]
        args = [a for a in node.args if a.keyword is None and not a.star]
        if op == "insert0":
            index = args[0].value if args else None
            if not (isinstance(index, cst.Integer) and index.value == "0") or len(args) != 2:
                op, args = "append", args[1:]
            else:
                args = args[1:]
        if len(args) == 1:
            self._bind(func.value, args[0].value, op, node)

    # -- imports ---------------------------------------------------------------------------

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        if isinstance(node.names, cst.ImportStar):
            return
        module = "." * len(node.relative) + (_dotted(node.module) if node.module else "")
        for alias in node.names:
            name = _dotted(alias.name)
            local = alias.asname.name.value if alias.asname else name
            self.imports[local] = (module, name)

    def visit_Import(self, node: cst.Import) -> None:
        for alias in node.names:
            dotted = _dotted(alias.name)
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                self.imports[alias.asname.name.value] = (dotted, "")
            elif dotted:  # `import os.path` binds `os`
                top = dotted.split(".", 1)[0]
                self.imports.setdefault(top, (top, ""))


def _dotted(node: cst.CSTNode | None) -> str:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        base = _dotted(node.value)
        return f"{base}.{node.attr.value}" if base else ""
    return ""


def reaching(bindings: list[Binding], name: str, before: int,
             arms: frozenset[tuple[int, int]]) -> list[Binding]:
    """The bindings of `name` that reach a use at `before` in the given `if` arms: from the
    last unconditional plain assignment on (earlier ones are overwritten), skipping those in
    an arm the use is not in of an `if` it is in."""
    used_ifs = {if_id for if_id, _ in arms}
    out: list[Binding] = []
    for binding in bindings:
        if binding.name != name or binding.pos >= before:
            continue
        if any(if_id in used_ifs and (if_id, arm) not in arms for if_id, arm in binding.arms):
            continue  # the other arm of an if the use is in
        if binding.op in ("=", "opaque", "item") and not conditional(binding, arms):
            out = []
        out.append(binding)
    return out


def conditional(binding: Binding, arms: frozenset[tuple[int, int]]) -> bool:
    """Whether a binding sits in an `if` arm that does not enclose the use."""
    return any(arm not in arms for arm in binding.arms)
