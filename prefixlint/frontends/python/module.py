"""A parsed module: its tree, positions, data-flow tables, and qualified names of dotted
names, computed from the module's own imports (no scope analysis is needed for them)."""

from __future__ import annotations

import builtins
from dataclasses import dataclass, field

import libcst as cst
from libcst.metadata import PositionProvider

from ...ir import Span
from .flow import Binding, ClassInfo, FlowTables, position
from .literals import dotted_name
from .sources import RANDOM_EXAMPLES

BUILTIN_NAMES = frozenset(dir(builtins))


@dataclass
class Module:
    """A parsed module with the metadata and the data-flow tables lowering needs."""

    path: str
    tree: cst.Module
    positions: dict
    qualified: dict
    functions: dict[str, cst.FunctionDef]
    bindings: dict[int, list[Binding]]
    imports: dict[str, tuple[str, str]]
    shuffled: dict[int, dict[str, tuple[int, Span]]]
    parents: dict[int, cst.CSTNode]
    classes: dict[str, ClassInfo] = field(default_factory=dict)
    owner: dict[int, ClassInfo] = field(default_factory=dict)
    ifs: dict[int, cst.If] = field(default_factory=dict)

    def span(self, node: cst.CSTNode) -> Span:
        pos = self.positions[node]
        return Span(self.path, pos.start.line, pos.start.column + 1, pos.end.line,
                    pos.end.column + 1)

    def pos(self, node: cst.CSTNode) -> int:
        """Where a node starts, in statement order (see `flow.position`)."""
        start = self.positions[node].start
        return position(start.line, start.column)

    def source(self, node: cst.CSTNode) -> str:
        return self.tree.code_for_node(node).strip()

    def qualname(self, node: cst.CSTNode) -> str | None:
        """The qualified name of a dotted name by the module's imports (`dt.now` of
        `from datetime import datetime as dt` is `datetime.datetime.now`), `builtins.` for
        builtins the module does not rebind, else the dotted name itself; None for other
        expressions. Computed from the import table: no scope analysis is needed for it."""
        if not isinstance(node, (cst.Name, cst.Attribute)):
            return None
        dotted = dotted_name(node)
        first, _, rest = dotted.partition(".")
        if not first:
            return None
        if first in self.imports:
            origin, attr = self.imports[first]
            base = f"{origin}.{attr}" if attr else origin
            return f"{base}.{rest}" if rest else base
        if first in BUILTIN_NAMES and first not in self.functions and \
                first not in self.classes and not any(
                    b.name == first for b in self.bindings.get(0, ())):
            return f"builtins.{dotted}"
        return dotted

    def enclosing_function(self, node: cst.CSTNode) -> cst.FunctionDef | None:
        current = self.parents.get(id(node))
        while current is not None and not isinstance(current, cst.FunctionDef):
            current = self.parents.get(id(current))
        return current

    def arms(self, node: cst.CSTNode) -> frozenset[tuple[int, int]]:
        """The `if` arms (of its own function) that enclose a node."""
        out = set()
        child, current = node, self.parents.get(id(node))
        while current is not None and not isinstance(current, (cst.FunctionDef, cst.ClassDef)):
            if isinstance(current, cst.If) and child is not current.test:
                out.add((id(current), 0 if child is current.body else 1))
            child, current = current, self.parents.get(id(current))
        return frozenset(out)


def build_module(path: str, source: str) -> Module:
    """Parse and index a module (raises libcst.ParserSyntaxError)."""
    tree = cst.parse_module(source)
    wrapper = cst.MetadataWrapper(tree, unsafe_skip_copy=True)
    positions = wrapper.resolve(PositionProvider)
    qualified: dict = {}  # qualified names come from the import table (Module.qualname)
    tables = FlowTables()
    wrapper.visit(tables)
    module = Module(path, tree, positions, qualified, tables.functions, tables.bindings,
                    tables.imports, {}, tables.parents, tables.classes, tables.owner, tables.ifs)
    _record_shuffles(module)
    return module


def _record_shuffles(module: Module) -> None:
    """`random.shuffle(examples)` as a statement: `examples` is then per request."""
    short_names = {q.rsplit(".", 1)[1] for q in RANDOM_EXAMPLES}
    for node in module.positions:
        if not isinstance(node, cst.Call) or not node.args:
            continue
        func = node.func
        short = func.attr.value if isinstance(func, cst.Attribute) else \
            func.value if isinstance(func, cst.Name) else ""
        if short not in short_names or module.qualname(func) not in RANDOM_EXAMPLES:
            continue
        target = node.args[0].value
        if isinstance(target, cst.Name):
            function = module.enclosing_function(node)
            key = id(function) if function is not None else 0
            module.shuffled.setdefault(key, {})[target.value] = (module.pos(node),
                                                                 module.span(node))

