"""What each part of a Jinja template depends on, and the markers that trace it when rendered.

One pass over a template's AST, in source order, does three things: it resolves every
expression to the hole paths it reads (through `set`, `for`, `with`, macro parameters and
namespaces), it records each output item and each `if`/`for` whose test or iterable depends
on a hole, and it wraps every output item in invisible markers so that a rendering can be
split back into the elements that produced it (sqlfluff's tracing idea, done on the AST).
"""

from __future__ import annotations

import re

from dataclasses import dataclass, field

from jinja2 import nodes
from jinja2.visitor import NodeTransformer

from ..ir import Hole, Scope, Span
from .jinja_scan import Scan

MARK_OPEN = "\x02"
MARK_CLOSE = "\x03"
CONCAT_GUARD = "__prefixlint_concat"

# Names Jinja provides itself; reading them is not a hole.
BUILTIN_NAMES = frozenset({"range", "dict", "lipsum", "cycler", "joiner", "namespace",
                           "loop", "caller", "varargs", "kwargs", "super", "self",
                           "true", "false", "none", "True", "False", "None", CONCAT_GUARD})


@dataclass(frozen=True)
class Dep:
    """The hole paths a value reads, and whether it reads a macro parameter."""

    paths: frozenset[str] = frozenset()
    param: bool = False

    def __or__(self, other: "Dep") -> "Dep":
        return Dep(self.paths | other.paths, self.param or other.param)

    @property
    def varies(self) -> bool:
        return bool(self.paths) or self.param


STATIC = Dep()


@dataclass(frozen=True)
class Link:
    """One step of the chain that decides a piece of text: a control and its branch."""

    control: int
    branch: int


@dataclass(frozen=True)
class Element:
    """An output item (literal text, or an expression) or a wrapped statement (include)."""

    id: int
    kind: str  # "text", "expr" or "stmt"
    chain: tuple[Link, ...]
    hole: Hole | None = None
    param: bool = False


@dataclass(frozen=True)
class Control:
    """An `if` chain or `for` loop whose test or iterable depends on a hole or parameter."""

    id: int
    hole: Hole | None
    param: bool


@dataclass
class Registry:
    """Elements and controls of every template an environment has parsed, by global id."""

    scope_of: object  # Callable[[str], Scope]
    elements: dict[int, Element] = field(default_factory=dict)
    controls: dict[int, Control] = field(default_factory=dict)
    free_names: set[str] = field(default_factory=set)
    references: dict[str, tuple[str, ...]] = field(default_factory=dict)
    holes: dict[str, list[Hole]] = field(default_factory=dict)
    # Per file, value names its own declaration gives a scope (a prompty file's inputs),
    # for names that neither the configuration nor the table of names classifies.
    declared: dict[str, dict[str, Scope]] = field(default_factory=dict)
    next_id: int = 1

    def new_id(self) -> int:
        value = self.next_id
        self.next_id += 1
        return value

    def hole(self, kind: str, expr: str, span: Span, dep: Dep) -> Hole | None:
        if not dep.paths:
            return None
        paths = tuple(sorted(dep.paths))
        declared = self.declared.get(span.path, {})
        scope = Scope(max((self._scope(p, declared) for p in paths), key=lambda s: int(s)))
        return Hole(kind, expr, span, paths, _formatted(expr, scope))

    def _scope(self, path: str, declared: dict[str, Scope]) -> Scope:
        scope = self.scope_of(path)
        if scope is Scope.UNKNOWN:
            return declared.get(path.split(".", 1)[0], scope)
        return scope


_STRFTIME = re.compile(r"""\.strftime\(\s*(['"])([^'"]*)\1\s*\)\s*$""")


def _formatted(expr: str, scope: Scope) -> Scope:
    """`when.strftime('%I:%M')` is a clock reading (request) whatever `when` is called;
    `now.strftime('%Y-%m-%d')` changes once a day (as in Python code)."""
    from .python.sources import clock_format, date_only

    match = _STRFTIME.search(expr)
    if match is None:
        return scope
    if date_only(match.group(2)) and scope.varies_like > Scope.DAY:
        return Scope.DAY
    if clock_format(match.group(2)) and scope is Scope.UNKNOWN:
        return Scope.REQUEST
    return scope


def _chain_path(node: nodes.Node, scope: dict[str, Dep]) -> str | None:
    """`user.profile.name` for a chain of attribute/constant-item reads on a free name."""
    if isinstance(node, nodes.Name):
        return None if node.name in scope or node.name in BUILTIN_NAMES else node.name
    if isinstance(node, nodes.Getattr):
        base = _chain_path(node.node, scope)
        return None if base is None else f"{base}.{node.attr}"
    if isinstance(node, nodes.Getitem) and isinstance(node.arg, nodes.Const):
        base = _chain_path(node.node, scope)
        return None if base is None else f"{base}.{node.arg.value}"
    return None


class TemplateAnalyzer:
    """Analyzes and marks one parsed template; results go into the shared registry."""

    def __init__(self, registry: Registry, scan: Scan, name: str) -> None:
        self.registry = registry
        self.scan = scan
        self.name = name
        self.variables = list(scan.variables)
        self.ifs = scan.blocks_with("if")
        self.elifs = scan.blocks_with("elif")
        self.fors = scan.blocks_with("for")
        self.references: list[str] = []
        self.holes: list[Hole] = []
        # What `{% set ns.attr = … %}` stored in each namespace: visible outside the block
        # or loop that assigned it, as Jinja's namespaces are.
        self.namespaces: dict[str, Dep] = {}

    # -- expressions -------------------------------------------------------------------

    def deps(self, node: nodes.Node, scope: dict[str, Dep]) -> Dep:
        path = _chain_path(node, scope)
        if path is not None:
            self.registry.free_names.add(path.split(".", 1)[0])
            return Dep(frozenset({path}))
        if isinstance(node, nodes.Name):
            if node.name in scope:
                return scope[node.name] | self.namespaces.get(node.name, STATIC)
            return STATIC
        result = STATIC
        for child in node.iter_child_nodes():
            result = result | self.deps(child, scope)
        return result

    # -- statements ----------------------------------------------------------------------

    def analyze(self, template: nodes.Template) -> None:
        self.body(template.body, {}, (), STATIC)
        ConcatGuard().visit(template)
        self.registry.references[self.name] = tuple(self.references)
        self.registry.holes[self.name] = self.holes

    def body(self, body: list[nodes.Node], scope: dict[str, Dep], chain: tuple[Link, ...],
             around: Dep) -> Dep:
        """Analyze and mark a statement list in place; return what its output depends on."""
        produced = STATIC
        index = 0
        while index < len(body):
            node = body[index]
            produced = produced | self.statement(node, scope, chain, around)
            if isinstance(node, (nodes.Include, nodes.Block)):
                element = self._element("stmt", chain, None, False)
                body[index:index + 1] = [_marker_output(element.id), node, _marker_output(None)]
                index += 2
            index += 1
        return produced

    def statement(self, node: nodes.Node, scope: dict[str, Dep], chain: tuple[Link, ...],
                  around: Dep) -> Dep:
        if isinstance(node, nodes.Output):
            return self.output(node, scope, chain)
        if isinstance(node, nodes.If):
            return self.if_chain(node, scope, chain, around)
        if isinstance(node, nodes.For):
            return self.for_loop(node, scope, chain, around)
        if isinstance(node, nodes.Assign):
            self.assign(node.target, self.deps(node.node, scope) | around, scope)
            return STATIC
        if isinstance(node, nodes.AssignBlock):
            produced = self.body(node.body, dict(scope), chain, around)
            self.assign(node.target, produced | around, scope)
            return STATIC
        if isinstance(node, nodes.Macro):
            inner = dict(scope)
            for arg in node.args:
                inner[arg.name] = Dep(param=True)
            for extra in ("caller", "varargs", "kwargs"):
                inner[extra] = Dep(param=True)
            self.body(node.body, inner, (), STATIC)
            scope[node.name] = STATIC
            return STATIC
        if isinstance(node, nodes.CallBlock):
            inner = dict(scope)
            for arg in node.args:
                inner[arg.name] = Dep(param=True)
            self.body(node.body, inner, chain, around)
            return self.deps(node.call, scope)
        if isinstance(node, nodes.With):
            inner = dict(scope)
            for target, value in zip(node.targets, node.values):
                self.assign(target, self.deps(value, scope) | around, inner)
            return self.body(node.body, inner, chain, around)
        if isinstance(node, (nodes.Include, nodes.Extends, nodes.Import, nodes.FromImport)):
            if isinstance(node.template, nodes.Const) and isinstance(node.template.value, str):
                self.references.append(node.template.value)
            if isinstance(node, nodes.Import):
                scope[node.target] = STATIC
            elif isinstance(node, nodes.FromImport):
                for item in node.names:
                    scope[item[1] if isinstance(item, tuple) else item] = STATIC
            return STATIC
        if isinstance(node, (nodes.Block, nodes.Scope, nodes.ScopedEvalContextModifier,
                             nodes.FilterBlock)):
            inner = dict(scope) if isinstance(node, (nodes.Block, nodes.Scope)) else scope
            return self.body(node.body, inner, chain, around)
        return STATIC

    def assign(self, target: nodes.Node, dep: Dep, scope: dict[str, Dep]) -> None:
        if isinstance(target, nodes.Name):
            scope[target.name] = dep
        elif isinstance(target, nodes.NSRef):
            self.namespaces[target.name] = self.namespaces.get(target.name, STATIC) | dep
        elif isinstance(target, nodes.Tuple):
            for item in target.items:
                self.assign(item, dep, scope)

    def output(self, node: nodes.Output, scope: dict[str, Dep],
               chain: tuple[Link, ...]) -> Dep:
        marked: list[nodes.Node] = []
        produced = STATIC
        for item in node.nodes:
            if isinstance(item, nodes.TemplateData):
                element = self._element("text", chain, None, False)
            else:
                dep = self.deps(item, scope)
                produced = produced | dep
                tag = self.variables.pop(0) if self.variables else None
                span = (self.scan.span(tag.start, tag.end) if tag
                        else self.scan.line_span(item.lineno))
                expr = tag.inner if tag else f"<expression on line {item.lineno}>"
                hole = self.registry.hole("value", expr, span, dep)
                if hole is not None:
                    self.holes.append(hole)
                element = self._element("expr", chain, hole, dep.param)
            marked.extend([_marker(element.id), item, _marker(None)])
        node.nodes = marked
        return produced

    def _control(self, kind: str, tag_list: list, lineno: int, expr_of, dep: Dep) -> int:
        tag = tag_list.pop(0) if tag_list else None
        span = self.scan.span(tag.start, tag.end) if tag else self.scan.line_span(lineno)
        expr = expr_of(tag.inner) if tag else f"<{kind} on line {lineno}>"
        hole = self.registry.hole(kind, expr, span, dep)
        if hole is not None:
            self.holes.append(hole)
        control = Control(self.registry.new_id(), hole, dep.param)
        if hole is not None or dep.param:
            self.registry.controls[control.id] = control
        return control.id

    def if_chain(self, node: nodes.If, scope: dict[str, Dep], chain: tuple[Link, ...],
                 around: Dep) -> Dep:
        dep = self.deps(node.test, scope)
        for elif_node in node.elif_:
            dep = dep | self.deps(elif_node.test, scope)
            if self.elifs:
                self.elifs.pop(0)
        control = self._control("branch", self.ifs, node.lineno,
                                lambda inner: inner.split(None, 1)[-1], dep)
        branches = [node.body] + [e.body for e in node.elif_] + [node.else_]
        produced = dep
        for number, branch in enumerate(branches):
            link = (Link(control, number),) if dep.varies else ()
            produced = produced | self.body(branch, scope, chain + link, around | dep)
        return produced

    def for_loop(self, node: nodes.For, scope: dict[str, Dep], chain: tuple[Link, ...],
                 around: Dep) -> Dep:
        dep = self.deps(node.iter, scope)
        inner = dict(scope)
        self.assign(node.target, dep | around, inner)
        inner["loop"] = dep
        if node.test is not None:
            dep = dep | self.deps(node.test, inner)
        control = self._control("loop", self.fors, node.lineno, _loop_expr, dep)
        produced = dep
        body_link = (Link(control, 0),) if dep.varies else ()
        produced = produced | self.body(node.body, inner, chain + body_link, around | dep)
        else_link = (Link(control, 1),) if dep.varies else ()
        produced = produced | self.body(node.else_, scope, chain + else_link, around | dep)
        return produced

    def _element(self, kind: str, chain: tuple[Link, ...], hole: Hole | None,
                 param: bool) -> Element:
        element = Element(self.registry.new_id(), kind, chain, hole, param)
        self.registry.elements[element.id] = element
        return element


def _loop_expr(inner: str) -> str:
    head, sep, tail = inner.partition(" in ")
    return tail.strip() if sep else inner


def _marker(element_id: int | None) -> nodes.TemplateData:
    text = MARK_OPEN + ("" if element_id is None else str(element_id)) + MARK_CLOSE
    return nodes.TemplateData(text)


def _marker_output(element_id: int | None) -> nodes.Output:
    return nodes.Output([_marker(element_id)])


class ConcatGuard(NodeTransformer):
    """Route `a ~ b` through a size-checked function, so no template grows a huge string."""

    def visit_Concat(self, node: nodes.Concat) -> nodes.Node:
        self.generic_visit(node)
        call = nodes.Call(nodes.Name(CONCAT_GUARD, "load"), list(node.nodes), [], None, None)
        return call.set_lineno(node.lineno)
