"""Python expressions → prompt text: literal `Text` and `Hole`s, without running anything.

A small symbolic evaluator over libcst trees. It follows names to their assignments in the
function, the module and other analyzed modules; understands f-strings, `.format`, `%`, `+`,
`join`, `dedent`/`cleandoc`, helper functions of the module and message lists; and turns
everything it cannot know statically into a hole whose scope comes from the volatility
sources (clock, ids, randomness), from its name, or, for values computed when a module is
imported, `deploy`.
"""

from __future__ import annotations

import builtins
import codecs
import inspect
import json
import re
import string
import textwrap
from dataclasses import dataclass, field
from typing import Callable, Iterable, Union

import libcst as cst
from libcst.metadata import PositionProvider

from ..ir import Hole, Scope, Span, Text
from .python_catalogue import RANDOM_EXAMPLES, date_only, source_scope
from .python_flow import Binding, ClassInfo, FlowTables, conditional, position, reaching

Seg = Union[Text, Hole]
MAX_DEPTH = 12
_PERCENT = re.compile(r"%(?:\((\w+)\))?[-#0 +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[diouxXeEfFgGcrsa%]")
_PLACEHOLDER = "\ue000"
_DOLLAR = re.compile(r"\$(?:(\w+)|\{(\w+)\}|\$)")
_BUILTIN_NAMES = frozenset(dir(builtins))
_DATA_LOADERS = frozenset({"json.load", "yaml.safe_load", "yaml.load", "yaml.full_load",
                           "tomllib.load", "tomli.load", "toml.load", "csv.reader",
                           "csv.DictReader"})
_CALENDAR_PARTS = frozenset({"day", "month", "year", "weekday", "isoweekday", "date"})


@dataclass(frozen=True)
class Note:
    """Something a rule reports beyond a volatile value (PFX010–PFX013)."""

    code: str
    span: Span
    message: str
    block: int = -1
    fix: tuple[Span, str] | None = None


@dataclass(frozen=True)
class HoleItem:
    """An item of a sequence known only as a hole (the earlier turns of a conversation)."""

    hole: Hole


@dataclass(frozen=True)
class ModuleRef:
    """A name bound to a module of the project (`from app import prompts`)."""

    module: "Module"


@dataclass(frozen=True)
class Parts:
    """A value built by several statements, in order: `(op, expression, context)` with op
    `=`, `+=`, `append`, `extend`, `insert0`, `opaque` (unknown) or `branch` (a hole)."""

    parts: tuple[tuple[str, object, "Context"], ...]


@dataclass(frozen=True)
class LoopItem:
    """A loop or comprehension variable: one item of `iterable`, read where it stands."""

    iterable: cst.BaseExpression
    ctx: "Context"


Resolved = Union[tuple, Parts, ModuleRef, LoopItem, str, None]


@dataclass
class Message:
    """One chat message being built: its role and its content segments."""

    role: str
    segments: list


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
        """Where a node starts, in statement order (see `python_flow.position`)."""
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
        dotted = _dotted_name(node)
        first, _, rest = dotted.partition(".")
        if not first:
            return None
        if first in self.imports:
            origin, attr = self.imports[first]
            base = f"{origin}.{attr}" if attr else origin
            return f"{base}.{rest}" if rest else base
        if first in _BUILTIN_NAMES and first not in self.functions and \
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


@dataclass
class Context:
    """Where an expression is being lowered: its module, function, position in statement
    order (`line`, see `python_flow.position`), the `if` arms around it, call bindings."""

    module: Module
    function: cst.FunctionDef | None
    line: int
    import_time: bool = False
    bindings: dict[str, tuple[cst.BaseExpression, "Context"]] = field(default_factory=dict)
    depth: int = 0
    arms: frozenset[tuple[int, int]] = frozenset()


class Lowerer:
    """Lowers expressions of the modules of one run; notes and explicit scopes accumulate."""

    def __init__(self, load_module: Callable[[str, str], Module | None],
                 scope_of: Callable[[str], Scope],
                 sources: tuple[tuple[str, Scope], ...] = ()) -> None:
        self.load_module = load_module
        self.scope_of = scope_of
        self.sources = sources
        self.notes: list[Note] = []
        self.scopes: dict[str, Scope] = {}
        self.files: set[str] = set()
        self.block = -1
        self.linker = None  # python_templates.TemplateLinker, when template files are linked
        self.variant = 0  # which file a template name that can name several is taken as
        self.variants = 1

    def scope_for(self, path: str) -> Scope:
        """A value path's scope: explicit (a clock call, an import-time value, and anything
        read from them) first, then by name."""
        explicit = self.scopes.get(path)
        if explicit is not None:
            return explicit
        if "@" in path:
            for key, scope in self.scopes.items():
                if path.startswith(key + "."):
                    return scope
        return self.scope_of(path)

    def note(self, code: str, span: Span, message: str,
             fix: tuple[Span, str] | None = None) -> None:
        """Record a rule note in the block being lowered (notes in the final user message
        are dropped: values that only reach the end of the prompt are fine)."""
        self.notes.append(Note(code, span, message, self.block, fix))

    # -- holes -----------------------------------------------------------------------------

    def hole(self, node: cst.CSTNode, ctx: Context, path: str | None = None,
             scope: Scope | None = None, kind: str = "value") -> Hole:
        span = ctx.module.span(node)
        expr = _short(ctx.module.source(node))
        if ctx.import_time:
            scope = Scope.DEPLOY
        if scope is not None or path is None:
            path = f"{path or expr}@{span.path}:{span.line}:{span.column}"
            self.scopes[path] = scope if scope is not None else Scope.UNKNOWN
        return Hole(kind, expr, span, (path,), self.scope_for(path))

    # -- names -------------------------------------------------------------------------------

    def resolve(self, name: str, ctx: Context) -> Resolved:
        """What a name (or `self.attr`) holds where ctx stands: one expression with its
        context, the `Parts` a sequence of statements built, a module, "param", or None."""
        if name in ctx.bindings:
            return ctx.bindings[name]
        module = ctx.module
        if ctx.depth > MAX_DEPTH:
            return None
        if ctx.function is not None:
            chain = reaching(module.bindings.get(id(ctx.function), []), name, ctx.line,
                             ctx.arms)
            if "." in name:
                return self._member_value(name, chain, ctx)
            if chain:
                return self._combine(chain, ctx)
            if name in _param_names(ctx.function):
                return "param"
        elif "." in name:
            return None
        chain = reaching(module.bindings.get(0, []), name, position(10 ** 7, 0), frozenset())
        if chain:
            return self._combine(chain, Context(module, None, chain[-1].pos + 1, True,
                                                depth=ctx.depth + 1))
        if name in module.imports:
            origin, attr = module.imports[name]
            if not attr:
                other = self.load_module(origin, module.path)
                return ModuleRef(other) if other is not None else None
            other = self.load_module(origin, module.path)
            if other is not None:
                self.files.add(other.path)
                remote = Context(other, None, position(10 ** 7, 0), True, depth=ctx.depth + 1)
                found = self.resolve(attr, remote)
                if found is not None:
                    return found
            submodule = self.load_module(f"{origin}.{attr}" if origin.strip(".")
                                         else origin + attr, module.path)
            if submodule is not None:
                self.files.add(submodule.path)
                return ModuleRef(submodule)
        return None

    def _combine(self, chain: list[Binding], ctx: Context) -> Resolved:
        """The value a chain of reaching bindings builds, each part read where it was
        written; an assignment made in only one arm of an `if` on a volatile value is a
        branch on that value (as `{% if %}` is), otherwise its arm is taken."""
        function = ctx.function if chain[0].pos < ctx.line else None
        parts: list[tuple[str, object, Context]] = []
        for binding in chain:
            at = Context(ctx.module, function if function is not None else ctx.function,
                         binding.pos, ctx.import_time, dict(ctx.bindings), ctx.depth + 1,
                         frozenset(binding.arms))
            if binding.op in ("=", "opaque", "item") and parts and \
                    conditional(binding, ctx.arms):
                test = self._volatile_test(binding, ctx)
                if test is not None:
                    parts = [("branch", test, at)]
                    continue
                parts = []
            parts.append((binding.op, binding.value, at))
        if len(parts) == 1 and parts[0][0] == "=":
            return parts[0][1], parts[0][2]
        if len(parts) == 1 and parts[0][0] == "item":
            return LoopItem(parts[0][1], parts[0][2])
        if parts[0][0] == "opaque" and len(parts) == 1:
            return None
        return Parts(tuple(parts))

    def _volatile_test(self, binding: Binding, ctx: Context) -> Hole | None:
        """The test of the outermost `if` around a binding (but not around the use) when it
        varies more often than a deployment."""
        for if_id, _ in binding.arms:
            if (if_id, 0) in ctx.arms or (if_id, 1) in ctx.arms:
                continue
            node = ctx.module.ifs.get(if_id)
            if node is None:
                return None
            test_ctx = Context(ctx.module, ctx.function, ctx.module.pos(node), ctx.import_time,
                               dict(ctx.bindings), ctx.depth + 1, ctx.module.arms(node))
            hole = self._deps_hole(node.test, test_ctx)
            if hole.scope.varies_like >= Scope.DAY:
                return Hole("branch", hole.expr, hole.span, hole.deps, hole.scope)
            return None
        return None

    # -- objects -----------------------------------------------------------------------------

    def _member_value(self, name: str, local: list[Binding], ctx: Context) -> Resolved:
        """`self.attr` in a method: what this call set, else what the object holds between
        calls (class attribute, `__init__`, a property). A list that methods keep appending
        to is a conversation: its earlier items are an append-only history."""
        owner, attr = name.split(".", 1)
        params = _param_names(ctx.function)
        info = ctx.module.owner.get(id(ctx.function))
        if info is None or not params or params[0] != owner:
            return self._combine(local, ctx) if local else None
        if local and local[0].op == "=" and not conditional(local[0], ctx.arms):
            return self._combine(local, ctx)
        held = self.member(info, attr, ctx)
        parts: list[tuple[str, object, Context]] = []
        if isinstance(held, tuple):
            parts.append(("=", held[0], held[1]))
        if self._grows(info, attr, ctx.module):
            path = f"{owner}.{attr}"
            span = held[1].module.span(held[0]) if isinstance(held, tuple) else \
                ctx.module.span(info.node.name)
            hole = Hole("value", path, span, (path,), self.scope_of(path))
            parts.append(("extend", HoleItem(hole), ctx))
        if local:
            extra = self._combine(local, ctx)
            parts.extend(extra.parts if isinstance(extra, Parts) else
                         [("=", extra[0], extra[1])] if isinstance(extra, tuple) else [])
        if not parts:
            return held
        if len(parts) == 1 and parts[0][0] == "=":
            return parts[0][1], parts[0][2]
        return Parts(tuple(parts))

    def member(self, info: ClassInfo, attr: str, ctx: Context, depth: int = 0) -> Resolved:
        """A class's attribute as every instance holds it: a class constant, what
        `__init__` sets, or a property's value; searched through project base classes."""
        module = ctx.module
        chain = reaching(module.bindings.get(id(info.node), []), attr, position(10 ** 7, 0),
                         frozenset())
        if chain:
            return self._combine(chain, Context(module, None, chain[-1].pos + 1, True,
                                                depth=ctx.depth + 1))
        init = info.methods.get("__init__")
        if init is not None:
            params = _param_names(init)
            owner = params[0] if params else "self"
            chain = [b for b in reaching(module.bindings.get(id(init), []), f"{owner}.{attr}",
                                         position(10 ** 7, 0), frozenset())]
            if chain:
                return self._combine(chain, Context(module, init, position(10 ** 7, 0),
                                                    depth=ctx.depth + 1))
        method = info.methods.get(attr)
        if method is not None and any(_dotted_name(d.decorator).endswith("property")
                                      for d in method.decorators):
            returned = _return_value(method)
            if returned is not None:
                return returned, Context(module, method, module.pos(returned),
                                         depth=ctx.depth + 1, arms=module.arms(returned))
        for base_name in info.bases:
            found = self._class(base_name, module)
            if found is not None and depth < 6:
                base_info, base_module = found
                value = self.member(base_info, attr, Context(base_module, None, 0, True,
                                                             depth=ctx.depth + 1), depth + 1)
                if value is not None:
                    return value
        return None

    def _grows(self, info: ClassInfo, attr: str, module: Module) -> bool:
        """Whether a method other than `__init__` appends to `self.attr`."""
        for name, method in info.methods.items():
            if name == "__init__":
                continue
            params = _param_names(method)
            owner = params[0] if params else "self"
            for binding in module.bindings.get(id(method), ()):
                if binding.name == f"{owner}.{attr}" and binding.op in ("append", "extend",
                                                                        "+=", "insert0"):
                    return True
        return False

    def _class(self, name: str, module: Module) -> tuple[ClassInfo, Module] | None:
        """A class by the name a module uses for it: defined there or imported."""
        if name in module.classes:
            return module.classes[name], module
        if name in module.imports:
            origin, attr = module.imports[name]
            other = self.load_module(origin, module.path) if attr else None
            if other is not None and attr in other.classes:
                self.files.add(other.path)
                return other.classes[attr], other
        return None

    def attribute_value(self, node: cst.Attribute, ctx: Context) -> Resolved:
        """`self.attr`, `Class.ATTR` or `module.NAME`: what the attribute holds, or None."""
        base = node.value
        attr = node.attr.value
        if not isinstance(base, cst.Name):
            return None
        if base.value in _param_names(ctx.function)[:1]:
            return self.resolve(f"{base.value}.{attr}", ctx)
        if ctx.depth > MAX_DEPTH:
            return None
        found = self._class(base.value, ctx.module)
        if found is not None:
            info, module = found
            return self.member(info, attr, Context(module, None, 0, True, depth=ctx.depth + 1))
        target = self.resolve(base.value, ctx)
        if isinstance(target, ModuleRef):
            self.files.add(target.module.path)
            return self.resolve(attr, Context(target.module, None, position(10 ** 7, 0), True,
                                              depth=ctx.depth + 1))
        return None

    def path_of(self, node: cst.BaseExpression, ctx: Context) -> str | None:
        """A dotted value path (`user.name`, `req.headers.x-request-id`) for name-based holes."""
        if isinstance(node, cst.Name):
            resolved = self.resolve(node.value, ctx)
            if isinstance(resolved, LoopItem):
                return self.item_path(resolved, ctx)
            if isinstance(resolved, tuple) and ctx.depth < MAX_DEPTH:
                inner, inner_ctx = resolved
                inner_ctx.depth = max(inner_ctx.depth, ctx.depth + 1)
                return self.path_of(inner, inner_ctx) or node.value
            return node.value
        if isinstance(node, cst.Attribute):
            base = self.path_of(node.value, ctx)
            return f"{base}.{node.attr.value}" if base else None
        if isinstance(node, cst.Subscript) and len(node.slice) == 1:
            index = node.slice[0].slice
            base = self.path_of(node.value, ctx)
            if base and isinstance(index, cst.Index):
                key = _literal(index.value)
                return f"{base}.{key}" if key is not None else base
            return base
        if isinstance(node, cst.Call):
            return self.path_of(node.func, ctx)
        return None

    # -- text ----------------------------------------------------------------------------

    def text(self, node: cst.BaseExpression, ctx: Context) -> list[Seg]:
        if isinstance(node, HoleItem):
            return [node.hole]
        if ctx.depth > MAX_DEPTH:
            return [self.hole(node, ctx)]
        if isinstance(node, cst.SimpleString):
            value = node.evaluated_value
            text = value if isinstance(value, str) else value.decode("utf-8", "replace")
            span = ctx.module.span(node)
            opening = len(node.prefix) + len(node.quote)
            return [Text(text, Span(span.path, span.line, span.column + opening, span.end_line,
                                    span.end_column))]
        if isinstance(node, cst.ConcatenatedString):
            return self.text(node.left, ctx) + self.text(node.right, ctx)
        if isinstance(node, cst.FormattedString):
            return self._fstring(node, ctx)
        if isinstance(node, (cst.Integer, cst.Float)):
            return [Text(node.value, ctx.module.span(node))]
        if isinstance(node, cst.Name):
            return self._name(node, ctx)
        if isinstance(node, cst.BinaryOperation):
            if isinstance(node.operator, cst.Add):
                return self.text(node.left, ctx) + self.text(node.right, ctx)
            if isinstance(node.operator, cst.Modulo):
                return self._percent(node, ctx)
            if isinstance(node.operator, cst.Multiply):
                repeated = self._repeat(node, ctx)
                if repeated is not None:
                    return repeated
        if isinstance(node, cst.Call):
            return self._call(node, ctx)
        if isinstance(node, (cst.Attribute, cst.Subscript)):
            return self._attribute(node, ctx)
        if isinstance(node, cst.Await):
            return self.text(node.expression, ctx)
        if isinstance(node, (cst.ListComp, cst.GeneratorExp, cst.SetComp, cst.DictComp)):
            # Built item by item from what it iterates: it varies as that does.
            path = self.item_path(LoopItem(node.for_in.iter, ctx), ctx)
            return [self.hole(node, ctx, path, kind="loop")]
        if isinstance(node, cst.IfExp):
            test = self._deps_hole(node.test, ctx)
            return [Hole("branch", test.expr, ctx.module.span(node), test.deps, test.scope)]
        return [self.hole(node, ctx, self.path_of(node, ctx))]

    def _repeat(self, node: cst.BinaryOperation, ctx: Context) -> list[Seg] | None:
        """`"=" * 40`: constant text repeated a constant number of times."""
        for text_side, count_side in ((node.left, node.right), (node.right, node.left)):
            count = self.json_value(count_side, ctx)
            if isinstance(count, int) and not isinstance(count, bool) and 0 <= count <= 10_000:
                segments = self.text(text_side, ctx)
                if segments and all(isinstance(s, Text) for s in segments):
                    text = "".join(s.text for s in segments)
                    if len(text) * count <= 1_000_000:
                        return [Text(text * count, ctx.module.span(node))]
        return None

    def _as_day(self, segment: Seg) -> Seg:
        """A clock value formatted to the day (`%Y-%m-%d`) changes once a day."""
        if isinstance(segment, Hole) and segment.scope.varies_like > Scope.DAY:
            path = segment.deps[0]
            if path in self.scopes:
                self.scopes[path] = Scope.DAY
            return Hole(segment.kind, segment.expr, segment.span, segment.deps, Scope.DAY)
        return segment

    def _deps_hole(self, node: cst.BaseExpression, ctx: Context) -> Hole:
        segments = self.text(node, ctx)
        holes = [s for s in segments if isinstance(s, Hole)]
        if not holes:
            return self.hole(node, ctx, scope=Scope.STATIC)
        return max(holes, key=lambda h: int(h.scope))

    def _name(self, node: cst.Name | cst.Attribute, ctx: Context,
              resolved: Resolved = None) -> list[Seg]:
        name = node.value if isinstance(node, cst.Name) else _dotted_name(node)
        if resolved is None:
            resolved = self.resolve(name, ctx)
        if isinstance(resolved, Parts):
            return self._parts_text(resolved, node, ctx)
        if isinstance(resolved, LoopItem):
            return [self.hole(node, ctx, self.item_path(resolved, ctx))]
        if isinstance(resolved, tuple):
            value, value_ctx = resolved
            segments = self.text(value, _deeper(value_ctx, ctx))
            if len(segments) == 1 and isinstance(segments[0], Hole) and \
                    type(segments[0]) is Hole:
                # An opaque value (a header, a clock reading, a parameter) is reported where
                # it is put into the prompt, under the name the code uses for it; a value
                # nothing else classifies is classified by that name (`memory = …`).
                inner = segments[0]
                if inner.scope is Scope.UNKNOWN and self.scope_of(name) is not Scope.UNKNOWN:
                    return [Hole(inner.kind, _short(ctx.module.source(node)),
                                 ctx.module.span(node), (name,), self.scope_of(name))]
                return [Hole(inner.kind, _short(ctx.module.source(node)),
                             ctx.module.span(node), inner.deps, inner.scope)]
            return segments
        return [self.hole(node, ctx, self.path_of(node, ctx) or name)]

    def item_path(self, item: LoopItem, ctx: Context) -> str:
        """The value path of a loop variable, scoped as what it iterates over: items of a
        constant list are constant, items picked at random change per request (PFX011)."""
        at = _deeper(item.ctx, ctx)
        iterable = item.iterable
        span = at.module.span(iterable)
        source = _iter_root(_iter_source(iterable), at)
        base = source.value if isinstance(source, cst.Name) else \
            self.path_of(source, at) or "item"
        path = f"{base}.item@{span.path}:{span.line}:{span.column}"
        if path in self.scopes:
            return path
        self.scopes[path] = Scope.UNKNOWN  # while its iterable is read (cycles end here)
        random = self._random_pick(iterable, at)
        if random is not None:
            self.note("PFX011", random, f"'{_short(at.module.source(iterable))}' is picked or "
                      "shuffled at random on every request; send examples in a fixed order")
            scope = Scope.REQUEST
        elif at.import_time:
            scope = Scope.DEPLOY
        else:
            holes = [s for s in self.text(_iter_root(iterable, at), at) if isinstance(s, Hole)]
            scope = max((h.scope for h in holes), key=lambda s: int(s.varies_like),
                        default=Scope.STATIC)
            if holes and all(h.scope is Scope.UNKNOWN for h in holes) and \
                    self.scope_of(base) is not Scope.UNKNOWN:
                scope = self.scope_of(base)
        self.scopes[path] = scope
        return path

    def _random_pick(self, node: cst.BaseExpression, ctx: Context) -> Span | None:
        """Where an iterable was shuffled or sampled at random, following names."""
        depth = 0
        while isinstance(node, cst.Name) and depth < MAX_DEPTH:
            shuffled = self.shuffled(node, ctx)
            if shuffled is not None:
                return shuffled
            resolved = self.resolve(node.value, ctx)
            if not isinstance(resolved, tuple):
                return None
            node, ctx = resolved
            depth += 1
        if isinstance(node, cst.Call) and ctx.module.qualname(node.func) in RANDOM_EXAMPLES:
            return ctx.module.span(node)
        return None

    def _parts_text(self, resolved: Parts, node: cst.CSTNode, ctx: Context) -> list[Seg]:
        """Text built by statements (`s = …; s += …`); a list used as text is one hole."""
        out: list[Seg] = []
        for op, value, at in resolved.parts:
            if op == "branch":
                out.append(value)
            elif op in ("=", "+=") and value is not None:
                out.extend(self.text(value, _deeper(at, ctx)))
            else:
                return [self.hole(node, ctx, self.path_of(node, ctx))]
        return out

    def _attribute(self, node: cst.BaseExpression, ctx: Context) -> list[Seg]:
        base = node.value
        if isinstance(node, cst.Attribute):
            resolved = self.attribute_value(node, ctx)
            if resolved is not None and resolved != "param":
                return self._name(node, ctx, resolved)
            if isinstance(base, cst.Name) and isinstance(self.resolve(base.value, ctx), tuple):
                # `now.day` of `now = datetime.now()`: a part of a value changes with it
                # (a calendar part of a clock reading, once a day).
                inner = self.text(base, ctx)
                if len(inner) == 1 and isinstance(inner[0], Hole) and \
                        inner[0].deps[0] in self.scopes:
                    hole = Hole(inner[0].kind, _short(ctx.module.source(node)),
                                ctx.module.span(node), inner[0].deps, inner[0].scope)
                    return [self._as_day(hole) if node.attr.value in _CALENDAR_PARTS
                            else hole]
        if isinstance(base, cst.Call):
            # `uuid.uuid4().hex`: an attribute of a source changes as the source does.
            inner = self.text(base, ctx)
            if len(inner) == 1 and isinstance(inner[0], Hole):
                return [Hole(inner[0].kind, _short(ctx.module.source(node)),
                             ctx.module.span(node), inner[0].deps, inner[0].scope)]
        return [self.hole(node, ctx, self.path_of(node, ctx))]

    def _fstring(self, node: cst.FormattedString, ctx: Context) -> list[Seg]:
        out: list[Seg] = []
        raw = "r" in node.prefix.lower()
        for part in node.parts:
            if isinstance(part, cst.FormattedStringText):
                text = part.value.replace("{{", "{").replace("}}", "}")
                if not raw:
                    text = _unescape(text)
                out.append(Text(text, ctx.module.span(part)))
                continue
            spec = _spec_text(part.format_spec)
            inner = self.text(part.expression, ctx)
            if spec and date_only(spec):
                inner = [self._as_day(s) for s in inner]
            if all(isinstance(s, Text) for s in inner) and not spec and part.conversion is None:
                out.extend(inner)
            elif all(isinstance(s, Text) for s in inner):
                out.append(Text(_format_constant("".join(s.text for s in inner), spec,
                                                 part.conversion), ctx.module.span(part)))
            else:
                out.extend(inner)
        return out

    def _percent(self, node: cst.BinaryOperation, ctx: Context) -> list[Seg]:
        template = self.text(node.left, ctx)
        if not all(isinstance(s, Text) for s in template):
            return template + [self.hole(node.right, ctx, self.path_of(node.right, ctx))]
        fmt = "".join(s.text for s in template)
        right = node.right
        positional = list(right.elements) if isinstance(right, cst.Tuple) else [right]
        keyed = _dict_items(right) if isinstance(right, cst.Dict) else {}
        out: list[Seg] = []
        position = 0
        index = 0
        for match in _PERCENT.finditer(fmt):
            out.append(Text(fmt[position:match.start()], None))
            position = match.end()
            if match.group(0) == "%%":
                out.append(Text("%", None))
                continue
            if match.group(1) and match.group(1) in keyed:
                out.extend(self.text(keyed[match.group(1)], ctx))
            elif not keyed and index < len(positional):
                element = positional[index]
                value = element.value if isinstance(element, cst.Element) else element
                out.extend(self.text(value, ctx))
                index += 1
            else:
                out.append(self.hole(right, ctx, self.path_of(right, ctx)))
        out.append(Text(fmt[position:], None))
        return [s for s in out if not (isinstance(s, Text) and not s.text)]

    # -- calls ---------------------------------------------------------------------------

    def _call(self, node: cst.Call, ctx: Context) -> list[Seg]:
        qualified = ctx.module.qualname(node.func) or ""
        func = node.func
        method = func.attr.value if isinstance(func, cst.Attribute) else None
        scope = source_scope(qualified, self.sources)
        if scope is not None:
            return [self.hole(node, ctx, qualified + "()", scope)]
        if qualified in _DATA_LOADERS:  # data the project ships, read at run time
            return [self.hole(node, ctx, scope=Scope.DEPLOY)]
        if method == "strftime" and isinstance(func, cst.Attribute):
            base = self.text(func.value, ctx)
            fmt = _literal(node.args[0].value) if node.args else None
            if isinstance(fmt, str) and date_only(fmt):
                return [self._as_day(s) for s in base]
            return base
        if method == "format" and isinstance(func, cst.Attribute):
            return self._format(func.value, node.args, ctx)
        if method in ("substitute", "safe_substitute") and isinstance(func, cst.Attribute):
            substituted = self._substitute(func.value, node.args, ctx)
            if substituted is not None:
                return substituted
        if method == "format_map" and isinstance(func, cst.Attribute) and node.args:
            return self._format(func.value, [cst.Arg(node.args[0].value, star="**")], ctx)
        if self.linker is not None and isinstance(func, cst.Attribute):
            linked = self._linked(node, func, method, ctx)
            if linked is not None:
                return linked
        if method == "join" and isinstance(func, cst.Attribute) and node.args:
            return self._join(func.value, node.args[0].value, ctx)
        if qualified in ("textwrap.dedent", "inspect.cleandoc") and node.args:
            transform = textwrap.dedent if qualified == "textwrap.dedent" else inspect.cleandoc
            return _transform(self.text(node.args[0].value, ctx), transform)
        if method in ("strip", "lstrip", "rstrip") and isinstance(func, cst.Attribute):
            return _transform(self.text(func.value, ctx), getattr(str, method))
        if qualified in ("builtins.str",) and node.args:
            return self._stringify(node.args[0].value, ctx, node)
        if qualified == "builtins.repr" and node.args:
            return self._stringify(node.args[0].value, ctx, node)
        if qualified == "json.dumps" and node.args:
            return self._dumps(node, ctx)
        helper = self._helper(node, ctx)
        if helper is not None:
            return helper
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Call):
            # A method on a clock reading or an id (`date.today().isoformat()`) changes
            # exactly as often as the value it is called on.
            base = self.text(func.value, ctx)
            if len(base) == 1 and isinstance(base[0], Hole) and \
                    base[0].scope is not Scope.UNKNOWN:
                return [Hole(base[0].kind, _short(ctx.module.source(node)),
                             ctx.module.span(node), base[0].deps, base[0].scope)]
        # `format_docs(docs)`, `retriever.search(question)`: a library function applied to
        # values is named (and scoped) by the most volatile of them.
        arguments = [p for a in node.args if not a.star and not isinstance(a.value, cst.Call)
                     for p in [self.path_of(a.value, ctx)] if p]
        classified = [p for p in arguments if self.scope_of(p) is not Scope.UNKNOWN]
        if classified:
            return [self.hole(node, ctx, max(classified, key=lambda p: (
                int(self.scope_of(p).varies_like), -classified.index(p))))]
        return [self.hole(node, ctx, self.path_of(node, ctx))]

    def _substitute(self, receiver: cst.BaseExpression, args, ctx: Context) -> list[Seg] | None:
        """`string.Template(text).substitute(name=...)`: `$name` and `${name}` are holes
        with the scopes of the values passed."""
        template, template_ctx = receiver, ctx
        for _ in range(MAX_DEPTH):
            if not isinstance(template, cst.Name):
                break
            resolved = self.resolve(template.value, template_ctx)
            if not isinstance(resolved, tuple):
                return None
            template, template_ctx = resolved
        if not (isinstance(template, cst.Call) and template.args and
                template_ctx.module.qualname(template.func) == "string.Template"):
            return None
        segments = self.text(template.args[0].value, template_ctx)
        if not all(isinstance(s, Text) for s in segments):
            return None
        text = "".join(s.text for s in segments)
        args = list(args)
        keywords = {a.keyword.value: a.value for a in args if a.keyword is not None}
        mapping = next((a.value for a in args if a.keyword is None), None)
        if isinstance(mapping, cst.Dict):
            keywords.update(_dict_items(mapping))
            mapping = None
        out: list[Seg] = []
        position = 0
        for match in _DOLLAR.finditer(text):
            out.append(Text(text[position:match.start()], None))
            position = match.end()
            name = match.group(1) or match.group(2)
            if name is None:
                out.append(Text("$", None))
                continue
            span = offset_span(segments, match.start(), len(match.group(0)))
            if name in keywords:
                found = self.text(keywords[name], ctx)
                out.extend(Hole(h.kind, match.group(0), span, h.deps, h.scope)
                           if isinstance(h, Hole) and span is not None else h for h in found)
            else:
                base = self.path_of(mapping, ctx) if mapping is not None else None
                path = f"{base}.{name}" if base else name
                out.append(Hole("value", match.group(0), span or ctx.module.span(receiver),
                                (path,), self.scope_for(path)))
        out.append(Text(text[position:], None))
        return [s for s in out if not (isinstance(s, Text) and not s.text)]

    def _linked(self, node: cst.Call, func: cst.Attribute, method: str,
                ctx: Context) -> list[Seg] | None:
        """Text read from a template file of the project, or a Jinja template file rendered
        with the call's values; a file read that cannot be located is a deploy value."""
        linker = self.linker
        args = [a.value for a in node.args if a.keyword is None and not a.star]
        path = None
        if method == "read" and not args:
            path = linker.opened(self, func.value, ctx)
            if path is None and linker.opened_call(self, func.value, ctx):
                return [self.hole(node, ctx, scope=Scope.DEPLOY)]
        elif method == "read_text":
            path = linker.path(self, func.value, ctx)
            if path is None:
                return [self.hole(node, ctx, scope=Scope.DEPLOY)]
        elif method == "from_file" and args:
            path = linker.path(self, args[0], ctx)
        elif method == "render":
            files = linker.template_file(self, func.value, ctx)
            if not files:
                source = self._template_source(func.value, ctx)
                files = [source] if source else []
            if files:
                self.variants = max(self.variants, len(files))
                name = files[min(self.variant, len(files) - 1)]
                embed = linker.embed(name, node.args, self, ctx, ctx.module.span(node))
                if embed is not None:
                    self.files.update(embed.renderer.inner.workspace.load(name))
                    return [embed]
            return None
        if path is None:
            return None
        self.files.add(path)
        return linker.text(path)

    def _template_source(self, node: cst.BaseExpression, ctx: Context) -> str | None:
        """The file behind `Template(open(p).read())` or `env.from_string(Path(p)
        .read_text())`, following names."""
        depth = 0
        while isinstance(node, cst.Name) and depth < MAX_DEPTH:
            resolved = self.resolve(node.value, ctx)
            if not isinstance(resolved, tuple):
                return None
            node, ctx = resolved
            depth += 1
        if not isinstance(node, cst.Call) or not node.args:
            return None
        qualified = ctx.module.qualname(node.func) or ""
        is_template = qualified == "jinja2.Template" or (
            isinstance(node.func, cst.Attribute) and node.func.attr.value == "from_string")
        if not is_template:
            return None
        segments = self.text(node.args[0].value, ctx)
        if len(segments) == 1 and isinstance(segments[0], Text) and segments[0].span \
                and segments[0].span.line == 1 and segments[0].span.column == 1 \
                and not segments[0].span.path.endswith(".py"):
            return segments[0].span.path
        return None

    def shuffled(self, node: cst.BaseExpression, ctx: Context) -> Span | None:
        """Where a name was shuffled in place (`random.shuffle(examples)`) before this use."""
        if not isinstance(node, cst.Name):
            return None
        entry = ctx.module.shuffled.get(id(ctx.function) if ctx.function else 0, {}).get(node.value)
        return entry[1] if entry is not None and entry[0] < ctx.line else None

    def _stringify(self, value: cst.BaseExpression, ctx: Context, call: cst.Call) -> list[Seg]:
        if _is_set(value, ctx, self):
            self.note("PFX010", ctx.module.span(call),
                      "a set is turned into prompt text: its order changes from process to "
                      "process (PYTHONHASHSEED)")
        return self.text(value, ctx)

    def _dumps(self, node: cst.Call, ctx: Context) -> list[Seg]:
        value = node.args[0].value
        sort_keys = any(a.keyword is not None and a.keyword.value == "sort_keys"
                        and isinstance(a.value, cst.Name) and a.value.value == "True"
                        for a in node.args)
        constant = self.json_value(value, ctx)
        if constant is not None:
            try:
                kwargs = {a.keyword.value: _literal(a.value) for a in node.args[1:]
                          if a.keyword is not None and _literal(a.value) is not None}
                return [Text(json.dumps(constant, **kwargs), ctx.module.span(node))]
            except (TypeError, ValueError):
                pass
        if not sort_keys:
            args = list(node.args)
            args[-1] = args[-1].with_changes(comma=cst.Comma(
                whitespace_after=cst.SimpleWhitespace(" ")))
            args.append(cst.Arg(cst.Name("True"), keyword=cst.Name("sort_keys"),
                                equal=cst.AssignEqual(cst.SimpleWhitespace(""),
                                                      cst.SimpleWhitespace(""))))
            fixed = ctx.module.tree.code_for_node(node.with_changes(args=args))
            self.note("PFX010", ctx.module.span(node),
                      f"'{_short(ctx.module.source(node))}' serializes data whose key order "
                      "is not fixed; pass sort_keys=True", (ctx.module.span(node), fixed))
        return [self.hole(node, ctx, self.path_of(value, ctx))]

    def _format(self, receiver: cst.BaseExpression, args: Iterable[cst.Arg],
                ctx: Context) -> list[Seg]:
        template = self.text(receiver, ctx)
        args = list(args)
        if not all(isinstance(s, Text) for s in template):
            # Text not known here, formatted with known values: one hole that varies as
            # the most volatile of them.
            holes = [h for s in template if isinstance(s, Hole) for h in (s,)]
            for arg in args:
                holes.extend(h for h in self.text(arg.value, ctx) if isinstance(h, Hole))
            return [max(holes, key=lambda h: int(h.scope.varies_like))]
        positional = [a.value for a in args if a.keyword is None and not a.star]
        keywords = {a.keyword.value: a.value for a in args if a.keyword is not None}
        mappings = [a.value for a in args if a.star == "**"]
        for mapping in mappings:
            if isinstance(mapping, cst.Dict):
                keywords.update(_dict_items(mapping))
        fmt = "".join(s.text for s in template)
        out: list[Seg] = []
        auto = 0
        try:
            parsed = list(string.Formatter().parse(fmt))
        except ValueError:
            return [self.hole(receiver, ctx)]
        search_from = 0
        for literal, field_name, _spec, _conversion in parsed:
            if literal:
                out.append(Text(literal, None))
            if field_name is None:
                continue
            root, _, rest = field_name.partition(".")
            root = root.split("[", 1)[0]
            if root == "" or root.isdigit():
                number = auto if root == "" else int(root)
                auto += root == ""
                value = positional[number] if number < len(positional) else None
            else:
                value = keywords.get(root)
            placeholder_span, search_from = _placeholder_span(template, fmt, field_name,
                                                              search_from)
            if value is None:
                mapping = mappings[0] if mappings else None
                base = self.path_of(mapping, ctx) if mapping is not None else None
                path = f"{base}.{root}" if base else root
                out.append(Hole("value", "{" + field_name + "}", placeholder_span or
                                ctx.module.span(receiver), (path,), self.scope_of(path)))
                continue
            segments = self.text(value, ctx)
            if rest and segments and isinstance(segments[0], Hole):
                segments = [self.hole(value, ctx, f"{self.path_of(value, ctx)}.{rest}")]
            for segment in segments:
                if isinstance(segment, Hole) and placeholder_span is not None:
                    # Reported at the placeholder in the constant, scoped by the argument.
                    segment = Hole(segment.kind, "{" + field_name + "}", placeholder_span,
                                   segment.deps, segment.scope)
                out.append(segment)
        return out

    def _join(self, separator: cst.BaseExpression, iterable: cst.BaseExpression,
              ctx: Context) -> list[Seg]:
        sep = self.text(separator, ctx)
        items = self.sequence(iterable, ctx)
        if items is None:
            if _is_set(iterable, ctx, self) or _iterates_set(iterable, ctx, self):
                self.note("PFX010", ctx.module.span(iterable),
                          "a set is joined into prompt text: its order changes from process "
                          "to process (PYTHONHASHSEED); sort it first",
                          (ctx.module.span(iterable),
                           f"sorted({ctx.module.tree.code_for_node(iterable)})"))
                source = _iter_source(iterable)
                constant = isinstance(source, cst.Name) and \
                    isinstance(self.resolve(source.value, ctx), tuple)
                if constant:  # fixed content, order fixed per process: PFX010 says it all
                    return [self.hole(iterable, ctx, scope=Scope.DEPLOY, kind="loop")]
            if isinstance(iterable, (cst.GeneratorExp, cst.ListComp)) and \
                    self._random_pick(iterable.for_in.iter, ctx) is not None:
                return self.text(iterable, ctx)  # a shuffled copy: PFX011 at the shuffle
            return [self.hole(iterable, ctx, self.path_of(_iter_source(iterable), ctx),
                              kind="loop")]
        out: list[Seg] = []
        for index, item in enumerate(items):
            if index:
                out.extend(sep)
            out.extend(self.text(item[0], item[1]))
        return out

    def sequence(self, node: cst.BaseExpression, ctx: Context,
                 ) -> list[tuple[cst.BaseExpression, Context]] | None:
        """The elements of a literal list/tuple (following names), or None."""
        if isinstance(node, (cst.List, cst.Tuple)):
            out: list[tuple[cst.BaseExpression, Context]] = []
            for element in node.elements:
                if isinstance(element, cst.StarredElement):
                    inner = self.sequence(element.value, ctx)
                    # Unknown contents stand as one opaque item (`*history`, shuffled examples).
                    out.extend(inner if inner is not None else [(element.value, ctx)])
                else:
                    out.append((element.value, ctx))
            return out
        if isinstance(node, (cst.Name, cst.Attribute)):
            if self.shuffled(node, ctx) is not None:
                return None
            resolved = self.resolve(node.value, ctx) if isinstance(node, cst.Name) \
                else self.attribute_value(node, ctx)
            if isinstance(resolved, tuple):
                return self.sequence(resolved[0], _deeper(resolved[1], ctx))
            if isinstance(resolved, Parts):
                return self._parts_sequence(resolved, ctx)
        if isinstance(node, cst.Subscript) and _is_copy(node):
            return self.sequence(node.value, ctx)
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add):
            left, right = self.sequence(node.left, ctx), self.sequence(node.right, ctx)
            return None if left is None or right is None else left + right
        if isinstance(node, cst.Call) and len(node.args) == 1 and \
                ctx.module.qualname(node.func) == "builtins.sorted":
            return self._sorted_constants(node.args[0].value, ctx)
        if isinstance(node, cst.Call):
            found = self._function_of(node, ctx)
            if found is not None:  # `messages=build_messages(ticket)`: the list it returns
                function, module = found
                returns = _returns(function)
                if returns:
                    call_ctx = self._call_context(function, module, node, ctx)
                    last = returns[-1]
                    return self.sequence(last.value, Context(
                        module, function, module.pos(last), call_ctx.import_time,
                        call_ctx.bindings, call_ctx.depth, module.arms(last)))
        return None

    def _parts_sequence(self, resolved: Parts, ctx: Context,
                        ) -> list[tuple[cst.BaseExpression, Context]] | None:
        """A list built by statements: `=`, `+=`/`extend` and `append`/`insert(0, …)`;
        contents not known statically stand as one opaque item."""
        out: list = []
        for op, value, at in resolved.parts:
            at = _deeper(at, ctx)
            if op in ("=", "+=", "extend"):
                items = self.sequence(value, at) if value is not None else None
                if items is None and op == "=" and not isinstance(value, HoleItem):
                    return None
                out.extend(items if items is not None else [(value, at)])
            elif op == "append":
                out.append((value, at))
            elif op == "insert0":
                out.insert(0, (value, at))
            else:
                return None
        return out

    def _sorted_constants(self, node: cst.BaseExpression, ctx: Context,
                          ) -> list[tuple[cst.BaseExpression, Context]] | None:
        """`sorted(LABELS)` of a literal set or list of strings: its items, in sorted order."""
        if isinstance(node, cst.Name):
            resolved = self.resolve(node.value, ctx)
            if isinstance(resolved, tuple) and ctx.depth < MAX_DEPTH:
                return self._sorted_constants(resolved[0], _deeper(resolved[1], ctx))
            return None
        if not isinstance(node, (cst.Set, cst.List, cst.Tuple)):
            return None
        items = [(e.value, ctx) for e in node.elements if isinstance(e, cst.Element)]
        values = [_literal(value) for value, _ in items]
        if len(items) != len(node.elements) or not all(isinstance(v, str) for v in values):
            return None
        return [item for _, item in sorted(zip(values, items), key=lambda pair: pair[0])]

    def _helper(self, node: cst.Call, ctx: Context) -> list[Seg] | None:
        """A call of a function or method of the project, evaluated at the call site with
        the arguments' values; several returns under a volatile test are a branch."""
        found = self._function_of(node, ctx)
        if found is None:
            return None
        function, module = found
        returns = _returns(function)
        if not returns:
            return None
        call_ctx = self._call_context(function, module, node, ctx)
        last = returns[-1]
        for early in returns[:-1]:
            at = Context(module, function, module.pos(early), call_ctx.import_time,
                         call_ctx.bindings, call_ctx.depth, module.arms(early))
            for if_id, _ in sorted(at.arms):
                test_node = module.ifs.get(if_id)
                if test_node is None:
                    continue
                hole = self._deps_hole(test_node.test, at)
                if hole.scope.varies_like >= Scope.DAY:
                    return [Hole("branch", hole.expr, hole.span, hole.deps, hole.scope)]
        at = Context(module, function, module.pos(last), call_ctx.import_time,
                     call_ctx.bindings, call_ctx.depth, module.arms(last))
        return self.text(last.value, at)

    def _function_of(self, node: cst.Call, ctx: Context,
                     ) -> tuple[cst.FunctionDef, Module] | None:
        """The project function or method a call runs: a module function (local or
        imported), `module.function`, or `self.method` (through project base classes)."""
        if ctx.depth >= MAX_DEPTH:
            return None
        func = node.func
        module = ctx.module
        if isinstance(func, cst.Name):
            if func.value in module.functions:
                return module.functions[func.value], module
            if func.value in module.imports:
                origin, attr = module.imports[func.value]
                other = self.load_module(origin, module.path) if attr else None
                if other is not None and attr in other.functions:
                    self.files.add(other.path)
                    return other.functions[attr], other
            return None
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Call) and \
                _dotted_name(func.value.func) == "super":
            info = module.owner.get(id(ctx.function)) if ctx.function is not None else None
            for base_name in info.bases if info is not None else ():
                found = self._class(base_name, module)
                method = self._method(found[0], found[1], func.attr.value, 1) \
                    if found is not None else None
                if method is not None:
                    return method
            return None
        if not isinstance(func, cst.Attribute) or not isinstance(func.value, cst.Name):
            return None
        name, attr = func.value.value, func.attr.value
        params = _param_names(ctx.function)
        info = module.owner.get(id(ctx.function)) if ctx.function is not None else None
        if info is not None and params and params[0] == name:
            return self._method(info, module, attr, 0)
        target = self.resolve(name, ctx)
        if isinstance(target, ModuleRef) and attr in target.module.functions:
            self.files.add(target.module.path)
            return target.module.functions[attr], target.module
        return None

    def _method(self, info: ClassInfo, module: Module, name: str,
                depth: int) -> tuple[cst.FunctionDef, Module] | None:
        if name in info.methods:
            return info.methods[name], module
        for base_name in info.bases:
            found = self._class(base_name, module)
            if found is not None and depth < 6:
                method = self._method(found[0], found[1], name, depth + 1)
                if method is not None:
                    return method
        return None

    def _call_context(self, function: cst.FunctionDef, module: Module, node: cst.Call,
                      ctx: Context) -> Context:
        bindings: dict[str, tuple[cst.BaseExpression, Context]] = {}
        params = list(function.params.params)
        if module.owner.get(id(function)) is not None and isinstance(node.func, cst.Attribute):
            params = params[1:]  # `self` is bound by the call
        for index, arg in enumerate(node.args):
            if arg.keyword is not None:
                bindings[arg.keyword.value] = (arg.value, ctx)
            elif index < len(params) and not arg.star:
                bindings[params[index].name.value] = (arg.value, ctx)
        star_kwarg = function.params.star_kwarg
        spread = next((a.value for a in node.args if a.star == "**"), None)
        if isinstance(star_kwarg, cst.Param) and spread is not None:
            bindings[star_kwarg.name.value] = (spread, ctx)  # `**values` is the caller's dict
        for param in (*params, *function.params.kwonly_params):
            if param.name.value not in bindings and param.default is not None:
                bindings[param.name.value] = (param.default, Context(module, None, 0, True,
                                                                     depth=ctx.depth + 1))
        end = position(module.positions[function].end.line + 1, 0)
        return Context(module, function, end, ctx.import_time, bindings, ctx.depth + 1)

    # -- JSON-like values (tools, schemas) --------------------------------------------------

    def json_value(self, node: cst.BaseExpression, ctx: Context) -> object | None:
        """A literal value (following names) as Python data, or None when not constant."""
        literal = _literal(node)
        if literal is not None or isinstance(node, cst.Name) and node.value == "None":
            return literal
        if isinstance(node, cst.Name):
            resolved = self.resolve(node.value, ctx)
            if isinstance(resolved, tuple):
                return self.json_value(resolved[0], _deeper(resolved[1], ctx))
            if isinstance(resolved, Parts):
                items = self._parts_sequence(resolved, ctx)
                values = [self.json_value(n, c) for n, c in items] if items is not None else []
                return values if items is not None and None not in values else None
            return None
        if isinstance(node, (cst.List, cst.Tuple)):
            items = [self.json_value(e.value, ctx) for e in node.elements
                     if not isinstance(e, cst.StarredElement)]
            if len(items) != len(node.elements) or any(i is None for i in items):
                return None
            return items
        if isinstance(node, cst.Dict):
            out = {}
            for element in node.elements:
                if not isinstance(element, cst.DictElement):
                    return None
                key, value = _literal(element.key), self.json_value(element.value, ctx)
                if not isinstance(key, str) or value is None:
                    return None
                out[key] = value
            return out
        segments = self.text(node, ctx) if isinstance(node, (cst.FormattedString,
                                                              cst.ConcatenatedString)) else None
        if segments and all(isinstance(s, Text) for s in segments):
            return "".join(s.text for s in segments)
        return None

    def json_text(self, node: cst.BaseExpression, ctx: Context) -> list[Seg]:
        """JSON text of a literal structure; strings with holes keep their holes."""
        constant = self.json_value(node, ctx)
        if constant is not None:
            return [Text(json.dumps(constant, ensure_ascii=False), ctx.module.span(node))]
        if isinstance(node, cst.Name):
            resolved = self.resolve(node.value, ctx)
            if isinstance(resolved, tuple):
                return self.json_text(resolved[0], _deeper(resolved[1], ctx))
            items = self._parts_sequence(resolved, ctx) if isinstance(resolved, Parts) else None
            if items is not None:
                out: list[Seg] = [Text("[", None)]
                for index, (item, item_ctx) in enumerate(items):
                    out.extend(([Text(", ", None)] if index else []) +
                               self.json_text(item, item_ctx))
                return out + [Text("]", None)]
            return [self.hole(node, ctx, node.value)]
        if isinstance(node, (cst.List, cst.Tuple)):
            out: list[Seg] = [Text("[", None)]
            for index, element in enumerate(node.elements):
                if index:
                    out.append(Text(", ", None))
                out.extend(self.json_text(element.value, ctx))
            return out + [Text("]", None)]
        if isinstance(node, cst.Dict):
            out = [Text("{", None)]
            for index, element in enumerate(node.elements):
                if index:
                    out.append(Text(", ", None))
                if isinstance(element, cst.DictElement):
                    key = _literal(element.key)
                    out.append(Text(json.dumps(str(key)) + ": ", None))
                    out.extend(self.json_text(element.value, ctx))
                else:
                    out.append(self.hole(element.value, ctx))
            return out + [Text("}", None)]
        segments = self.text(node, ctx)
        return [Text('"', None)] + segments + [Text('"', None)]


def _param_names(function: cst.FunctionDef | None) -> list[str]:
    if function is None:
        return []
    params = function.params
    names = [p.name.value for p in (*params.posonly_params, *params.params,
                                     *params.kwonly_params)]
    for extra in (params.star_arg, params.star_kwarg):
        if isinstance(extra, cst.Param):
            names.append(extra.name.value)
    return names


def _dotted_name(node: cst.CSTNode) -> str:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return f"{_dotted_name(node.value)}.{node.attr.value}"
    if isinstance(node, cst.Call):
        return _dotted_name(node.func)
    return ""


def _deeper(target: Context, source: Context) -> Context:
    target.depth = max(target.depth, source.depth + 1)
    return target


def _short(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _unescape(text: str) -> str:
    try:
        return codecs.decode(text.encode("latin-1", "backslashreplace"), "unicode_escape")
    except (UnicodeDecodeError, ValueError):
        return text


def _spec_text(spec) -> str:
    if not spec:
        return ""
    return "".join(p.value for p in spec if isinstance(p, cst.FormattedStringText))


def _format_constant(value: str, spec: str, conversion: str | None) -> str:
    if conversion == "r":
        value = repr(value)
    try:
        return format(value, spec)
    except ValueError:
        return value


def _literal(node: cst.BaseExpression | None) -> object | None:
    if node is None:
        return None
    if isinstance(node, cst.SimpleString):
        return node.evaluated_value
    if isinstance(node, cst.ConcatenatedString):
        left, right = _literal(node.left), _literal(node.right)
        return left + right if isinstance(left, str) and isinstance(right, str) else None
    if isinstance(node, cst.Integer):
        return int(node.value, 0)
    if isinstance(node, cst.Float):
        return float(node.value)
    if isinstance(node, cst.Name) and node.value in ("True", "False"):
        return node.value == "True"
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        value = _literal(node.expression)
        return -value if isinstance(value, (int, float)) else None
    return None


def _dict_items(node: cst.Dict) -> dict[str, cst.BaseExpression]:
    return {k: e.value for e in node.elements if isinstance(e, cst.DictElement)
            for k in [_literal(e.key)] if isinstance(k, str)}


def _returns(function: cst.FunctionDef) -> list[cst.Return]:
    """The function's own `return value` statements, in source order."""
    found = [node for node in _walk(function.body)
             if isinstance(node, cst.Return) and node.value is not None]
    return found


def _return_value(function: cst.FunctionDef) -> cst.BaseExpression | None:
    returns = _returns(function)
    return returns[-1].value if returns else None


def _is_copy(node: cst.Subscript) -> bool:
    """`EXAMPLES[:]`: a slice copy of the whole sequence."""
    if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Slice):
        return False
    piece = node.slice[0].slice
    return piece.lower is None and piece.upper is None and piece.step is None


def _walk(node: cst.CSTNode) -> Iterable[cst.CSTNode]:
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        for child in reversed(current.children):
            if not isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                stack.append(child)


def _is_set(node: cst.BaseExpression, ctx: Context, lowerer: Lowerer) -> bool:
    if isinstance(node, (cst.Set, cst.SetComp)):
        return True
    if isinstance(node, cst.Call):
        return ctx.module.qualname(node.func) in ("builtins.set", "builtins.frozenset")
    if isinstance(node, cst.Name):
        resolved = lowerer.resolve(node.value, ctx)
        if isinstance(resolved, tuple) and ctx.depth < MAX_DEPTH:
            return _is_set(resolved[0], _deeper(resolved[1], ctx), lowerer)
    return False


def _iterates_set(node: cst.BaseExpression, ctx: Context, lowerer: Lowerer) -> bool:
    if isinstance(node, (cst.GeneratorExp, cst.ListComp)):
        return _is_set(node.for_in.iter, ctx, lowerer)
    return False


def _iter_root(node: cst.BaseExpression, ctx: Context) -> cst.BaseExpression:
    """What an iteration really reads: `EXAMPLES` in `EXAMPLES[:4]`, `sorted(EXAMPLES)`,
    `enumerate(EXAMPLES)` or `catalog.items()`."""
    for _ in range(MAX_DEPTH):
        if isinstance(node, cst.Subscript):
            node = node.value
        elif isinstance(node, cst.Call) and node.args and ctx.module.qualname(node.func) in (
                "builtins.sorted", "builtins.list", "builtins.tuple", "builtins.reversed",
                "builtins.enumerate"):
            node = node.args[0].value
        elif isinstance(node, cst.Call) and not node.args and isinstance(node.func, cst.Attribute) \
                and node.func.attr.value in ("items", "values", "keys"):
            node = node.func.value
        else:
            break
    return node


def _iter_source(node: cst.BaseExpression) -> cst.BaseExpression:
    if isinstance(node, (cst.GeneratorExp, cst.ListComp)):
        return node.for_in.iter
    return node


def _transform(segments: list[Seg], function: Callable[[str], str]) -> list[Seg]:
    """Apply a text function (dedent, cleandoc, strip) across holes, keeping them in place."""
    holes = [s for s in segments if isinstance(s, Hole)]
    if len(holes) > 6000:
        return segments
    joined = "".join(s.text if isinstance(s, Text) else chr(0xE000 + holes.index(s))
                     for s in segments)
    result = function(joined)
    out: list[Seg] = []
    buffer = ""
    for char in result:
        code = ord(char)
        if 0xE000 <= code < 0xE000 + len(holes):
            if buffer:
                out.append(Text(buffer, None))
                buffer = ""
            out.append(holes[code - 0xE000])
        else:
            buffer += char
    if buffer:
        out.append(Text(buffer, None))
    return out


def _placeholder_span(template: list[Seg], fmt: str, field_name: str,
                      start: int) -> tuple[Span | None, int]:
    """Where `{field}` sits in the source: inside the literal whose text holds it."""
    needle = "{" + field_name
    offset = fmt.find(needle, start)
    if offset < 0:
        return None, start
    return offset_span(template, offset, len(needle) + 1), offset + len(needle)


def offset_span(template: list[Seg], offset: int, length: int) -> Span | None:
    """The source span of `length` characters at `offset` of the text of `template`."""
    position = 0
    for segment in template:
        size = len(segment.text)
        if position <= offset < position + size:
            origin = segment.span
            if origin is None:
                return None
            before = segment.text[: offset - position]
            line = origin.line + before.count("\n")
            column = (len(before) - before.rfind("\n")) if "\n" in before \
                else origin.column + len(before)
            return Span(origin.path, line, column, line, column + length)
        position += size
    return None
