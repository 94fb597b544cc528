"""A parsed module: its tree, positions, data-flow tables, and qualified names of dotted
names, computed from the module's own imports (no scope analysis is needed for them)."""

from __future__ import annotations

import builtins
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

import libcst as cst
from libcst.metadata.position_provider import PositionProvidingCodegenState

from ...ir import Span
from .flow import HANDLER, Binding, ClassInfo, FlowTables
from .literals import dotted_name
from .sources import RANDOM_EXAMPLES

if TYPE_CHECKING:
    from .project import StatementLines

BUILTIN_NAMES = frozenset(dir(builtins))


# `Module.memo`'s mark of a question with no `meanwhile` answer.
_NO_ANSWER = object()


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
    starts: dict[int, int] | None = None  # id(statement) -> its first line (see `range`)
    stars: tuple[str, ...] = ()  # the modules it imports every name of (`from .a import *`)
    nested: tuple[cst.FunctionDef, ...] = ()  # functions defined inside a function
    loops: dict[int, list[tuple[int, int]]] = field(default_factory=dict)  # see flow.carried
    handled: dict[int, list[Binding]] = field(default_factory=dict)  # in `except` handlers
    _positions: dict | None = None
    _ranges: dict[int, dict] = field(default_factory=dict)  # id(statement) -> `Ranges`
    _aliases: dict[tuple[int, str], str | None] = field(default_factory=dict)
    _local_classes: dict[int, frozenset[str]] | None = None
    _made: dict[int, tuple[cst.CSTNode, cst.CSTNode]] = field(default_factory=dict)
    _memo: dict[tuple[str, int], tuple[object, object]] = field(default_factory=dict)

    def memo(self, kind: str, owner: object, compute: Callable[[], object],
             meanwhile: object = _NO_ANSWER) -> object:
        """What the analysis works out once about one of this module's objects (a function's
        `return` statements, whether a class's instances are kept), kept with the module: a
        module dropped between files takes its answers along, so a table that outlived it
        could never answer for a new object that the allocator gave the same id. Given
        `meanwhile`, a question asked again while its answer is being worked out (the
        answer depends on itself) gets that instead of recursing."""
        key = (kind, id(owner))
        found = self._memo.get(key)
        if found is None or found[0] is not owner:
            if meanwhile is not _NO_ANSWER:
                self._memo[key] = (owner, meanwhile)
            found = self._memo[key] = (owner, compute())
        return found[1]

    def made(self, node: cst.CSTNode, source: cst.CSTNode) -> cst.CSTNode:
        """Record a node the analysis built (a call's `**extra` keywords as one dict) as
        standing at `source`, a node of this module, so a value found in it is placed
        there; the node is kept alive with its record, so its id is never reused."""
        self._made[id(node)] = (node, source)
        return node

    def placed(self, node: cst.CSTNode) -> cst.CSTNode:
        """The node of the source a node stands at: itself, or for a node the analysis
        built (`made`), the one it was built for."""
        made = self._made.get(id(node))
        return node if made is None else made[1]

    @property
    def positions(self) -> dict:
        """libcst's code ranges of every node of the module (as `Ranges`: by node id, four
        numbers each), computed once."""
        if self._positions is None:
            self._positions = module_ranges(self.tree)
        return self._positions

    def forget_positions(self) -> None:
        """Drop the code ranges computed so far (a third of a parsed module's memory); they
        are computed again, the same, if a node of this module is placed again. For a
        module kept past its file (it holds a wrapper a later file may call)."""
        self._positions = None
        self._ranges = {}

    def range(self, node: cst.CSTNode):
        """libcst's code range of a node (a `CodeRange`)."""
        from libcst._position import CodePosition, CodeRange

        line, column, end_line, end_column = self._where(node)
        return CodeRange(CodePosition(line, column), CodePosition(end_line, end_column))

    def _where(self, node: cst.CSTNode) -> tuple[int, int, int, int]:
        """libcst's code range of a node as its start line and column and end line and
        column. Only the innermost statement that holds it and whose start `ast` gave is
        generated again to find it, starting at that line: a prompt in one function does
        not pay for positions in the whole module, nor a line of a function for the rest
        of it."""
        node = self.placed(node)
        if self._positions is not None or self.starts is None:
            return self.positions[id(node)]
        starts, parents, tree = self.starts, self.parents, self.tree
        statement = node if id(node) in starts else None
        parent = parents.get(id(node))
        while statement is None and parent is not None and parent is not tree:
            if id(parent) in starts:
                statement = parent
            parent = parents.get(id(parent))
        if statement is None:
            return self.positions[id(node)]
        ranges = self._ranges.get(id(statement))
        if ranges is None:
            indent = []  # the indents of the blocks around the statement, outermost first
            block = parents.get(id(statement))
            while block is not None and block is not tree:
                if isinstance(block, cst.IndentedBlock):
                    indent.append(tree.default_indent if block.indent is None else block.indent)
                block = parents.get(id(block))
            ranges = self._ranges[id(statement)] = statement_ranges(
                tree, statement, starts[id(statement)], tuple(reversed(indent)))
        return ranges[id(node)]

    def span(self, node: cst.CSTNode) -> Span:
        line, column, end_line, end_column = self._where(node)
        return Span(self.path, line, column + 1, end_line, end_column + 1)

    def line(self, node: cst.CSTNode) -> int:
        return self._where(node)[0]

    def pos(self, node: cst.CSTNode) -> int:
        """Where a node starts, in statement order: comparable with binding positions."""
        return self.order[id(self.placed(node))]

    def end(self, node: cst.CSTNode) -> int:
        """A position just after the last node inside `node`."""
        return self.ends[id(node)]

    def source(self, node: cst.CSTNode) -> str:
        """A node's code as written, stripped; generated once a node (the same value is
        named in many holes, and a long f-string costs as much to write out each time)."""
        return self.memo("source", node, lambda: self.tree.code_for_node(node).strip())

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

    def class_at(self, position: int) -> cst.ClassDef | None:
        """The innermost class of the module whose body holds a statement position (a class
        attribute's value reads the names its class body bound before it)."""
        spans = self.memo("class spans", self.tree, lambda: sorted(
            ((self.pos(i.node), self.end(i.node), i.node) for i in self.classes.values()),
            key=lambda span: span[0]))
        found = None
        for start, end, node in spans:  # by start: the last that holds it is the innermost
            if start >= position:
                break
            if position <= end:
                found = node
        return found

    def local_classes(self) -> dict[int, frozenset[str]]:
        """The names of the classes each function defines in its body (`class Answer(
        BaseModel)` inside a handler), by id of the function; found on first use."""
        if self._local_classes is None:
            found: dict[int, set[str]] = {}
            for node in self.nodes:
                if isinstance(node, cst.ClassDef):
                    function = self.enclosing_function(node)
                    if function is not None:
                        found.setdefault(id(function), set()).add(node.name.value)
            self._local_classes = {k: frozenset(v) for k, v in found.items()}
        return self._local_classes

    def enclosing_function(self, node: cst.CSTNode) -> cst.FunctionDef | None:
        current = self.parents.get(id(self.placed(node)))
        while current is not None and not isinstance(current, cst.FunctionDef):
            current = self.parents.get(id(current))
        return current

    def lambda_parameter(self, name: str, position: int) -> tuple[cst.Lambda, cst.Param] | None:
        """The parameter `name` of a lambda whose body holds `position` (`lambda tp=tools:
        send(tools=tp)` reads `tp` as the default it was made with), innermost first; None
        when no lambda around that place has one of that name."""
        # (asked at every name a function reads: kept by parameter name, so that a name no
        # lambda takes costs one lookup)
        table = self.memo("lambda parameters", self.tree, lambda: _lambda_parameters(self))
        found = None
        for start, end, lam, param in table.get(name, ()):
            if start <= position < end:
                found = (lam, param)  # a later lambda that holds it is an inner one
        return found

    def bindings_in(self, scope: int, arms: frozenset[tuple[int, int]]) -> list[Binding]:
        """The bindings of a scope that a use in `arms` can read: with a use inside `except`
        handlers, what those handlers bind as well, in statement order."""
        bindings = self.bindings.get(scope, [])
        handlers = {arm for arm in arms if arm[1] == HANDLER}
        if not handlers or scope not in self.handled:
            return bindings
        inside = [b for b in self.handled[scope]
                  if {arm for arm in b.arms if arm[1] == HANDLER} <= handlers]
        return sorted((*bindings, *inside), key=lambda b: b.pos) if inside else bindings

    def arms(self, node: cst.CSTNode) -> frozenset[tuple[int, int]]:
        """The `if` arms (of its own function) that enclose a node."""
        return frozenset((id(test), arm) for test, arm in self.enclosing_arms(node))

    def enclosing_arms(self, node: cst.CSTNode,
                       ) -> list[tuple[cst.If | cst.Match | cst.ExceptHandler, int]]:
        """The `if` and `match` statements (of its own function) around a node, innermost
        first, each with the arm that holds it (0 the body, 1 the `else`; a case's place),
        and the `except` handlers around it (arm `HANDLER`)."""
        out = []
        node = self.placed(node)
        child, current = node, self.parents.get(id(node))
        while current is not None and not isinstance(current, (cst.FunctionDef, cst.ClassDef)):
            if isinstance(current, cst.If) and child is not current.test:
                out.append((current, 0 if child is current.body else 1))
            elif isinstance(current, cst.Match) and isinstance(child, cst.MatchCase):
                out.append((current, current.cases.index(child)))
            elif isinstance(current, cst.ExceptHandler):
                out.append((current, HANDLER))
            child, current = current, self.parents.get(id(current))
        return out


def _lambda_parameters(module: Module) -> dict[str, list[tuple[int, int, cst.Lambda, cst.Param]]]:
    """A module's lambdas by the names of their parameters: where each one's body starts and
    ends, in source order."""
    table: dict[str, list[tuple[int, int, cst.Lambda, cst.Param]]] = {}
    for node in module.nodes:
        if isinstance(node, cst.Lambda):
            params = node.params
            for param in (*params.posonly_params, *params.params, *params.kwonly_params):
                table.setdefault(param.name.value, []).append(
                    (module.order[id(node.body)], module.ends[id(node.body)], node, param))
    return table


def build_module(path: str, source: str, lines: StatementLines | None = None) -> Module:
    """Parse and index a module (raises libcst.ParserSyntaxError). `lines` are the first
    lines of its statements as `ast` reads them, at every depth (`block_lines`), when it
    could."""
    tree = cst.parse_module(source)
    tables = FlowTables()
    tables.walk(tree)
    _rebind_imports(tables)
    module = Module(path, tree, tables.nodes, tables.order, tables.ends, tables.functions,
                    tables.bindings, tables.imports, {}, tables.parents, tables.classes,
                    tables.owner, tables.ifs, _statement_starts(tree, lines),
                    tuple(tables.stars), tuple(tables.nested), tables.loops, tables.handled)
    _record_shuffles(module)
    return module


def _rebind_imports(tables: FlowTables) -> None:
    """A module name that only ever holds an import under another name, or None
    (`PromptTemplate = None`, then `from langchain_core.prompts import PromptTemplate as
    _PT` in a `try` and `PromptTemplate = _PT`) stands for that import: a library that may
    be missing, named as the library names it."""
    by_name: dict[str, list] = {}
    for binding in tables.bindings.get(0, ()):
        by_name.setdefault(binding.name, []).append(binding)
    for name, bound in by_name.items():
        if name in tables.imports or name in tables.functions or name in tables.classes:
            continue
        held = {_held_import(tables, b) for b in bound}
        held.discard("none")
        if len(held) == 1 and isinstance(target := held.pop(), tuple):
            tables.imports[name] = target


def _held_import(tables: FlowTables, binding: Binding) -> tuple[str, str] | str:
    """What a module-level assignment binds: an import's (module, name), "none" for
    `None`, else "other"."""
    value = binding.value
    if binding.op != "=" or not isinstance(value, cst.Name):
        return "other"
    if value.value == "None":
        return "none"
    return tables.imports.get(value.value, "other")


def _statement_starts(tree: cst.Module, lines: StatementLines | None) -> dict[int, int] | None:
    """Where each statement's code, blank lines and comments before it included, begins:
    `ast`'s line for it minus the lines libcst keeps in front of it. Every top-level
    statement has one, or none does (None: the two parsers do not see the same
    statements); a block inside is placed statement by statement where both parsers see
    the same statements in it (a method of a class, a line of a function), else its
    statements are placed by the statement that holds them."""
    if lines is None:
        return None
    starts: dict[int, int] = {}
    if not _starts_of(tree.body, lines, starts):
        return None
    return starts


def _starts_of(statements, lines: StatementLines, starts: dict[int, int]) -> bool:
    """Record the starts of one block's statements and of those of the blocks inside them
    that match; False (nothing of this block recorded) when the block's statements are not
    `ast`'s."""
    found: dict[int, int] = {}
    inner: list[tuple[cst.BaseSuite, StatementLines]] = []
    index = 0
    for statement in statements:
        if index >= len(lines):
            return False
        line, kind, body = lines[index]
        if isinstance(statement, cst.SimpleStatementLine):
            index += len(statement.body)
        else:
            if type(statement).__name__ != kind:
                return False
            if body is not None and isinstance(statement.body, cst.IndentedBlock):
                inner.append((statement.body, body))
            index += 1
        leading = len(statement.leading_lines)
        decorators = getattr(statement, "decorators", ())
        if decorators:
            leading += len(decorators[0].leading_lines)
        found[id(statement)] = line - leading
    if index != len(lines):
        return False
    starts.update(found)
    for block, body in inner:
        _starts_of(block.body, body, starts)
    return True


class _Syntactic:
    """`record_syntactic_position` of libcst's `PositionProvidingCodegenState` as a plain
    context manager (libcst's is a generator one, made for every expression it generates):
    the same range, hoisted from `start_node` or `end_node` when given."""

    __slots__ = ("state", "node", "start_node", "end_node", "start")

    def __init__(self, state: _RangeState, node, start_node, end_node) -> None:
        self.state, self.node = state, node
        self.start_node, self.end_node = start_node, end_node

    def __enter__(self) -> None:
        self.start = (self.state.line, self.state.column)

    def __exit__(self, *exc) -> bool:
        state = self.state
        computed = state.provider._computed
        start = computed[id(self.start_node)][:2] if self.start_node is not None else \
            self.start
        end = computed[id(self.end_node)][2:] if self.end_node is not None else \
            (state.line, state.column)
        computed[id(self.node)] = start + end
        return False


class _RangeState(PositionProvidingCodegenState):
    """libcst's position codegen state recording each node's range as four numbers by the
    node's id (libcst makes two `CodePosition`s and a `CodeRange` per node, hashes nodes by
    a Python method, splits every token on a pattern and opens a generator context per
    expression): the same numbers for a part of the work. Tokens are kept as libcst keeps
    them (a whole module's codegen reads them at its end)."""

    __slots__ = ()

    def add_indent_tokens(self) -> None:
        self.tokens.extend(self.indent_tokens)
        for token in self.indent_tokens:
            self._update_position(token)

    def add_token(self, value: str) -> None:
        self.tokens.append(value)
        self._update_position(value)

    def _update_position(self, value: str) -> None:
        if "\n" in value or "\r" in value:
            super()._update_position(value)
        else:
            self.column += len(value)

    def before_codegen(self, node: cst.CSTNode) -> None:
        self._stack.append((self.line, self.column))

    def after_codegen(self, node: cst.CSTNode) -> None:
        start = self._stack.pop()
        computed = self.provider._computed
        if id(node) not in computed:  # a syntactic range recorded already stands
            computed[id(node)] = (*start, self.line, self.column)

    def record_syntactic_position(self, node: cst.CSTNode, *,
                                  start_node: cst.CSTNode | None = None,
                                  end_node: cst.CSTNode | None = None) -> _Syntactic:
        return _Syntactic(self, node, start_node, end_node)


class _Ranges:
    """Where libcst's position codegen records ranges (it writes to `_computed`): by node
    id, (line, column, end line, end column) as libcst's `PositionProvider` gives them."""

    def __init__(self) -> None:
        self._computed: dict[int, tuple[int, int, int, int]] = {}


def statement_ranges(tree: cst.Module, statement: cst.CSTNode, line: int,
                     indent: tuple[str, ...] = ()) -> dict[int, tuple[int, int, int, int]]:
    """The code ranges of every node in one statement whose code starts at `line` (inside
    blocks indented by `indent`), by libcst's own position codegen run over it alone."""
    ranges = _Ranges()
    state = _RangeState(default_indent=tree.default_indent,
                        default_newline=tree.default_newline, provider=ranges)
    state.indent_tokens.extend(indent)
    state.line = line
    statement._codegen(state)
    return ranges._computed


def module_ranges(tree: cst.Module) -> dict[int, tuple[int, int, int, int]]:
    """The code ranges of every node of a module, as `statement_ranges` gives them."""
    ranges = _Ranges()
    tree._codegen(_RangeState(default_indent=tree.default_indent,
                              default_newline=tree.default_newline, provider=ranges))
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

