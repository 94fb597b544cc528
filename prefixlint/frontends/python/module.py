"""A parsed module: its tree, positions, data-flow tables, and qualified names of dotted
names, computed from the module's own imports (no scope analysis is needed for them)."""

from __future__ import annotations

import builtins
from dataclasses import dataclass, field

import libcst as cst

from ...ir import Span
from .flow import Binding, ClassInfo, FlowTables
from .literals import dotted_name
from .sources import RANDOM_EXAMPLES

BUILTIN_NAMES = frozenset(dir(builtins))


@dataclass
class Module:
    """A parsed module with the data-flow tables lowering needs. Line and column
    positions are computed on first use (most modules read for a constant or a prompt
    check need only the order of their nodes, which the flow pass gives)."""

    path: str
    tree: cst.Module
    nodes: list[cst.CSTNode]
    order: dict[int, int]
    ends: dict[int, int]
    functions: dict[str, cst.FunctionDef]
    bindings: dict[int, list[Binding]]
    imports: dict[str, tuple[str, str]]
    shuffled: dict[int, dict[str, tuple[int, Span]]]
    parents: dict[int, cst.CSTNode]
    classes: dict[str, ClassInfo] = field(default_factory=dict)
    owner: dict[int, ClassInfo] = field(default_factory=dict)
    ifs: dict[int, cst.If | cst.Match] = field(default_factory=dict)
    starts: dict[int, int] | None = None  # id(top-level statement) -> its first line
    stars: tuple[str, ...] = ()  # the modules it imports every name of (`from .a import *`)
    _positions: dict | None = None
    _ranges: dict[int, dict] = field(default_factory=dict)
    _aliases: dict[tuple[int, str], str | None] = field(default_factory=dict)

    @property
    def positions(self) -> dict:
        """libcst's code ranges of every node of the module, computed once."""
        if self._positions is None:
            from libcst.metadata import PositionProvider

            wrapper = cst.MetadataWrapper(self.tree, unsafe_skip_copy=True)
            self._positions = wrapper.resolve(PositionProvider)
        return self._positions

    def forget_positions(self) -> None:
        """Drop the code ranges computed so far (a third of a parsed module's memory); they
        are computed again, the same, if a node of this module is placed again. For a
        module kept past its file (it holds a wrapper a later file may call)."""
        self._positions = None
        self._ranges = {}

    def range(self, node: cst.CSTNode):
        """libcst's code range of a node. Only the top-level statement that holds it is
        generated again to find it, starting at the line `ast` gave that statement: a
        prompt in one function does not pay for positions in the whole module."""
        if self._positions is not None or self.starts is None:
            return self.positions[node]
        # The innermost statement with a known start: a method of a top-level class, else
        # the top-level statement.
        top, parent = node, self.parents.get(id(node))
        inner = node if id(node) in self.starts else None
        while parent is not None and parent is not self.tree:
            top, parent = parent, self.parents.get(id(parent))
            if inner is None and id(top) in self.starts:
                inner = top
        statement = inner if inner is not None else top
        ranges = self._ranges.get(id(statement))
        if ranges is None:
            start = self.starts.get(id(statement))
            if start is None:
                return self.positions[node]
            indent = ()
            if statement is not top:  # inside the class's indented body
                block = self.parents.get(id(statement))
                indent = (block.indent if isinstance(block, cst.IndentedBlock) and
                          block.indent is not None else self.tree.default_indent,)
            ranges = self._ranges[id(statement)] = statement_ranges(self.tree, statement,
                                                                     start, indent)
        return ranges[node]

    def span(self, node: cst.CSTNode) -> Span:
        pos = self.range(node)
        return Span(self.path, pos.start.line, pos.start.column + 1, pos.end.line,
                    pos.end.column + 1)

    def line(self, node: cst.CSTNode) -> int:
        return self.range(node).start.line

    def pos(self, node: cst.CSTNode) -> int:
        """Where a node starts, in statement order: comparable with binding positions."""
        return self.order[id(node)]

    def end(self, node: cst.CSTNode) -> int:
        """A position just after the last node inside `node`."""
        return self.ends[id(node)]

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
        if rest:
            alias = self._module_alias(node, first)
            if alias is not None:
                return f"{alias}.{rest}"
        if first in BUILTIN_NAMES and first not in self.functions and \
                first not in self.classes and not any(
                    b.name == first for b in self.bindings.get(0, ())):
            return f"builtins.{dotted}"
        return dotted

    def _module_alias(self, node: cst.CSTNode, name: str) -> str | None:
        """The imported module a function's local name stands for when every binding of
        it there is that module, or a choice between it and something else
        (`client = tracer.wrap(litellm) if tracer else litellm`): its calls are the
        module's, whichever arm runs."""
        function = self.enclosing_function(node)
        if function is None:
            return None
        key = (id(function), name)
        if key not in self._aliases:
            self._aliases[key] = None
            bound = [b for b in self.bindings.get(id(function), ()) if b.name == name]
            modules = {self._imported_module(b.value) for b in bound if b.op == "="}
            if bound and len(modules) == 1 and None not in modules and \
                    all(b.op == "=" for b in bound):
                self._aliases[key] = modules.pop()
        return self._aliases[key]

    def _imported_module(self, value: cst.BaseExpression | None) -> str | None:
        """The module an expression names (`litellm` of `import litellm`), also as either
        arm of a conditional expression."""
        if isinstance(value, cst.IfExp):
            arms = {self._imported_module(value.body), self._imported_module(value.orelse)}
            arms.discard(None)
            return arms.pop() if len(arms) == 1 else None
        if isinstance(value, cst.Name) and value.value in self.imports:
            origin, attr = self.imports[value.value]
            return origin if not attr else None
        return None

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
            elif isinstance(current, cst.Match) and isinstance(child, cst.MatchCase):
                out.add((id(current), current.cases.index(child)))
            child, current = current, self.parents.get(id(current))
        return frozenset(out)


def build_module(path: str, source: str, lines: tuple[list[int], dict] | None = None,
                 ) -> Module:
    """Parse and index a module (raises libcst.ParserSyntaxError). `lines` are the first
    lines of its top-level statements as `ast` reads them, when it could, and of the
    statements of each top-level class's body (by the class's index)."""
    tree = cst.parse_module(source)
    tables = FlowTables()
    tables.walk(tree)
    module = Module(path, tree, tables.nodes, tables.order, tables.ends, tables.functions,
                    tables.bindings, tables.imports, {}, tables.parents, tables.classes,
                    tables.owner, tables.ifs, _statement_starts(tree, lines),
                    tuple(tables.stars))
    _record_shuffles(module)
    return module


def _statement_starts(tree: cst.Module, lines: tuple[list[int], dict] | None,
                      ) -> dict[int, int] | None:
    """Where each top-level statement's code, blank lines and comments before it included,
    begins (and each statement of a top-level class's body: a method is generated alone,
    not its whole class): `ast`'s line for it minus the lines libcst keeps in front of it.
    None when the two parsers do not see the same statements."""
    if lines is None:
        return None
    top, members = lines
    starts = _starts_of(tree.body, top)
    if starts is None:
        return None
    index = 0
    for statement in tree.body:
        if isinstance(statement, cst.ClassDef) and index in members and \
                isinstance(statement.body, cst.IndentedBlock):
            inner = _starts_of(statement.body.body, members[index])
            if inner is not None:
                starts.update(inner)
        index += len(statement.body) if isinstance(statement, cst.SimpleStatementLine) else 1
    return starts


def _starts_of(statements, lines: list[int]) -> dict[int, int] | None:
    starts: dict[int, int] = {}
    index = 0
    for statement in statements:
        if index >= len(lines):
            return None
        leading = len(statement.leading_lines)
        decorators = getattr(statement, "decorators", ())
        if decorators:
            leading += len(decorators[0].leading_lines)
        starts[id(statement)] = lines[index] - leading
        index += len(statement.body) if isinstance(statement, cst.SimpleStatementLine) else 1
    return starts if index == len(lines) else None


class _Ranges:
    """Where libcst's position codegen records ranges (it writes to `_computed`)."""

    def __init__(self) -> None:
        self._computed: dict = {}


def statement_ranges(tree: cst.Module, statement: cst.CSTNode, line: int,
                     indent: tuple[str, ...] = ()) -> dict:
    """The code ranges of every node in one statement whose code starts at `line` (inside
    blocks indented by `indent`), by libcst's own position codegen run over it alone."""
    from libcst.metadata.position_provider import PositionProvidingCodegenState

    ranges = _Ranges()
    state = PositionProvidingCodegenState(default_indent=tree.default_indent,
                                          default_newline=tree.default_newline,
                                          provider=ranges)
    state.indent_tokens.extend(indent)
    state.line = line
    statement._codegen(state)
    return ranges._computed


def _record_shuffles(module: Module) -> None:
    """`random.shuffle(examples)` as a statement: `examples` is then per request."""
    short_names = {q.rsplit(".", 1)[1] for q in RANDOM_EXAMPLES}
    for node in module.nodes:
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

