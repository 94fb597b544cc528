"""What each statement does to each name, in statement order: the data flow of one module.

One libcst pass records, per function (and per class body and the module), every binding
of a name or of `self.attr`: plain and annotated assignment, tuple unpacking, `+=`,
`append`/`extend`/`insert` on a list, loop and `with` targets. Each binding carries its
position in statement order and the `if` arms it sits in, so that a use sees exactly the
bindings that reach it (`system = f"{system} …"` reads the earlier `system`), and an
assignment made in one arm of an `if` is known to be conditional.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field

import libcst as cst

from ...volatility import is_history
from .literals import ends_block, reachable

# A position beyond every node of a module: "at the end of the module".
END = 10 ** 12
# The arm number of an `except` handler among a binding's arms: read only by uses inside it.
HANDLER = -1


@dataclass(frozen=True)
class Binding:
    """One statement's effect on a name: `op` is `=`, `+=`, `append`, `extend`, `insert0`,
    `first=`/`first+=`/`last+=` (the text of a list's first or last message set or extended),
    `item` (a loop variable: one item of `value`), `position` (an `enumerate` index) or
    `opaque` (nothing is known). An `opaque` binding with an `index` is one name of a tuple
    unpacked from `value` (`history, system = split(messages)`), which the interpreter may
    still read from a function's returned tuple."""

    pos: int
    name: str
    op: str
    value: cst.BaseExpression | None
    arms: tuple[tuple[int, int], ...] = ()  # (id of an enclosing If, 0 body / 1 else)
    index: int = -1

    @functools.cached_property
    def rewrites(self) -> bool:
        """`text = text + more`, `parts = [p for p in parts if p]`, `text = text.strip()`: a
        rewrite of the name's own value, not a fresh assignment (under an `if`, both arms
        begin alike, so the arm is taken rather than made a branch on the test). Found once:
        a name's bindings are consulted at every use of it."""
        walked = _walk(self.value)
        attributes = {id(n.attr) for n in walked if isinstance(n, cst.Attribute)}
        # (the `path` of `os.path.join(...)` is an attribute's name, not the name `path`)
        return any(isinstance(n, cst.Name) and n.value == self.name and id(n) not in attributes
                   for n in walked)

    @functools.cached_property
    def trims(self) -> bool:
        """`messages = [messages[0]] + messages[2:]`, `text = text[:limit]`: a rewrite that
        keeps a slice of the name's own value (what a loop that drops the oldest turns
        does). Found once, as `rewrites` is."""
        return self.op == "=" and self.rewrites and any(
            isinstance(n, cst.Subscript) and isinstance(n.value, cst.Name) and
            n.value.value == self.name and
            any(isinstance(e.slice, cst.Slice) for e in n.slice)
            for n in _walk(self.value))

    @functools.cached_property
    def size(self) -> tuple[int, int]:
        """The value's `richness`, found once."""
        return richness(self.value)


@dataclass
class ClassInfo:
    """A class of the module: its body's bindings, methods and base-class names."""

    node: cst.ClassDef
    methods: dict[str, cst.FunctionDef] = field(default_factory=dict)
    bases: tuple[str, ...] = ()


_MUTATORS = {"append": "append", "extend": "extend", "insert": "insert0",
             "appendleft": "insert0", "reverse": "reverse",  # (`appendleft` of a deque)
             "write": "append"}  # (`buffer.write(text)` of an `io.StringIO`: `_buffer`)


class FlowTables:
    """One pass that records bindings, functions, classes, imports and parents, and numbers
    every node in source order (see `walk_order`)."""

    def __init__(self) -> None:
        self.functions: dict[str, cst.FunctionDef] = {}
        self.bindings: dict[int, list[Binding]] = {}
        self.handled: dict[int, list[Binding]] = {}  # bindings inside `except` handlers
        self.imports: dict[str, tuple[str, str]] = {}
        self.stars: list[str] = []  # modules whose every name `from M import *` brings in
        self.nested: list[cst.FunctionDef] = []  # functions defined inside a function
        self.classes: dict[str, ClassInfo] = {}
        self.owner: dict[int, ClassInfo] = {}  # id(method) -> its class
        self.ifs: dict[int, cst.If | cst.Match] = {}  # by id: the tests that arms hang on
        self.parents: dict[int, cst.CSTNode] = {}
        self.stack: list[cst.CSTNode] = []
        self.scopes: list[cst.CSTNode] = []
        self.nodes: list[cst.CSTNode] = []  # every node but whitespace and punctuation
        self.order: dict[int, int] = {}  # id(node) -> its position in statement order
        self.ends: dict[int, int] = {}  # id(node) -> the position just after its last child
        self.loops: dict[int, list[tuple[int, int]]] = {}  # scope -> (start, end) of loops

    def walk(self, node: cst.CSTNode) -> None:
        """Visit `node` and its descendants in source order (a plain recursion over the
        fields that can hold code: libcst's own visitor also rebuilds every node and walks
        every whitespace token, several times slower)."""
        self.order[id(node)] = 2 * len(self.nodes)
        self.nodes.append(node)
        if self.stack:
            self.parents[id(node)] = self.stack[-1]
        self.stack.append(node)
        kind = type(node)
        visit = getattr(self, f"visit_{kind.__name__}", None)
        if visit is not None:
            visit(node)
        for name in _fields(kind):
            value = getattr(node, name)
            if _is_node(type(value)):
                if type(value) not in _SKIPPED:
                    self.walk(value)
            elif isinstance(value, (list, tuple)):
                for item in value:
                    if _is_node(type(item)) and type(item) not in _SKIPPED:
                        self.walk(item)
        leave = getattr(self, f"leave_{kind.__name__}", None)
        if leave is not None:
            leave(node)
        self.stack.pop()
        self.ends[id(node)] = 2 * len(self.nodes)

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
        if any(isinstance(scope, cst.FunctionDef) for scope in self.scopes):
            self.nested.append(node)
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

    def _arms(self) -> tuple[tuple[int, int], ...] | None:
        """The arms of `if` and `match` statements around the node being bound (a `case`
        is an arm numbered by its place), and the `except` handlers (`HANDLER`), whose
        bindings only the handler's own code reads; None inside an arm no run takes (`if
        False:`, the `else` of `if True:`)."""
        arms = []
        for index, node in enumerate(self.stack[:-1]):
            if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
                arms = []
            elif isinstance(node, cst.If):
                child = self.stack[index + 1]
                if child is node.test:  # a walrus in the test runs before either arm
                    continue
                if _never_runs(node, child):
                    return None
                self.ifs[id(node)] = node
                other = node.orelse if child is node.body else node
                if _exits(other.body if isinstance(other, cst.Else) else
                          node.body if other is node else None):
                    continue  # the other arm leaves: whatever comes after runs this one
                arms.append((id(node), 0 if child is node.body else 1))
            elif isinstance(node, cst.Match) and isinstance(self.stack[index + 1],
                                                            cst.MatchCase):
                self.ifs[id(node)] = node
                arms.append((id(node), node.cases.index(self.stack[index + 1])))
            elif isinstance(node, cst.ExceptHandler):
                arms.append((id(node), HANDLER))
        return tuple(arms)

    def _pos(self, node: cst.CSTNode) -> int:
        return self.order[id(node)]

    def _bind(self, target: cst.BaseExpression, value: cst.BaseExpression | None, op: str,
              at: cst.CSTNode, index: int = -1) -> None:
        if isinstance(target, (cst.Tuple, cst.List)):
            values = value.elements if isinstance(value, (cst.Tuple, cst.List)) else None
            exact = values is not None and len(values) == len(target.elements) and not any(
                isinstance(e, cst.StarredElement) for e in (*values, *target.elements))
            # `a, b = f(x)`: each name is an element of what `f` returns, read later
            unpacked = not exact and op == "=" and isinstance(value, (cst.Call, cst.Name)) \
                and not any(isinstance(e, cst.StarredElement) for e in target.elements)
            for position, element in enumerate(target.elements):
                if exact:
                    self._bind(element.value, values[position].value, op, at)
                else:
                    self._bind(element.value, value if unpacked else None, "opaque", at,
                               position if unpacked else -1)
            return
        name = _dotted(target) or _entry(target)
        arms = self._arms() if name and name.count(".") <= 1 else None
        if arms is not None:
            # what an `except` handler binds is kept apart: only the handler's own code
            # reads it (`Module.bindings_in`), never the normal path after the `try`
            table = self.handled if any(arm == HANDLER for _, arm in arms) else self.bindings
            table.setdefault(self._key(), []).append(
                Binding(self._pos(at), name, op, value, arms, index))

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            found = _item_content(target.target)
            if found is not None and found[1] == 0:
                # `messages[0]["content"] = f"Now: {now}\n{RULES}"`: the first message's
                # text is replaced, the list is otherwise the same
                self._bind(found[0], node.value, "first=", node)
                continue
            self._bind(target.target, node.value, "=", node)

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        """`if prompt := config.get("system_prompt"):` binds like an assignment."""
        self._bind(node.target, node.value, "=", node)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self._bind(node.target, node.value, "=", node)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        op = "+=" if isinstance(node.operator, cst.AddAssign) else "opaque"
        found = _item_content(node.target)
        if found is not None and op == "+=":  # `messages[-1]["content"] += RULES`
            self._bind(found[0], node.value, "last+=" if found[1] else "first+=", node)
            return
        self._bind(node.target, node.value, op, node)

    def visit_For(self, node: cst.For) -> None:
        target, iterable = node.target, node.iter
        if isinstance(target, cst.Tuple) and len(target.elements) == 2 and \
                isinstance(target.elements[1].value, cst.Name) and \
                isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Name) and \
                iterable.func.value == "enumerate" and iterable.args:
            # `for index, item in enumerate(items)`: the item is one of `items`, the index
            # its position (`[1]` before the first passage on every request).
            self._bind(target.elements[0].value, None, "position", node)
            self._bind(target.elements[1].value, iterable.args[0].value, "item", node)
        elif isinstance(target, cst.Name):
            self._bind(target, iterable, "item", node)
        elif isinstance(target, (cst.Tuple, cst.List)) and all(
                isinstance(e.value, cst.Name) for e in target.elements):
            # `for text, fields in EXAMPLES`, `for key, value in notes.items()`: each name
            # is part of one item, and varies as the items do
            for element in target.elements:
                self._bind(element.value, iterable, "item", node)
        else:
            self._bind(target, None, "opaque", node)

    def leave_For(self, original_node: cst.For) -> None:
        self._loop(original_node)

    def leave_While(self, original_node: cst.While) -> None:
        self._loop(original_node)

    def _loop(self, node: cst.For | cst.While) -> None:
        """Record where a loop starts and ends in its scope (see `carried`)."""
        self.loops.setdefault(self._key(), []).append(
            (self.order[id(node)], 2 * len(self.nodes)))

    def visit_CompFor(self, node: cst.CompFor) -> None:
        """A comprehension's variable, bound just before its element is read (the element
        comes first in the source)."""
        comprehension = self.stack[-2] if len(self.stack) > 1 else node
        while isinstance(comprehension, cst.CompFor) and comprehension is not node:
            comprehension = self.parents.get(id(comprehension), comprehension)
        arms = self._arms()
        if isinstance(node.target, cst.Name) and arms is not None:  # (None: in an `except`)
            start = self._pos(comprehension) - 1
            self.bindings.setdefault(self._key(), []).append(
                Binding(start, node.target.value, "item", node.iter, arms))

    def visit_WithItem(self, node: cst.WithItem) -> None:
        if node.asname is not None:
            self._bind(node.asname.name, node.item, "=", node)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value not in _MUTATORS:
            return
        op = _MUTATORS[func.attr.value]
        if func.attr.value == "write" and not self._buffer(func.value):
            return  # (a file's, a response's or `st.write`: not text the code keeps)
        args = [a for a in node.args if a.keyword is None and not a.star]
        if op == "insert0" and func.attr.value == "insert":
            index = args[0].value if args else None
            if isinstance(index, cst.Integer) and f"insert{index.value}" in INSERTS and \
                    len(args) == 2:
                op, args = f"insert{index.value}", args[1:]  # `parts.insert(3, note)`
            else:
                op, args = "append", args[1:]
        if op == "reverse" and not node.args:
            self._bind(func.value, None, op, node)
        elif len(args) == 1 and op != "reverse":
            self._bind(func.value, args[0].value, op, node)

    def _buffer(self, target: cst.BaseExpression) -> bool:
        """Whether a name was last bound, in this scope, to a new text buffer
        (`buffer = StringIO()`, `io.StringIO()`): only its `write` adds to a text."""
        if not isinstance(target, cst.Name):
            return False
        last = next((b for b in reversed(self.bindings.get(self._key(), ()))
                     if b.name == target.value and b.op == "="), None)
        value = last.value if last is not None else None
        return isinstance(value, cst.Call) and not value.args and \
            _dotted(value.func).rpartition(".")[2] == "StringIO"

    # -- imports ---------------------------------------------------------------------------

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        module = "." * len(node.relative) + (_dotted(node.module) if node.module else "")
        if isinstance(node.names, cst.ImportStar):
            if not self.scopes:
                self.stars.append(module)
            return
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


# Fields in the order their code appears, where libcst declares them in another order.
_LEXICAL = {
    "FunctionDef": ("decorators", "name", "type_parameters", "params", "returns", "body"),
    "ClassDef": ("decorators", "name", "type_parameters", "bases", "keywords", "body"),
    "Arg": ("keyword", "value"),
    "IfExp": ("body", "test", "orelse"),
    "Parameters": ("posonly_params", "posonly_ind", "params", "star_arg", "kwonly_params",
                   "star_kwarg"),
    "MatchCase": ("pattern", "guard", "body"),
    "TypeAlias": ("name", "type_parameters", "value"),
}
# Fields that hold only whitespace, comments and punctuation.
_LAYOUT = ("whitespace", "lpar", "rpar", "comma", "semicolon", "leading_lines",
           "lines_after_decorators", "header", "footer", "trailing_whitespace", "colon",
           "equal", "dot", "lbracket", "rbracket", "lbrace", "rbrace", "asynchronous",
           "first_colon", "second_colon", "indent", "newline", "operator")
_LAYOUT_BASES = frozenset((
    cst.BaseParenthesizableWhitespace, cst.EmptyLine, cst.TrailingWhitespace, cst.Newline,
    cst.Comment, cst.LeftParen, cst.RightParen, cst.Comma, cst.Semicolon, cst.Colon, cst.Dot,
    cst.AssignEqual, cst.LeftSquareBracket, cst.RightSquareBracket, cst.LeftCurlyBrace,
    cst.RightCurlyBrace, cst.BaseBinaryOp, cst.BaseBooleanOp, cst.BaseCompOp, cst.BaseUnaryOp,
    cst.BaseAugOp, cst.Asynchronous, cst.ImportStar))
# Read from each class's MRO: `issubclass` against libcst's abstract bases costs 20 ms here.
_SKIPPED = frozenset(kind for kind in vars(cst).values() if isinstance(kind, type) and
                     not _LAYOUT_BASES.isdisjoint(kind.__mro__))


@functools.cache
def _is_node(kind: type) -> bool:
    """Whether values of this type are libcst nodes, as `isinstance(value, cst.CSTNode)`
    says (libcst's base is abstract: `isinstance` against it runs Python code for every
    field of every node walked; this is one look-up by type)."""
    return cst.CSTNode in kind.__mro__


@functools.cache
def _fields(kind: type) -> tuple[str, ...]:
    """The fields of a node type that can hold code, in source order."""
    declared = [f.name for f in dataclasses.fields(kind)]
    names = _LEXICAL.get(kind.__name__) or tuple(declared)
    return tuple(n for n in names if n in declared and not n.startswith(_LAYOUT))


def subscript_key(node: cst.CSTNode) -> tuple[str, str] | None:
    """(name, key) of `NAME["key"]`, a name subscripted with a string literal; else None."""
    if isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name) and \
            len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index) and \
            isinstance(node.slice[0].slice.value, cst.SimpleString):
        key = node.slice[0].slice.value.evaluated_value
        if isinstance(key, str):
            return node.value.value, key
    return None


def entry_name(name: str, key: str) -> str:
    """The name a binding of `name["key"] = ...` is recorded under."""
    return f"{name}[{key}]"


def _entry(node: cst.CSTNode) -> str:
    """`PROMPTS["answer"]` as a binding's name, `PROMPTS[answer]`; "" for other targets."""
    found = subscript_key(node)
    return entry_name(*found) if found is not None and "." not in found[1] else ""


def _item_content(target: cst.BaseExpression,
                  ) -> tuple[cst.Name | cst.Attribute, int] | None:
    """`messages` and -1 of `messages[-1]["content"]`, `self.turns` and 0 of
    `self.turns[0]["content"]`: the list whose first or last message's text is written."""
    if not isinstance(target, cst.Subscript) or subscript_index(target) != "content":
        return None
    inner = target.value
    index = end_index(inner)
    name = _dotted(inner.value) if isinstance(inner, cst.Subscript) else ""
    if index is None or not name or name.count(".") > 1:
        return None
    return inner.value, index  # type: ignore[return-value]


def windowed(path: str | None, node: cst.BaseExpression) -> str | None:
    """The value path of `node` read whole (`path`), or of its last turns when it slices a
    conversation's end (`messages[-3:]`: `messages.window`), a window that slides as the
    conversation grows (its first turns drop out), not a history each turn extends."""
    if not path or not is_history(path) or not isinstance(node, cst.Subscript) or \
            len(node.slice) != 1:
        return path
    index = node.slice[0].slice
    if isinstance(index, cst.Slice) and index.upper is None and \
            isinstance(index.lower, cst.UnaryOperation) and \
            isinstance(index.lower.operator, cst.Minus):
        return f"{path}.window"
    return path


def end_index(node: cst.BaseExpression) -> int | None:
    """0 for `messages[0]`, -1 for `messages[-1]`: a list's first or last item read by its
    index; None for any other expression."""
    if not isinstance(node, cst.Subscript) or len(node.slice) != 1 or \
            not isinstance(node.slice[0].slice, cst.Index):
        return None
    index = node.slice[0].slice.value
    if isinstance(index, cst.Integer) and index.value == "0":
        return 0
    if isinstance(index, cst.UnaryOperation) and isinstance(index.operator, cst.Minus) and \
            isinstance(index.expression, cst.Integer) and index.expression.value == "1":
        return -1
    return None


def subscript_index(node: cst.Subscript) -> str | None:
    """The string literal a subscript reads (`x["content"]`), else None."""
    if len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index) and \
            isinstance(node.slice[0].slice.value, cst.SimpleString):
        key = node.slice[0].slice.value.evaluated_value
        return key if isinstance(key, str) else None
    return None


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
    an arm the use is not in of an `if` it is in. (What an `except` handler binds is among
    `bindings` only for a use inside that handler: `Module.bindings_in`.)"""
    used_ifs = {if_id for if_id, _ in arms}
    out: list[Binding] = []
    for binding in bindings:
        if binding.name != name or binding.pos >= before:
            continue
        if any(if_id in used_ifs and (if_id, arm) not in arms for if_id, arm in binding.arms):
            continue  # the other arm of an if the use is in
        if binding.op in ("=", "opaque", "item", "position") and \
                not conditional(binding, arms):
            out = []
        out.append(binding)
    return out


def past_trims(bindings: list[Binding], name: str, at: int, parents: dict,
               order: dict, ends: dict) -> list[Binding]:
    """The bindings a use at `at` after a `while` loop reads, without the loop's trims of
    the name (`while used > budget: messages = [messages[0]] + messages[2:]`): the loop may
    not run at all, and when it does it only drops some of what the list holds, in the
    order it holds it, so what the list held before the loop is what is sent."""
    if not any(b.name == name and b.trims for b in bindings):
        return bindings
    return [b for b in bindings if not (
        b.name == name and b.trims and _trimmed_before(b, at, parents, order, ends))]


def _trimmed_before(binding: Binding, at: int, parents: dict, order: dict,
                    ends: dict) -> bool:
    """Whether a binding sits in a `while` loop with a test (not `while True:`) that ends
    before `at`."""
    node = parents.get(id(binding.value))
    while node is not None and not isinstance(node, (cst.FunctionDef, cst.Module)):
        if isinstance(node, cst.While):
            test = node.test
            forever = isinstance(test, cst.Name) and test.value == "True" or \
                isinstance(test, cst.Integer) and test.value != "0"
            return not forever and not order[id(node)] < at < ends[id(node)]
        node = parents.get(id(node))
    return False


def carried(bindings: list[Binding], loops: list[tuple[int, int]], name: str,
            before: int) -> int:
    """Where a use at `before` inside a loop reads `name` from: the loop's end when the
    loop body assigns the name afresh after the use (`start = 0; for ...: send(start);
    start = reply.end + 1`), since every pass but the first sees that value; else
    `before`. The outermost such loop counts. Not when the pass assigns the name before
    the use whichever way it goes (`if tap: prompt = A else: prompt = B`, then `prompt =
    prompt.replace(...)`): every pass reads what it assigned itself."""
    for start, end in sorted(loops):
        if start < before < end and any(
                b.name == name and b.op == "=" and before < b.pos < end for b in bindings) \
                and not _assigned_first(bindings, name, start, before):
            return end
    return before


def added_later(bindings: list[Binding], loops: list[tuple[int, int]], name: str,
                before: int) -> bool:
    """Whether a use at `before` inside a loop reads a list the same pass adds to after it
    (`send([*history, turn]); history.append(turn)`): every pass but the first reads what
    the earlier ones added (`carried` follows names assigned afresh; this, names grown)."""
    return any(start < before < end and any(
        b.name == name and b.op in ADDS and before < b.pos < end for b in bindings)
        for start, end in loops)


def _assigned_first(bindings: list[Binding], name: str, start: int, before: int) -> bool:
    """Whether a loop pass assigns `name` between `start` and `before` on every path: outside
    any `if` of the pass, or in both arms of one."""
    arms: dict[tuple, set[int]] = {}
    for b in bindings:
        if b.name != name or b.op != "=" or not start < b.pos < before:
            continue
        inner = b.arms
        if not inner:
            return True
        arms.setdefault(inner[:-1] + (inner[-1][0],), set()).add(inner[-1][1])
    return any({0, 1} <= taken for taken in arms.values())


def module_loop(loops: dict[int, list[tuple[int, int]]], at: int) -> tuple[int, int] | None:
    """The outermost loop at module level (`for row in rows:` of a script, a `while True:`
    chat loop) around position `at`, or None. A prompt sent inside one is sent once a pass,
    each pass a request of its own: what the loop's body binds is not a value computed once
    at import."""
    return next(((start, end) for start, end in sorted(loops.get(0, ()))
                 if start <= at < end), None)


def _exits(block) -> bool:
    """Whether an `if` arm's block always leaves (its last statement returns, raises,
    continues or breaks): `if ok: url = found else: return`."""
    return isinstance(block, cst.IndentedBlock) and bool(block.body) and \
        ends_block(block.body[-1], (cst.Return, cst.Raise, cst.Continue, cst.Break))


def richer_arm(bindings: list[Binding], name: str, before: int,
               arms: frozenset[tuple[int, int]]
               ) -> tuple[list[Binding], tuple[tuple[int, int], ...]]:
    """The bindings reaching a use when an `if` (or `match`) around them assigns the name
    afresh in two arms or more (`if docs: prompt = <instructions and docs> else: prompt =
    question`): the path through the arm holding the most constant text, the prompt with the
    most at stake, and the arms chosen (outermost first), so that the caller can still make
    the test a branch. A tie chooses the first of the arms as rich."""
    chain = reaching(bindings, name, before, arms)
    chosen: list[tuple[int, int]] = []
    for _ in range(8):
        choice = _richest(chain, arms)
        if choice is None:
            break
        chosen.append(choice)
        arms = arms | {choice}
        chain = reaching(bindings, name, before, arms)
    return chain, tuple(chosen)


# What a statement adds to a text or a list already made (`+=`, `.append`, `.extend`,
# `.insert(0, ...)`): when two arms of one `if` add, only one of them runs.
# `insert(i, x)` at a literal place near the start (`insert0` puts it first)
INSERTS = frozenset(f"insert{i}" for i in range(10))
ADDS = frozenset({"+=", "append", "extend"}) | INSERTS
# What a statement does to a message already in a list: its text set afresh or extended
# (`messages[0]["content"] = text`, `[0]["content"] += text`, `[-1]["content"] += text`).
REWRITES = ("first=", "first+=", "last+=")


def _richest(chain: list[Binding], arms: frozenset[tuple[int, int]]) -> tuple[int, int] | None:
    """Of the first `if` outside the use's arms (and, for an add, the one `if` inside it)
    that assigns the name afresh (or adds to it) in two arms or more, the arm with the most
    literal text, then with the most parts joined (`SYSTEM + SCHEMA` over `SYSTEM`, constants
    named rather than spelled), the first of those as rich on a tie; None when there is
    none."""
    used = {if_id for if_id, _ in arms}
    sizes: dict[int, dict[int, tuple[int, int]]] = {}
    fresh: dict[int, set[int]] = {}
    for binding in chain:
        # the first `if` around it not chosen yet, and for an add one `if` inside that: an
        # `if` only one of whose arms adds may hold one that adds in both (`elif waiting:
        # if tries < limit: p += A else: p += B`). Deeper `if`s, and an assignment afresh
        # inside, are read as the chain has them (the last wins): choosing arm by arm at
        # every depth multiplied the work on a module of nested appends past its budget.
        level = 0
        for if_id, arm in binding.arms:
            if if_id in used:
                continue
            if level and binding.op not in ADDS or level > 1:
                break
            level += 1
            arm_sizes = sizes.setdefault(if_id, {})
            size = binding.size
            before = arm_sizes.get(arm, (0, 0))
            arm_sizes[arm] = (before[0] + size[0], before[1] + size[1])
            if binding.op == "=" and not binding.rewrites or binding.op in ADDS:
                # (`if flag: messages += [SYSTEM] else: messages += [USER, REPLY]`: one arm
                # adds)
                fresh.setdefault(if_id, set()).add(arm)
    for if_id, assigned in fresh.items():
        if len(assigned) < 2:
            continue
        ranked = sorted(((size, arm) for arm, size in sizes[if_id].items() if arm in assigned),
                        reverse=True)
        if ranked[0][0] > ranked[1][0]:
            return if_id, ranked[0][1]
        # a tie: the first arm, each as rich (`if tap: p = sub(A, "tapping", T) else: p =
        # sub(A, "swiping", T)`): it stands for the others, the test a branch before it
        return if_id, min(arm for size, arm in ranked if size == ranked[0][0])
    return None


def _walk(node: cst.CSTNode | None, limit: int = 2_000) -> list[cst.CSTNode]:
    """The nodes under `node`, at most `limit` of them. Read from the nodes' fields (libcst's
    `children` builds each node again to list them, several times slower), which give the
    same nodes in another order: when there are more than `limit`, the first `limit` in
    libcst's order are walked again, as before."""
    if node is None:
        return []
    found: list[cst.CSTNode] = []
    stack = [node]
    while stack:
        current = stack.pop()
        found.append(current)
        if len(found) > limit:
            return _walk_in_order(node, limit)
        stack.extend(_children(current))
    return found


def _walk_in_order(node: cst.CSTNode, limit: int) -> list[cst.CSTNode]:
    """The first `limit` nodes under `node` in the order of libcst's `children`."""
    found: list[cst.CSTNode] = []
    stack = [node]
    while stack and len(found) < limit:
        current = stack.pop()
        found.append(current)
        stack.extend(current.children)
    return found


@functools.cache
def _node_fields(kind: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(kind))


def _children(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The nodes libcst's `children` gives (whitespace and punctuation included), in field
    order rather than libcst's visiting order."""
    out: list[cst.CSTNode] = []
    for name in _node_fields(type(node)):
        value = getattr(node, name)
        if _is_node(type(value)):
            out.append(value)
        elif isinstance(value, (tuple, list)):
            out.extend(item for item in value if _is_node(type(item)))
    return out


def richness(node: cst.BaseExpression | None) -> tuple[int, int]:
    """How much an expression holds as a prompt: its literal text, then how many parts it
    joins (the richer of two texts the code may send is the one with the most at stake)."""
    return _literal_chars(node), _joined(node)


def _literal_chars(node: cst.BaseExpression | None) -> int:
    """How much literal text an expression spells out."""
    return sum(len(n.value) for n in _walk(node)
               if isinstance(n, (cst.SimpleString, cst.FormattedStringText)))


def _joined(node: cst.BaseExpression | None) -> int:
    """How many parts an expression joins with `+` (`SYSTEM + schema()` joins two)."""
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add):
        return _joined(node.left) + _joined(node.right)
    return 0 if node is None else 1


def test_of(node: cst.If | cst.Match) -> cst.BaseExpression:
    """What decides which arm runs: an `if`'s test, a `match`'s subject."""
    return node.test if isinstance(node, cst.If) else node.subject


def conditional(binding: Binding, arms: frozenset[tuple[int, int]]) -> bool:
    """Whether a binding sits in an `if` arm that does not enclose the use."""
    return any(arm not in arms for arm in binding.arms)


def _never_runs(node: cst.If, child: cst.CSTNode) -> bool:
    """Whether `child` is an arm of `if` that no run takes: the body of `if False:` (or
    `if 0:`), code kept for reference; the `else` of `if True:`."""
    test = node.test
    constant = test.value if isinstance(test, cst.Name) and \
        test.value in ("True", "False") else test.value if isinstance(test, cst.Integer) \
        else None
    if constant is None:
        return False
    taken = constant not in ("False", "0")
    return child is (node.orelse if taken else node.body)


def in_dead_arm(parents: dict, node: cst.CSTNode) -> bool:
    """Whether a node sits in an arm of `if` that no run takes (`_never_runs`), or below a
    `return` or `raise` of its block (code an edit left under `return jsonify(...)`),
    `parents` mapping a node's id to its parent."""
    child, parent = node, parents.get(id(node))
    while parent is not None:
        if isinstance(parent, cst.If) and child is not parent.test and \
                _never_runs(parent, child):
            return True
        if isinstance(parent, cst.IndentedBlock):
            kept = reachable(parent.body)
            if not any(statement is child for statement in kept):
                return True
        child, parent = parent, parents.get(id(parent))
    return False
