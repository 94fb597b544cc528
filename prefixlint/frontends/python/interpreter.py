"""The interpreter of prompt-building Python: it follows names to the statements that bind
them, in order (`flow`), through functions, methods, classes and modules of the project,
and lowers expressions to prompt text (`Text` and `Hole`s), never running anything.

What it cannot know statically becomes a hole whose scope comes from the volatility
sources (clock, ids, randomness), the values it was computed from, its name, or, for values
computed when a module is imported, `deploy`.
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass, replace
from typing import Callable, Sequence

import libcst as cst

from ...dialect import FORMAT_FIELD
from ...ir import Hole, Scope, Span, Text
from ...prose import estimated_tokens
from ...volatility import is_history, words_of
from ..project_files import InputError
from .flow import (ADDS, END, INSERTS, Binding, carried, conditional, module_loop, past_trims,
                   richer_arm, test_of, windowed)
from .literals import (MAX_DEPTH, deeper, dotted_name, empty_literal, is_cast, is_truncation,
                       iter_root, literal_value, names_read, none_comparison, param_annotation,
                       param_names, return_statements, shorten, source_texts)
from .module import Module
from .sources import (COMMAND_LINE, COMMAND_LINE_SUBJECTS, DATA_STORES, INJECTED, clock_format,
                      date_only, refilled, reruns, set_by_functions, source_scope)
from .calls import CallOps
from .cli_options import argument_default, free_text_option
from .turns import INPUT, asked_before_turns
from .fills import FillOps
from .config_values import SHIPPED, config_text, settings_text, shipped_document
from .dynamic_import import ENVIRONMENT_READS
from .messages import argument_of
from .objects import ObjectOps, named_defaults
from .registries import listed_file
from .retries import later_pass
from .sequences import SequenceOps
from .strings import DATA_LOADERS, StringOps
from .values import (CARRIED, SENT, WHOLE_PROMPT_CHARS, ArmGuard, Context, ExtendedItem,
                     HoleItem, LoopItem, ModuleRef, Note, Parts, Resolved, Seg, constant_chars)

MAX_UPDATES = 64  # edits of one text followed back at no cost in depth (`_update_hop`)
MAX_STEPS = 200_000  # steps of analysis for one file; real ones take hundreds, a dense
# 2,000-line prompt module 6,000
CALENDAR_PARTS = frozenset({"day", "month", "year", "weekday", "isoweekday", "date"})

# Words of a class name that make it a person (whose `name` is a person's name).
_PERSON_CLASS_WORDS = frozenset({"user", "person", "customer", "member", "profile", "account",
                                 "contact", "employee", "patient", "student", "player",
                                 "author", "human", "people", "guest", "visitor", "owner"})


# Words of a class that stands for a character the model plays, though its name also says
# `profile` (`CharacterProfile`, `PersonaCard`): its `name` is the character's, not a user's.
_PERSONA_CLASS_WORDS = frozenset({"character", "persona", "bot", "agent", "assistant", "npc",
                                  "companion"})


def _person_class(ctx: Context) -> bool:
    """Whether the method of ctx belongs to a class that stands for a person (not for a
    character the model plays)."""
    info = ctx.module.owner.get(id(ctx.function))
    if info is None:
        return True
    words = set(words_of(info.node.name.value))
    return bool(_PERSON_CLASS_WORDS & words) and not _PERSONA_CLASS_WORDS & words


def _annotated(function: cst.FunctionDef | None, name: str, types: tuple[str, ...]) -> bool:
    """Whether a parameter is annotated with one of these plain type names."""
    annotation = param_annotation(function, name)
    return isinstance(annotation, cst.Name) and annotation.value in types


def _flag(function: cst.FunctionDef | None, name: str) -> bool:
    """Whether a parameter is annotated `bool`."""
    return _annotated(function, name, ("bool",))


# Methods that register a function as a web route (`@app.post("/ask")`, `@router.get`,
# Flask's `@bp.route`): what the function is called with is each request's.
_ROUTE_METHODS = frozenset({"get", "post", "put", "patch", "delete", "head", "options",
                            "route", "api_route", "websocket"})
def _request_param(function: cst.FunctionDef | None, name: str,
                   module: Module) -> cst.Param | None:
    """The parameter `name` when a web framework fills it from each request: one of a
    function registered as a route, or of a function that takes FastAPI parameters
    (`Depends(...)`, `Body(...)` defaults: a handler whose route is added elsewhere),
    other than an injected dependency."""
    if function is None:
        return None
    params = function.params
    every = (*params.posonly_params, *params.params, *params.kwonly_params)
    param = next((p for p in every if p.name.value == name), None)
    if param is None:
        return None

    def fastapi_call(node: cst.BaseExpression | None) -> str:
        if not isinstance(node, cst.Call):
            return ""
        qualified = module.qualname(node.func) or ""
        return qualified if qualified.startswith("fastapi.") else ""

    if fastapi_call(param.default).startswith(INJECTED):
        return None
    routed = any(fastapi_call(p.default) for p in every) or any(
        isinstance(d.decorator, cst.Call) and isinstance(d.decorator.func, cst.Attribute)
        and d.decorator.func.attr.value in _ROUTE_METHODS for d in function.decorators)
    return param if routed else None


def _cached_entry(node: cst.Subscript, ctx: Context) -> tuple | None:
    """What a function stored under the same entry before it reads it (`if name not in
    self._cache: self._cache[name] = f.read()` then `return self._cache[name]`): a cache
    filled on first use holds what was stored. Read before any store (`if name in
    self._cache: return self._cache[name]`, the store further down), it holds what the
    store below puts there on an earlier call."""
    function = ctx.function
    key = _entry_key(node) if function is not None else None
    if key is None:
        return None
    module = ctx.module

    def stores() -> dict:
        found: dict = {}
        for statement in module.nodes:
            if isinstance(statement, cst.Assign) and len(statement.targets) == 1 and \
                    isinstance(statement.targets[0].target, cst.Subscript) and \
                    module.enclosing_function(statement) is function:
                stored = _entry_key(statement.targets[0].target)
                if stored is not None:
                    found.setdefault(stored, []).append(statement)
        return found

    stored = module.memo("entry stores", function, stores).get(key, [])
    statement = next((s for s in stored if module.pos(s) < ctx.line), None) or \
        next(iter(stored), None)
    if statement is None:
        return None
    return statement.value, Context(module, function, module.pos(statement), ctx.import_time,
                                    dict(ctx.bindings), ctx.depth + 1, module.arms(statement))


def _entry_key(node: cst.Subscript) -> tuple[str, str] | None:
    """`("self._cache", "name")` of `self._cache[name]`: an entry of a named table under a
    name or a literal key; None for any other subscript."""
    if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
        return None
    index = node.slice[0].slice.value
    base = dotted_name(node.value) if isinstance(node.value, (cst.Name, cst.Attribute)) else ""
    key = index.value if isinstance(index, cst.Name) else literal_value(index)
    return (base, f"{type(index).__name__}:{key}") if base and isinstance(key, str) else None


# Decorators that make a function a tool the model calls (`@tool`, `@tool("name")`,
# `@function_tool`, `@mcp.tool()`, pydantic-ai's `@agent.tool_plain`, Semantic Kernel's
# `@kernel_function`, Agent Framework's `@ai_function`): its parameters are what the model
# passes on each call.
_TOOL_DECORATORS = frozenset({"tool", "function_tool", "tool_plain", "kernel_function",
                              "ai_function"})


def _is_tool(function: cst.FunctionDef | None, module: Module) -> bool:
    """Whether a function is registered as a tool the model calls, by its decorator."""
    return function is not None and any(
        dotted_name(d.decorator).rpartition(".")[2] in _TOOL_DECORATORS
        for d in function.decorators)


# Operators of a number computed from others (`+` joins text, `%` formats it: not these).
_ARITHMETIC = (cst.Multiply, cst.Subtract, cst.Divide, cst.FloorDivide, cst.Power)
# pathlib's classes: `/` on what they make joins a path
_PATHS = frozenset({"pathlib.Path", "pathlib.PurePath", "pathlib.PosixPath",
                    "pathlib.PurePosixPath", "pathlib.WindowsPath", "pathlib.PureWindowsPath"})


# Calls that return a copy of their one argument: the value the argument is.
_COPIES = frozenset({"builtins.list", "builtins.tuple", "copy.copy", "copy.deepcopy"})
# Items a `for` loop that extends a text is followed through, one by one; past it, the loop
# stands as one part (its variable a value of the iterable).
_MAX_UNROLLED = 16


def _copies(node: cst.Call, module: Module) -> bool:
    """`x.copy()`, `list(x)`, `copy.deepcopy(x)`: a copy of a value, with its path."""
    func = node.func
    if isinstance(func, cst.Attribute) and func.attr.value == "copy" and not node.args:
        return True
    return len(node.args) == 1 and not node.args[0].keyword and not node.args[0].star and \
        module.qualname(func) in _COPIES


# Attributes every class and function has, fixed by the code that defines it.
CODE_ATTRIBUTES = frozenset({"__name__", "__qualname__", "__doc__", "__module__"})


def _spelled_or_rendered(node: cst.BaseExpression) -> bool:
    """Whether an expression makes text: written in the code, or a method's call
    (`template.render(...)`, `TEXT.format(...)`), rather than a value read by name."""
    return isinstance(node, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString,
                             cst.BinaryOperation)) or \
        isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)


def _test_operands(node: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The operands a test is made of: both sides of comparisons, `and`/`or` and set
    operations, what `not` negates, what `len`/`bool` measure; none for anything else."""
    if isinstance(node, cst.Comparison):
        return [node.left, *(c.comparator for c in node.comparisons)]
    if isinstance(node, cst.BooleanOperation):
        return [node.left, node.right]
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
        return [node.expression]
    if isinstance(node, cst.BinaryOperation) and \
            isinstance(node.operator, (cst.BitAnd, cst.BitOr, cst.BitXor, cst.Subtract)):
        return [node.left, node.right]  # `names & {"sql", "stats"}`: set algebra
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and \
            node.func.value in ("len", "bool") and len(node.args) == 1:
        return [node.args[0].value]
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and \
            node.func.attr.value in ("startswith", "endswith") and len(node.args) == 1:
        return [node.func.value, node.args[0].value]  # `ref.startswith("builtin://")`
    return []


# What a list's statements do that keeps it a list (`append`, `extend`, under an `if`).
_LIST_OPS = frozenset({"append", "extend", "branch", "+="}) | INSERTS


def _loop_body_of(node: cst.CSTNode, module: Module) -> cst.For | None:
    """The `for` whose body (not its iterable) holds `node`, within its function; None
    when there is none."""
    loop, child = module.parents.get(id(node)), node
    while loop is not None and not isinstance(loop, (cst.For, cst.FunctionDef)):
        loop, child = module.parents.get(id(loop)), loop
    return loop if isinstance(loop, cst.For) and child is not loop.iter else None


@dataclass(frozen=True, eq=False)
class ScopeLookup:
    """A value path's scope: explicit (a clock call, an import-time value, and anything read
    from them) first, then by name, then what the value is when its name says nothing (a web
    handler's parameter). It reads the lowerer's tables of those scopes as they grow, and
    holds nothing else of the lowerer: a template renderer made while lowering keeps it for
    as long as its prompt lives, past the parsed modules' use."""

    scopes: dict[str, Scope]
    scope_of: Callable[[str], Scope]
    # scopes of values and what is read from them when their names do not say (a web
    # handler's parameters: the request's)
    unnamed: dict[str, Scope]

    def __call__(self, path: str) -> Scope:
        explicit = self.scopes.get(path)
        if explicit is not None:
            return explicit
        if "@" in path:
            for key, scope in self.scopes.items():
                if path.startswith(key + "."):
                    return scope
        named = self.scope_of(path)
        if named is Scope.UNKNOWN and "@" in path:
            for key, scope in self.unnamed.items():
                if path == key or path.startswith(key + "."):
                    return scope
        return named


def _tests_its_own(node: cst.If | None, value: cst.BaseExpression | None) -> bool:
    """Whether an `if` only tests what the part it adds is made of (`if prompt:
    messages.append(user(prompt))`, `if context: text += f"...{context}"`): the part's own
    value varies as the test does, no branch of its own."""
    if node is None or value is None:
        return False
    tested = {n.value for n in names_read(node.test)} - {"None", "True", "False", "len"}
    return bool(tested) and tested <= {n.value for n in names_read(value)}


# What a statement adds (`flow.ADDS`, and `[-1]["content"] +=`, `[0]["content"] +=`): under
# an `if`, a branch on its test.
_ADDS = ADDS | {"last+=", "first+="}


class Lowerer(StringOps, FillOps, ObjectOps, CallOps, SequenceOps):
    """Lowers expressions of the modules of one run; notes and explicit scopes accumulate."""

    def __init__(self, load_module: Callable[[str, str], Module | None],
                 scope_of: Callable[[str], Scope],
                 sources: tuple[tuple[str, Scope], ...] = ()) -> None:
        self.load_module = load_module
        self.scope_of = scope_of
        self.sources = sources
        self.notes: list[Note] = []
        self.scopes: dict[str, Scope] = {}
        # what renderers keep: the live table of explicit scopes, not the lowerer (which
        # holds every module the run parsed)
        self.unnamed: dict[str, Scope] = {}
        self.scope_lookup = ScopeLookup(self.scopes, scope_of, self.unnamed)
        self.files: set[str] = set()
        self.block = -1
        self.linker = None  # templates.TemplateLinker, when template files are linked
        self.variant = 0  # which file a template name that can name several is taken as
        self.variants = 1  # (and which arm of a choice between whole prompts: see `_arm_of`)
        self.arm_lines: dict[int, int] = {}  # the line of the arm each variant takes
        self.variant_files: dict[int, str] = {}  # the version of a file each variant reads
        self._ways: dict[tuple, tuple] = {}  # `_whole_ways`, once each
        self._overrides: dict[tuple, tuple] = {}  # `_override_of`'s two sizes, once each
        self._arms_known: dict[tuple, tuple] = {}  # `_known_arm`, once per call bindings
        self._paths: dict[tuple, tuple] = {}  # `path_of`, once per node and context
        self.steps = 0  # work done for the file being analyzed (see `step`)
        # (ClassInfo, Module) of the object sending the prompt being built: where a method the
        # caller's class leaves abstract is implemented (see CallOps._function_of).
        self.receivers: tuple = ()
        self.file = ""  # that file, for the finding when its budget runs out
        self.converses = False  # whether that file is a chat program reading typed input
        # the modules that make a class's objects (`PythonProject.construction_modules`)
        self.constructions: Callable[[str], list] = lambda name: []
        # the modules that set an attribute of an application's state (`state_modules`)
        self.app_state: Callable[[str], list] = lambda name: []
        self._constructing: set[tuple[int, str]] = set()  # constructor arguments being read
        # which entry of a table (and default) `chosen_entry` takes, by their nodes' ids
        # (nodes of parsed modules, or made and kept by them: an id is never reused)
        self._richest: dict[tuple[int, int], tuple[int, bool]] = {}
        # what the constructions pass, by (class, parameter): (the ClassInfo, the segments
        # of each construction's value; see `_given_at_constructions`)
        self._constructed: dict[tuple[int, str], tuple[object, list]] = {}
        self._updates = 0  # the self-updates being followed back (see `_update_hop`)

    def returns_of(self, function: cst.FunctionDef, module: Module) -> list:
        """A function's own `return value` statements, found once per function (kept by
        the module that defines it)."""
        return module.memo("returns", function, lambda: return_statements(function))

    def step(self) -> None:
        """Count one step of work; past MAX_STEPS for one file, the file is too complex (a
        helper that calls another several times, twelve levels deep, would never end)."""
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise InputError(f"Python file too complex to analyze (over {MAX_STEPS:,} steps "
                             "of analysis)", self.file or "?")

    def scope_for(self, path: str) -> Scope:
        """A value path's scope: explicit (a clock call, an import-time value, and anything
        read from them) first, then by name."""
        return self.scope_lookup(path)

    def note(self, code: str, span: Span, message: str,
             fix: tuple[Span, str] | None = None, severity: str | None = None) -> None:
        """Record a rule note in the block being lowered (notes in the final user message
        are dropped: values that only reach the end of the prompt are fine); `severity`
        lowers the rule's own when the code does not show the fault."""
        self.notes.append(Note(code, span, message, self.block, fix, severity))

    def hole(self, node: cst.CSTNode, ctx: Context, path: str | None = None,
             scope: Scope | None = None, kind: str = "value") -> Hole:
        span = ctx.module.span(node)
        expr = shorten(ctx.module.source(node))
        if ctx.import_time or (scope is None and path is not None and
                               path.rpartition(".")[2] in CODE_ATTRIBUTES):
            scope = Scope.DEPLOY
        if scope is not None or path is None:
            path = f"{path or expr}@{span.path}:{span.line}:{span.column}"
            self.scopes[path] = scope if scope is not None else Scope.UNKNOWN
        return Hole(kind, expr, span, (path,), self.scope_for(path))

    def placed(self, hole: Hole, node: cst.CSTNode, ctx: Context, deps: tuple | None = None,
               scope: Scope | None = None) -> Hole:
        """An opaque value reported where `node` puts it into the prompt (under the code
        that node is), varying as it does unless told otherwise."""
        return Hole(hole.kind, shorten(ctx.module.source(node)), ctx.module.span(node),
                    hole.deps if deps is None else deps, hole.scope if scope is None else scope,
                    arms=hole.arms)

    def resolve(self, name: str, ctx: Context) -> Resolved:
        """What a name (or `self.attr`) holds where ctx stands: one expression with its
        context, the `Parts` a sequence of statements built, a module, "param", "position" (an
        `enumerate` index), or None."""
        self.step()
        if name in ctx.bindings:
            return self._given(name, ctx.bindings[name], ctx)
        module = ctx.module
        if ctx.depth > MAX_DEPTH:
            return None
        held = module.lambda_parameter(name, ctx.line) if "." not in name else None
        if held is not None:  # `lambda tp=tool_params: ...` reads `tp` as that default
            lam, param = held
            if param.default is None:
                return "param"
            return param.default, dataclasses.replace(ctx, line=module.pos(lam),
                                                      depth=ctx.depth + 1)
        if ctx.function is not None:
            bindings = past_trims(module.bindings_in(id(ctx.function), ctx.arms), name,
                                  ctx.line, module.parents, module.order, module.ends)
            before = ctx.line if CARRIED in ctx.bindings else \
                carried(bindings, module.loops.get(id(ctx.function), []), name, ctx.line)
            chain, chosen = richer_arm(bindings, name, before, ctx.arms)
            if chosen and ctx.bindings:
                known = frozenset(k for k in (self._known_arm(i, ctx) for i, _ in chosen) if k)
                if known - set(chosen):  # `if cot: ... else: ...` of a caller's `False`
                    chain, chosen = richer_arm(bindings, name, before, ctx.arms | known)
            if chosen and "." not in name:
                chain, chosen = self._arm_of(bindings, name, before, ctx, chain, chosen)
            elif len(chain) > 1 and "." not in name:
                chain = self._override_of(chain, ctx)
            if "." in name:
                return self._member_value(name, chain, ctx)
            if chain:
                if before != ctx.line:
                    ctx = dataclasses.replace(ctx, bindings={**ctx.bindings, CARRIED: None})
                return self._combine(chain, ctx, chosen)
            if name in param_names(ctx.function):
                return "param"
            if any(f is ctx.function for f in module.nested):
                # a function defined in another reads that one's names (a closure)
                outer = module.enclosing_function(ctx.function)
                given = _decorator_argument(name, outer, module) if outer is not None and \
                    name not in ctx.bindings else None
                if given is not None:
                    return given[0], Context(module, module.enclosing_function(given[1]),
                                             module.pos(given[1]), True,
                                             depth=ctx.depth + 1)
                if outer is not None:
                    return self.resolve(name, Context(
                        module, outer, ctx.line, ctx.import_time, ctx.bindings,
                        ctx.depth + 1, module.arms(ctx.function)))
        elif "." in name:
            return None
        elif 0 < ctx.line < END and (owner := module.class_at(ctx.line)) is not None:
            # read in a class body (`QUICK = _prompts["quick"]`): what the body bound before
            chain, chosen = richer_arm(module.bindings.get(id(owner), []), name, ctx.line,
                                       ctx.arms)
            if chain:
                return self._combine(chain, Context(module, None, chain[-1].pos, True,
                                                    depth=ctx.depth + 1), chosen)
        bindings = module.bindings.get(0, [])
        loop = module_loop(module.loops, ctx.line) \
            if ctx.function is None and not ctx.import_time else None
        # Read by the module's own top level: what the statements before it bound (`total =
        # f"<seed>{total}</seed>"` reads the `total` of before); by a function or another
        # module: what the module ends with (line 0: the module as a whole, a default or a
        # class attribute read without a place).
        in_order = ctx.function is None and 0 < ctx.line < END
        if loop is None and not in_order:
            chain, chosen = richer_arm(bindings, name, END, frozenset())
        elif loop is None:
            chain, chosen = richer_arm(bindings, name, ctx.line, ctx.arms)
        else:  # read in a pass of a loop at module level: as the pass has it
            before = carried(bindings, module.loops.get(0, []), name, ctx.line)
            chain, chosen = richer_arm(bindings, name, before, ctx.arms)
        if chain and not in_order and name in refilled(module):
            return None  # what the program put there last, not the literal it starts as
        placed = set_by_functions(module).get(name) if chain else None
        if placed is not None:  # `global SCENE; SCENE = describe(image)` in a function
            value, function, pos = placed
            return value, Context(module, function, pos, depth=ctx.depth + 1)
        if chain:
            # read by a send of the script's own top level: computed in the same run
            sent = in_order and loop is None and SENT in ctx.bindings
            once = (loop is None or not loop[0] <= chain[-1].pos < loop[1]) and \
                not reruns(module) and not sent
            at = chain[-1].pos if in_order else chain[-1].pos + 1
            return self._combine(chain, Context(module, None, at, once,
                                                {SENT: None} if sent else {},
                                                depth=ctx.depth + 1), chosen)
        if name in module.imports:
            origin, attr = module.imports[name]
            if not attr:
                other = self.load_module(origin, module.path)
                return ModuleRef(other) if other is not None else None
            other = self.load_module(origin, module.path)
            if other is not None:
                self.files.add(other.path)
                remote = Context(other, None, END, True, depth=ctx.depth + 1)
                found = self.resolve(attr, remote)
                if found is not None:
                    return found
            submodule = self.load_module(f"{origin}.{attr}" if origin.strip(".")
                                         else origin + attr, module.path)
            if submodule is not None:
                self.files.add(submodule.path)
                return ModuleRef(submodule)
            return None
        other = self._star_source(module, name)  # `from prompts import *`
        if other is not None:
            self.files.add(other.path)
            return self.resolve(name, Context(other, None, END, True, depth=ctx.depth + 1))
        return None

    def _star_source(self, module: Module, name: str, depth: int = 0) -> Module | None:
        """The module a `from M import *` of `module` brings `name` from: one that binds or
        imports it, through a package's `__init__` that itself imports its modules' names
        with `*` (a few levels deep)."""
        for star in module.stars:
            other = self.load_module(star, module.path)
            if other is None or other is module:
                continue
            if name in other.imports or any(b.name == name for b in other.bindings.get(0, ())):
                return other
            found = self._star_source(other, name, depth + 1) if depth < 2 else None
            if found is not None:
                return found
        return None

    def _given(self, name: str, given: Resolved, ctx: Context) -> Resolved:
        """What a parameter the caller bound holds where ctx stands: the caller's value, then
        what the function's own statements before ctx did to it (`messages = [system] +
        messages`, `history.append(turn)`). A default put in for an empty value (`if history
        is None: history = []`) replaces the caller's value only when that is empty; any
        other assignment under an `if` (`if too_long: prompt = truncate(prompt)`) leaves the
        caller's value as what is sent."""
        if ctx.function is None or not isinstance(given, tuple) or \
                name not in param_names(ctx.function):
            return given
        chain, chosen = richer_arm(ctx.module.bindings_in(id(ctx.function), ctx.arms), name,
                                   ctx.line, ctx.arms)
        taken = frozenset(arm for b in chain if b.arms and self._taken(b, ctx) for arm in b.arms)
        if taken:  # `if isinstance(messages, str): messages = [...]` of a caller's text
            ctx = dataclasses.replace(ctx, arms=ctx.arms | taken)
        start: list[tuple[str, object, Context]] = [("=", *given)]
        rest = chain
        if chain and chain[0].op == "=" and conditional(chain[0], ctx.arms) and \
                self._fills_when_empty(chain[0], ctx):
            if empty_literal(given[0]):
                start, rest = [], chain[1:]
            else:
                chain = rest = chain[1:]
        resets = [b for b in rest if b.op in ("=", "opaque", "item", "position")]
        if not chain or any(conditional(b, ctx.arms) and not self._fills_found(b, ctx)
                            for b in resets):
            return given
        if resets and resets[0] is rest[0]:
            start = []  # the function replaced the caller's value
        return self._combine(chain, ctx, chosen, start)

    def _fills_found(self, binding: Binding, ctx: Context) -> bool:
        """`if TAG in text: text = text.replace(TAG, value)`: a rewrite guarded only by the
        text holding what it fills, so it is what is sent whenever the text has the
        placeholder (the prompt at stake), not a change some requests skip."""
        if not binding.rewrites:
            return False
        for if_id, arm in binding.arms:
            if (if_id, arm) in ctx.arms:
                continue
            node = ctx.module.ifs.get(if_id)
            test = test_of(node) if isinstance(node, cst.If) else None
            if arm != 0 or not isinstance(test, cst.Comparison) or \
                    len(test.comparisons) != 1 or \
                    not isinstance(test.comparisons[0].operator, cst.In) or \
                    not isinstance(test.comparisons[0].comparator, cst.Name) or \
                    test.comparisons[0].comparator.value != binding.name:
                return False
        return True

    def _combine(self, chain: list[Binding], ctx: Context,
                 chosen: tuple[tuple[int, int], ...] = (),
                 start: list[tuple[str, object, Context]] | None = None,
                 effects: Sequence[tuple[int, tuple[str, object, Context]]] = (),
                 ) -> Resolved:
        """The value a chain of reaching bindings builds, each part read where it was
        written; an assignment made in only one arm of an `if` on a volatile value is a
        branch on that value (as `{% if %}` is), otherwise its arm is taken. `chosen` are
        the arms taken of `if`s that assign the name in several (`flow.richer_arm`): the
        first whose test is volatile is a branch before the arm's value. `effects` are what
        methods the function calls did to the value (`self.add_user(question)`), each at
        the position of its call, put among the chain's parts in that order."""
        function = ctx.function if chain[0].pos < ctx.line else None
        pending = list(effects)
        lead: list[tuple[str, object, Context]] = []
        added_in = None  # the arm whose additions the branch comes just before
        split = None  # (the arm's list, how many items both arms begin with, the branch)
        for if_id, arm in chosen:
            test = self._volatile_if(if_id, ctx)
            if test is not None:
                adds = [b for b in chain if (if_id, arm) in b.arms]
                if adds and all(b.op in _ADDS for b in adds):
                    # `if long: text += cut(doc) else: text += doc`: the arm adds to what
                    # came before it, the branch where it adds (not on a flag of unknown
                    # scope, nor per item in a loop, as for an add in one arm only)
                    if test.scope is not Scope.UNKNOWN and not self._filters(if_id, ctx):
                        added_in = ((if_id, arm), test)
                elif (shared := _shared_items(ctx.module, if_id, chain[0].name)) is not None:
                    # `if resumed: messages = [system, task, *turns] else: messages =
                    # [system, task]`: the arms differ only after the items both begin with
                    split = (*shared, test)
                elif not self._whole_prompts(if_id, chain[0].name, function, ctx):
                    lead.append(("branch", test, ctx))
                break
        parts: list[tuple[str, object, Context]] = list(start or ())
        if chosen:
            ctx = dataclasses.replace(ctx, arms=ctx.arms | frozenset(chosen))
        branched: set[int] = set()  # the `if`s a part was added under, as branches
        for binding in chain:
            while pending and pending[0][0] < binding.pos:
                parts.append(pending.pop(0)[1])
            if binding.arms and ctx.bindings and self._dead(binding, ctx):
                continue  # `if system_prompt:` of a parameter the caller left at `None`
            if added_in is not None and added_in[0] in binding.arms:
                parts.append(("branch", added_in[1], ctx))
                added_in = None
            at = Context(ctx.module, function if function is not None else ctx.function,
                         binding.pos, ctx.import_time, dict(ctx.bindings), ctx.depth + 1,
                         frozenset(binding.arms))
            if binding.op in _ADDS and parts and conditional(binding, ctx.arms) and \
                    later_pass(ctx.module, binding):
                continue  # `if attempt > 0: prompt += RETRY_HINT`: a retry's, not the first's
            if binding.op in _ADDS and parts and conditional(binding, ctx.arms):
                # `if user.is_premium: tools.append(REFUND)`: the part is there for some
                # requests only, a branch on the test (once for all added in that arm)
                outer = next((i for i, _ in binding.arms
                              if i not in {a for a, _ in ctx.arms}), None)
                test = self._volatile_test(binding, ctx) if outer not in branched and \
                    not self._filters(outer, at) and \
                    not _tests_its_own(ctx.module.ifs.get(outer), binding.value) else None
                if test is not None and test.scope is not Scope.UNKNOWN:
                    # (a flag of unknown scope, `if is_agentic:`, is more often the kind of
                    # app than the request: an added section says nothing more of it)
                    branched.add(outer)
                    parts.append(("branch", test, at))
            if binding.op == "=" and parts and conditional(binding, ctx.arms) and \
                    self._fills_when_empty(binding, ctx):
                if self._has_text(parts[-1]):
                    # `prompt = load_template(); if not prompt: prompt = FALLBACK`: the text
                    # read is what is sent, the fallback only when it came back empty
                    continue
                parts = []  # `if not text: text = DEFAULT`: the default is what is sent
            elif binding.op in ("=", "opaque", "item", "position") and parts and \
                    conditional(binding, ctx.arms) and not binding.rewrites:
                if later_pass(ctx.module, binding):
                    continue  # a retry's changed prompt: the first pass sends what came before
                test = self._volatile_test(binding, ctx)
                if test is not None:
                    parts = [("branch", test, at)]
                    continue
                parts = []
            elif binding.op == "=" and binding.rewrites:
                parts = []  # `text = text[:limit]`: its value holds what came before
            element = self._unpacked(binding, at)
            if element is not None:
                parts.append(("=", *element))
                continue
            if split is not None and binding.op == "=" and \
                    any(v is binding.value for v in split[0]):
                listed = binding.value
                head = ctx.module.made(listed.with_changes(elements=listed.elements[:split[1]]),
                                       listed)
                tail = ctx.module.made(listed.with_changes(elements=listed.elements[split[1]:]),
                                       listed)
                parts += [("=", head, at), ("branch", split[2], at), ("extend", tail, at)]
                continue
            parts.append((binding.op, binding.value, at))
        parts.extend(part for _, part in pending)
        parts = lead + parts
        if not parts:  # every binding in an arm the caller's values rule out
            return None
        if len(parts) == 1 and parts[0][0] == "=":
            return parts[0][1], parts[0][2]
        if len(parts) == 1 and parts[0][0] == "item":
            return LoopItem(parts[0][1], parts[0][2])
        if parts[0][0] == "opaque" and len(parts) == 1:
            return None
        if parts[0][0] == "position" and len(parts) == 1:
            return "position"
        return Parts(tuple(parts))

    def _unpacked(self, binding: Binding, ctx: Context,
                  ) -> tuple[cst.BaseExpression, Context] | None:
        """The element a name unpacked from a tuple holds (`history, system =
        split(messages)`), when the project function called returns a tuple literal last
        (`return messages[1:], messages[0]`); None when that is not known."""
        if binding.op != "opaque" or binding.index < 0 or binding.value is None:
            return None
        value: cst.BaseExpression = binding.value
        if isinstance(value, cst.Name):
            found = self.follow(value, ctx)
            if found is None:
                return None
            value, ctx = found
        returned = self.bound_returns(value, ctx) if isinstance(value, cst.Call) else \
            [(value, ctx)]
        if not returned or not isinstance(returned[-1][0], (cst.Tuple, cst.List)):
            return None
        held = [(e[binding.index].value, at) for tuple_, at in returned
                if isinstance(tuple_, (cst.Tuple, cst.List)) for e in [tuple_.elements]
                if binding.index < len(e) and
                not any(isinstance(x, cst.StarredElement) for x in e)]
        if not held or held[-1][1] is not returned[-1][1]:
            return None  # (the last tuple is not one this name can be read from)
        if literal_value(held[-1][0]) is not None or \
                isinstance(held[-1][0], (cst.List, cst.Dict)) and not held[-1][0].elements:
            # `return text, names` under `if found:`, else `return "Nothing found.", []`:
            # the element the work returns, not the fallback for when it found nothing
            return next((h for h in held if literal_value(h[0]) is None), held[-1])
        return held[-1]

    def _has_text(self, part: tuple[str, object, Context]) -> bool:
        """Whether a value assigned before a fallback holds constant text of its own (a
        template read or built), rather than a lookup that may well come back empty."""
        op, value, at = part
        if op != "=" or not isinstance(value, cst.Call):
            return False
        return any(isinstance(s, Text) and s.text.strip() for s in self.text(value, at))

    def _whole_prompts(self, if_id: int, name: str, function: cst.FunctionDef | None,
                       ctx: Context) -> bool:
        """Whether every way through an `if` (with its `elif`s, each with an `else`) or a
        `match` (ending in `case _:`) assigns the name a whole prompt of its own: `if mode ==
        "diag": prompt = DIAG + text else: prompt = FULL + text`, each with
        `WHOLE_PROMPT_CHARS` of constant text. Each keeps its own cached prefix, so the
        choice breaks neither (as `_either` has it for `A if test else B`): each is measured
        as a prompt of its own (`_arm_of`), not a branch before it."""
        return self._whole_ways(if_id, name, function, ctx) is not None

    def _whole_ways(self, if_id: int, name: str, function: cst.FunctionDef | None,
                    ctx: Context) -> list[tuple[tuple[int, int], ...]] | None:
        """The ways through such a choice (each the arms it takes, outermost first, with
        the line that assigns the whole prompt), in the order of the code; None when some
        way does not assign one."""
        # (the module is kept with the answer, so that no id in the key is reused)
        key = (id(ctx.module), if_id, name, id(function))
        if key in self._ways:
            return self._ways[key][1]
        self._ways[key] = (ctx.module, None)  # (a text that reads the name again asks no more)
        scope = id(function) if function is not None else 0
        sizes: dict[tuple[tuple[int, int], ...], int] = {}
        lines: dict[tuple[tuple[int, int], ...], int] = {}
        for binding in ctx.module.bindings.get(scope, []):
            if binding.name != name or binding.op != "=" or binding.rewrites or \
                    not any(i == if_id for i, _ in binding.arms):
                continue
            inner = binding.arms[[i for i, _ in binding.arms].index(if_id):]
            if not all(_complete(ctx.module.ifs.get(i)) for i, _ in inner):
                return None  # a way through that assigns nothing keeps the earlier value
            sizes[inner] = max(sizes.get(inner, 0),
                               self._assigned_chars(binding, function, ctx))
            lines.setdefault(inner, ctx.module.span(binding.value).line)
        covered = {arm for inner in sizes for arm in inner}
        whole = len(sizes) >= 2 and min(sizes.values()) >= WHOLE_PROMPT_CHARS and \
            all(_every_arm(ctx.module.ifs[i], {a for j, a in covered if j == i})
                for i in {i for i, _ in covered})
        ways = [(way, lines[way]) for way in sizes] if whole else None
        self._ways[key] = (ctx.module, ways)
        return ways

    def _arm_of(self, bindings, name: str, before: int, ctx: Context, chain: list,
                chosen: tuple) -> tuple[list, tuple]:
        """The bindings of the way a variant of the prompt takes through a choice between
        whole prompts (`match step: case 0: prompt = PLAN.substitute(...) case _: prompt =
        REFINE.substitute(...)`): the richer one first (variant 0, as chosen), then each
        other way in the order of the code, one more variant of the call's prompt each, so
        that every prompt the code can send is measured."""
        ways = self._whole_ways(chosen[0][0], name, ctx.function, ctx)
        if not ways:
            return chain, chosen
        taken = set(chosen)
        current = next((w for w in ways if set(w[0]) <= taken), ways[0])
        others = [w for w in ways if w is not current]
        self.variants = max(self.variants, 1 + len(others))
        way, line = current if self.variant == 0 else others[min(self.variant, len(others)) - 1]
        self.arm_lines.setdefault(self.variant, line)
        if way is current[0]:
            return chain, chosen
        picked, more = richer_arm(bindings, name, before, ctx.arms | frozenset(way))
        return picked, (*way, *more)

    def _assigned_chars(self, binding: Binding, function: cst.FunctionDef | None,
                        ctx: Context) -> int:
        """How much constant text a binding of `function` assigns, read where it stands
        with ctx's arguments: what tells a whole prompt from a part of one."""
        at = Context(ctx.module, function, binding.pos, ctx.import_time, dict(ctx.bindings),
                     ctx.depth + 1, frozenset(binding.arms))
        return constant_chars(self.text(binding.value, at))

    def _override_of(self, chain: list[Binding], ctx: Context) -> list[Binding]:
        """The bindings of the way a variant of the prompt takes when a whole prompt is
        assigned before an `if` on a volatile value and another in its arm, with no `else`
        (`system = build_prompt(); if docs: system = RAG.format(docs=docs)`). Each keeps its
        own cached prefix, so the choice breaks neither (as `_whole_ways` has it for an `if`
        whose every arm assigns one): the richer is variant 0, the other one more variant.
        The chain as it is when that is not so (the arm's value is then a branch on the
        test, see `_combine`)."""
        last = len(chain) - 1
        override = chain[last]
        earlier = next((i for i in range(last - 1, -1, -1) if chain[i].op == "="), None)
        if override.op != "=" or override.rewrites or earlier is None or \
                conditional(chain[earlier], ctx.arms) or not conditional(override, ctx.arms) or \
                any(b.op not in _ADDS for b in chain[earlier + 1:last]) or \
                later_pass(ctx.module, override):
            return chain  # (a retry's changed prompt: the first pass sends what came before)
        # (read once a pair, as `_whole_ways` is: the module is kept with the answer, so that
        # no id in the key is reused; a text that reads the name again asks no more)
        key = (id(ctx.module), id(chain[earlier]), id(override))
        if key not in self._overrides:
            self._overrides[key] = (ctx.module, None)
            self._overrides[key] = (ctx.module, [self._assigned_chars(b, ctx.function, ctx)
                                                 for b in (chain[earlier], override)])
        sizes = self._overrides[key][1]
        if sizes is None or min(sizes) < WHOLE_PROMPT_CHARS or \
                self._volatile_test(override, ctx) is None:
            return chain
        self.variants = max(self.variants, 2)
        richer = sizes[1] > sizes[0]
        taken = richer if self.variant == 0 else not richer
        if self.variant:
            self.arm_lines.setdefault(self.variant, ctx.module.span(
                (override if taken else chain[earlier]).value).line)
        return chain[last:] if taken else chain[:last]

    def _fills_when_empty(self, binding: Binding, ctx: Context) -> bool:
        """Whether a binding is in the body of an `if` (not around the use) that tests its
        own name for emptiness (`if not prompt:`, `if prompt is None:`, `if prompt == "":`):
        a default put in when nothing was chosen before; also when the test is such a test
        `or` another (`if _menu is None or time.time() - _built > TTL:`), a cache made again
        when it grows stale, whose text is the same each time it is made."""
        used = {if_id for if_id, _ in ctx.arms}
        outer = [(if_id, arm) for if_id, arm in binding.arms if if_id not in used]
        if not outer or outer[0][1] != 0:
            return False
        node = ctx.module.ifs.get(outer[0][0])
        test = test_of(node) if isinstance(node, cst.If) else None
        if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.Or):
            return _tests_empty(test.left, binding.name) or \
                _tests_empty(test.right, binding.name)
        return len(outer) == 1 and _tests_empty(test, binding.name)

    def _filters(self, if_id: int | None, ctx: Context) -> bool:
        """Whether an `if` sits inside a loop of its function (`for turn in messages: if
        isinstance(turn, HumanMessage): kept.append(turn)`): it picks items, per item, not
        a part that some requests have."""
        node = ctx.module.ifs.get(if_id) if if_id is not None else None
        if node is None:
            return False
        at = ctx.module.pos(node)
        key = id(ctx.function) if ctx.function is not None else 0
        return any(start < at < end for start, end in ctx.module.loops.get(key, ()))

    def _volatile_test(self, binding: Binding, ctx: Context) -> Hole | None:
        """The test of the outermost `if` around a binding (but not around the use) when it
        varies more often than a deployment."""
        used = {if_id for if_id, _ in ctx.arms}
        for if_id, _ in binding.arms:
            if if_id not in used:
                return self._volatile_if(if_id, ctx)
        return None

    def truth(self, test: cst.BaseExpression, ctx: Context) -> bool | None:
        """Whether a test is true where ctx stands, when that is known without running
        anything: a name bound to `None`, an empty or a non-empty literal (a parameter left
        at its default `None`, `messages if messages else []`), text that is never empty (an
        f-string or a template's `.format` with words of its own, `x or DEFAULT`, an
        attribute set to such text), `not` of one; else None."""
        for _ in range(4):
            if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
                inner = self.truth(test.expression, ctx)
                return None if inner is None else not inner
            if isinstance(test, cst.BooleanOperation):  # `tools and len(tools) > 0`
                left = self.truth(test.left, ctx)
                deciding = isinstance(test.operator, cst.Or)
                if left is deciding:
                    return left
                if left is not None:
                    return self.truth(test.right, ctx)
                # `prompt or DEFAULT_PROMPT` is true whatever the caller gave (a literal or a
                # constant looked up once: a full test of the right would cost as much again)
                return True if deciding and self._spelled_text(test.right, ctx) else None
            if isinstance(test, cst.Comparison) and \
                    (equal := self._literal_equal(test, ctx)) is not None:
                return equal  # `if messages[0]["role"] == "system":` of a caller's list
            compared = none_comparison(test)
            if compared is not None:
                left = self._is_none(compared[0], ctx)  # `messages is not None`
                if left is None:
                    return None
                return left if compared[1] else not left
            if isinstance(test, cst.Call) and isinstance(test.func, cst.Name) and \
                    test.func.value == "isinstance" and len(test.args) == 2:
                return self._is_instance(test.args[0].value, test.args[1].value, ctx)
            if isinstance(test, cst.Call) and isinstance(test.func, cst.Attribute) and \
                    test.func.attr.value in ("endswith", "startswith") and \
                    len(test.args) == 1 and isinstance(literal_value(test.args[0].value), str):
                # `if not prompt_file.endswith(".md"):` of a name the caller gave a literal
                held = self._held(test.func.value, ctx)
                text = held.evaluated_value if isinstance(held, cst.SimpleString) else None
                if not isinstance(text, str):
                    return None
                affix = literal_value(test.args[0].value)
                return text.endswith(affix) if test.func.attr.value == "endswith" \
                    else text.startswith(affix)
            if isinstance(test, cst.Attribute):
                # `self.system_prompt` a caller passed: only ever known true (set to text
                # in `__init__`), as another method may set an attribute left `None` there
                resolved = self.attribute_value(test, ctx)
                if not isinstance(resolved, tuple):
                    return None
                held, at = resolved[0], deeper(resolved[1], ctx)
                if isinstance(held, cst.BooleanOperation) and isinstance(held.operator, cst.Or):
                    held = held.right  # `self.prompt = prompt or DEFAULT_PROMPT`
                return True if self._spelled_text(held, at) or self._written_text(held, at) \
                    else None
            if isinstance(test, cst.Name):
                if test.value in ("True", "False", "None"):
                    return test.value == "True"
                resolved = self.resolve(test.value, ctx)
            else:
                break
            if not isinstance(resolved, tuple):
                return None
            test, ctx = resolved[0], deeper(resolved[1], ctx)
        if isinstance(test, cst.Name) and test.value in ("True", "False", "None"):
            return test.value == "True"
        if isinstance(test, cst.SimpleString):
            value = test.evaluated_value
            return bool(value) if isinstance(value, (str, bytes)) else None
        if self._written_text(test, ctx):
            return True
        if isinstance(test, (cst.List, cst.Tuple, cst.Dict)):
            return bool(test.elements)
        return None

    def _literal_equal(self, test: cst.Comparison, ctx: Context) -> bool | None:
        """`messages[0]["role"] == "system"` of the list a caller wrote: an item read by
        literal indexes out of literal lists and dicts, compared with literal text by `==`
        or `!=`; None when either side is not known so (`is None` tests are read apart)."""
        if len(test.comparisons) != 1 or \
                not isinstance(test.comparisons[0].operator, (cst.Equal, cst.NotEqual)):
            return None
        sides = [literal_value(test.left), literal_value(test.comparisons[0].comparator)]
        if isinstance(sides[0], str) == isinstance(sides[1], str):
            return None
        item = test.comparisons[0].comparator if isinstance(sides[0], str) else test.left
        held = self._literal_item(item, ctx)
        if held is None:
            return None
        equal = held == next(side for side in sides if isinstance(side, str))
        return equal if isinstance(test.comparisons[0].operator, cst.Equal) else not equal

    def _literal_item(self, node: cst.BaseExpression, ctx: Context) -> object | None:
        """The literal an item read by literal keys (`messages[0]["role"]`) holds, looked up
        in the literal list or dict its name is bound to; None when any step is not a
        literal (a starred item before it, a `**` entry, a key not written)."""
        keys: list[object] = []
        while isinstance(node, cst.Subscript) and len(node.slice) == 1 and \
                isinstance(node.slice[0].slice, cst.Index):
            keys.append(literal_value(node.slice[0].slice.value))
            node = node.value
        if not keys or any(not isinstance(k, (int, str)) or isinstance(k, bool) for k in keys):
            return None
        held, at = self._held_at(node, ctx)
        for key in reversed(keys):
            if isinstance(held, cst.Name):
                held, at = self._held_at(held, at)
            if isinstance(held, (cst.List, cst.Tuple)) and isinstance(key, int) and key >= 0:
                items = held.elements[:key + 1]
                if len(items) <= key or any(isinstance(e, cst.StarredElement) for e in items):
                    return None
                held = items[key].value
            elif isinstance(held, cst.Dict) and isinstance(key, str) and \
                    all(isinstance(e, cst.DictElement) for e in held.elements):
                held = next((e.value for e in held.elements
                             if literal_value(e.key) == key), None)
            else:
                return None
        return literal_value(held)

    def _spelled_text(self, node: cst.BaseExpression, ctx: Context) -> bool:
        """Whether an expression is non-empty literal text, or a name bound to one."""
        if isinstance(node, cst.Name):
            resolved = self.resolve(node.value, ctx)
            node = resolved[0] if isinstance(resolved, tuple) else None
        text = node.evaluated_value if isinstance(node, cst.SimpleString) else None
        return isinstance(text, str) and bool(text.strip())

    def _written_text(self, node: cst.BaseExpression, ctx: Context) -> bool:
        """Whether an expression is text with words of its own, never empty whatever fills
        it: an f-string, or a template's `.format(...)`, with constant text outside its
        fields (`f"Question: {q}"`, `ANSWER_TEMPLATE.format(question=q)`)."""
        if isinstance(node, cst.FormattedString):
            return any(isinstance(part, cst.FormattedStringText) and part.value.strip()
                       for part in node.parts)
        if not (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and
                node.func.attr.value in ("format", "format_map")):
            return False
        followed = self.follow(node.func.value, ctx, attributes=True)
        template = followed[0] if followed is not None else None
        text = template.evaluated_value if isinstance(template, cst.SimpleString) else None
        return isinstance(text, str) and bool(FORMAT_FIELD.sub("", text).strip())

    def _is_instance(self, node: cst.BaseExpression, types: cst.BaseExpression,
                     ctx: Context) -> bool | None:
        """`isinstance(messages, str)` of a value whose built-in type the code shows (a
        text the caller formatted, a list literal), when the types are built-in names."""
        names = [e.value for e in types.elements] if isinstance(types, cst.Tuple) else [types]
        if not all(isinstance(n, cst.Name) and n.value in _BUILTIN_TYPES for n in names):
            return None
        held = self._held(node, ctx)
        kind = _builtin_type(held) if held is not None else None
        return None if kind is None else any(n.value == kind for n in names)

    def _is_none(self, node: cst.BaseExpression, ctx: Context) -> bool | None:
        """Whether a name holds `None` (a parameter left at its default), when known."""
        held, at = self._held_at(node, ctx)
        if isinstance(held, cst.Attribute):
            # `run.folder` of an object whose `__init__` set it (`self.folder = RUNS / stamp`)
            resolved = self.attribute_value(held, at)
            held = resolved[0] if isinstance(resolved, tuple) else None
        if isinstance(held, cst.Name):
            return True if held.value == "None" else None
        if isinstance(held, cst.Call):  # `Path(root)`, `Session(user)`: a made object
            return False if _constructor(held.func) else None
        return False if isinstance(held, (cst.SimpleString, cst.List, cst.Dict, cst.Tuple,
                                          cst.FormattedString, cst.ConcatenatedString,
                                          cst.BinaryOperation)) else None

    def _held(self, node: cst.BaseExpression, ctx: Context) -> cst.BaseExpression | None:
        """The expression a chain of names ends at (`messages`, the caller's `prompt`, its
        `TEMPLATE.format(...)`), `True`/`False`/`None` included; None when a name is not
        resolved within four steps."""
        return self._held_at(node, ctx)[0]

    def _held_at(self, node: cst.BaseExpression, ctx: Context,
                 ) -> tuple[cst.BaseExpression | None, Context]:
        """`_held`'s expression and the context to read it in."""
        for _ in range(4):
            if not isinstance(node, cst.Name) or node.value in ("True", "False", "None"):
                return node, ctx
            resolved = self.resolve(node.value, ctx)
            if isinstance(resolved, Parts) and resolved.parts and \
                    resolved.parts[0][0] == "=" and isinstance(resolved.parts[0][1], cst.List) \
                    and all(op in _LIST_OPS for op, _, _ in resolved.parts[1:]):
                return resolved.parts[0][1], ctx  # `messages = [...]` and appends: a list
            if not isinstance(resolved, tuple):
                return None, ctx
            node, ctx = resolved[0], deeper(resolved[1], ctx)
        return None, ctx

    def _taken(self, binding, ctx: Context) -> bool:
        """Whether every `if` arm a binding sits in is known to be taken where ctx stands."""
        return all(arm in ctx.arms or self._known_arm(arm[0], ctx) == arm
                   for arm in binding.arms)

    def _dead(self, binding, ctx: Context) -> bool:
        """Whether a binding sits in an `if` arm whose test is known to go the other way."""
        for if_id, arm in binding.arms:
            if (if_id, arm) in ctx.arms:
                continue
            known = self._known_arm(if_id, ctx)
            if known is not None and known[1] != arm:
                return True
        return False

    def _known_arm(self, if_id: int, ctx: Context) -> tuple[int, int] | None:
        """The arm of an `if` that runs, when its test is known where ctx stands. Read once
        for the same call bindings (`_once`): each name a long function reads again tests
        the same `if`s around its assignments."""
        node = ctx.module.ifs.get(if_id)
        if not isinstance(node, cst.If):
            return None

        def known_arm() -> tuple[int, int] | None:
            test_ctx = Context(ctx.module, ctx.function, ctx.module.pos(node), ctx.import_time,
                               dict(ctx.bindings), ctx.depth + 1, ctx.module.arms(node))
            known = self.truth(node.test, test_ctx)
            return None if known is None else (if_id, 0 if known else 1)

        return self._once(self._arms_known, (if_id,), node, ctx, known_arm)

    def _once(self, table: dict, head: tuple, kept: object, ctx: Context,
              compute: Callable[[], object]) -> object:
        """What `compute` gives for `head` where ctx stands, worked out once: keyed by the
        module, function, depth and call values of ctx and the variant and receivers being
        built, by identity; `kept` and those values are held with the answer, so that no id
        in the key is reused while it is."""
        key = (*head, id(ctx.module), id(ctx.function), ctx.import_time, ctx.depth,
               self.variant, tuple(id(owner) for owner, _ in self.receivers),
               tuple((name, id(value)) for name, value in ctx.bindings.items()))
        if key not in table:
            table[key] = (compute(), (kept, ctx.module, ctx.function, self.receivers,
                                      tuple(ctx.bindings.values())))
        return table[key][0]

    def _volatile_if(self, if_id: int, ctx: Context) -> Hole | None:
        """The test of an `if` (or a `match`'s subject) as a branch, when it varies more
        often than a deployment (not when it is known: `if cot:` of a caller's `False`)."""
        node = ctx.module.ifs.get(if_id)
        if node is None:
            return None
        if ctx.bindings and self._known_arm(if_id, ctx) is not None:
            return None
        test_ctx = Context(ctx.module, ctx.function, ctx.module.pos(node), ctx.import_time,
                           dict(ctx.bindings), ctx.depth + 1, ctx.module.arms(node))
        test = test_of(node)
        hole = self._deps_hole(test, test_ctx)
        if hole.scope.varies_like >= Scope.DAY and isinstance(test, cst.BooleanOperation):
            # `if cfg.notes and folder is not None:` of a folder that is never `None`: the
            # operand that decides it
            deciding = self._undecided(test, test_ctx)
            if deciding is not test:
                hole = self._deps_hole(deciding, test_ctx)
        if hole.scope.varies_like >= Scope.DAY:
            return Hole("branch", hole.expr, hole.span, hole.deps, hole.scope)
        return None

    def _undecided(self, test: cst.BaseExpression, ctx: Context) -> cst.BaseExpression:
        """What decides a test of `and`/`or` operands when some are known: `a and b` of a
        `b` known true is `a`, `a or b` of a `b` known false is `a`."""
        while isinstance(test, cst.BooleanOperation):
            neutral = isinstance(test.operator, cst.And)  # the operand value that adds nothing
            if self.truth(test.right, ctx) is neutral:
                test = test.left
            elif self.truth(test.left, ctx) is neutral:
                test = test.right
            else:
                break
        return test

    def _built_item(self, item: LoopItem, ctx: Context) -> list[Seg] | None:
        """An item of a list the code builds by appending one kind of text to it in a loop
        (`prompts.append(f"...{section}...")`, then `for text in prompts`): every item is
        that text, read where it was appended. None for any other list."""
        node, at, resolved = item.iterable, item.ctx, None
        for _ in range(4):  # `texts`, a parameter bound to the caller's `prompts`
            if not isinstance(node, cst.Name):
                break
            resolved = self.resolve(node.value, at)
            if not isinstance(resolved, tuple):
                break
            node, at = resolved[0], deeper(resolved[1], at)
        if not isinstance(resolved, Parts) or \
                [op for op, _, _ in resolved.parts] != ["=", "append"]:
            return None
        items = self.sequence(item.iterable, item.ctx)
        if items is None or len(items) != 1 or not isinstance(items[0][0], cst.BaseExpression):
            return None
        value, value_ctx = items[0]
        return self.text(value, deeper(value_ctx, ctx))

    def path_of(self, node: cst.BaseExpression, ctx: Context) -> str | None:
        """A dotted value path (`user.name`, `req.headers.x-request-id`) for name-based holes.
        Read once per node and context (`_once`): a value's text, its dependencies and the
        scope of what it is built from each ask for the paths of the same parts again, so a
        method that builds a long description from one object's attributes asked thousands
        of times."""
        return self._once(self._paths, (id(node), ctx.line, ctx.arms), node, ctx,
                          lambda: self._path_of(node, ctx))

    def _path_of(self, node: cst.BaseExpression, ctx: Context) -> str | None:
        if isinstance(node, cst.Name):
            resolved = self.resolve(node.value, ctx)
            if isinstance(resolved, LoopItem):
                return self.item_path(resolved, ctx)
            if isinstance(resolved, tuple) and ctx.depth < MAX_DEPTH:
                inner, inner_ctx = resolved
                inner_ctx.depth = max(inner_ctx.depth, ctx.depth + 1)
                return self.path_of(inner, inner_ctx) or node.value
            param = _request_param(ctx.function, node.value, ctx.module) \
                if resolved == "param" else None
            if param is not None:
                # `payload.food` of a web handler's `payload`: the request's, unless the
                # name of what is read says otherwise (`payload.user_name`); a name that
                # reads as a setting (`role: str = Form(...)`) is still what each request
                # sends, as a tool's parameter is
                span = ctx.module.span(param.name)
                path = f"{node.value}@{span.path}:{span.line}:{span.column}"
                if self.scope_of(node.value) in (Scope.STATIC, Scope.DEPLOY):
                    self.scopes[path] = Scope.REQUEST
                else:
                    self.unnamed[path] = Scope.REQUEST
                return path
            if resolved == "param" and _is_tool(ctx.function, ctx.module):
                # `def update_config(model_type: str = "Reinvent")` under `@tool`: what the
                # model passes on each call, never the deployment's, whatever its name says
                span = ctx.module.span(ctx.function.name)
                path = f"{node.value}@{span.path}:{span.line}:{span.column}"
                named = self.scope_of(node.value)
                self.scopes[path] = Scope.REQUEST if named in (
                    Scope.STATIC, Scope.DEPLOY, Scope.UNKNOWN) else named
                return path
            return node.value
        if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and \
                node.attr.value.isupper() and self._defines_class(node.value.value, ctx):
            # `ResponseType.CONVERSATION`, `Role.USER`: a member of the project's class (an
            # enum's), written in the code, whatever the words of its name say
            span = ctx.module.span(node)
            path = f"{node.value.value}.{node.attr.value}@{span.path}:{span.line}:{span.column}"
            self.scopes[path] = Scope.DEPLOY
            return path
        if isinstance(node, cst.Attribute):
            base = self.path_of(node.value, ctx)
            return f"{base}.{node.attr.value}" if base else None
        if isinstance(node, cst.Await) and isinstance(node.expression, cst.Call) and \
                isinstance(node.expression.func, cst.Attribute) and \
                isinstance(node.expression.func.value, cst.Name) and _request_param(
                    ctx.function, node.expression.func.value.value, ctx.module) is not None:
            # `await request.json()` of a web handler's `request`: the body it reads
            return self.path_of(node.expression, ctx)
        if isinstance(node, cst.Await):  # `await store.search(question)`: what it returns
            return self.path_of(node.expression, ctx)
        if isinstance(node, cst.Subscript) and len(node.slice) == 1:
            index = node.slice[0].slice
            base = self.path_of(node.value, ctx)
            if base and isinstance(index, cst.Index):
                key = literal_value(index.value)
                if key is None and SHIPPED in base:
                    # `PROFILES[user_id]` of data the project ships: the entry is the one
                    # the key picks, as volatile as the key (not known: not known either)
                    picked = self.path_of(index.value, ctx)
                    return picked if picked and self.scope_for(picked) is not Scope.UNKNOWN \
                        else None
                return f"{base}.{key}" if key is not None else base
            return windowed(base, node)
        if isinstance(node, cst.BooleanOperation) and \
                isinstance(node.operator, cst.Or) and literal_value(node.right) is not None:
            return self.path_of(node.left, ctx)  # `doc.get("content") or ""`: the value
        if isinstance(node, (cst.ListComp, cst.GeneratorExp)) and \
                node.for_in.inner_for_in is None:
            source = self.path_of(node.for_in.iter, ctx)
            if source and is_history(source):  # `[strip(m) for m in self._messages]`: the
                return source  # history, each message reshaped
        if isinstance(node, cst.Call) and len(node.args) == 2 and \
                ctx.module.qualname(node.func) in ("builtins.map", "builtins.filter"):
            return self.path_of(iter_root(node, ctx), ctx)  # `map(str, values)`: the values
        if isinstance(node, cst.Call) and _copies(node, ctx.module):
            return self.path_of(node.args[0].value if node.args else node.func.value, ctx)
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and \
                node.func.attr.value == "get" and node.args and \
                isinstance(literal_value(node.args[0].value), str):
            fixed = self._part_of_fixed(node, ctx)
            if fixed is not None:  # `self.limits.get("never")` of what `__init__` was given
                return fixed.deps[0]
            base = self.path_of(node.func.value, ctx)  # `doc.get("title")`: as `doc["title"]`
            if base:
                return f"{base}.{literal_value(node.args[0].value)}"
        if isinstance(node, cst.Call) and ctx.module.qualname(node.func) in DATA_STORES:
            # `sqlite3.connect(settings.DB_PATH)`: where the store is says nothing of what it
            # holds when a query reads it (rows the program writes, or others do)
            return ctx.module.qualname(node.func)
        shipped = shipped_document(self, node, ctx) if isinstance(node, cst.Call) else None
        if shipped is not None:
            # `json.load(open(ROOT / "config" / "taxonomy.json"))`: what is read from it
            # (`.gatekeeper.item`) is the deployment's
            path = f"{shipped}{SHIPPED}"
            self.scopes[path] = Scope.DEPLOY
            return path
        if isinstance(node, cst.Call) and ctx.module.qualname(node.func) == INPUT and \
                asked_before_turns(ctx.module, node):
            # `choice = input("1 or 2?")` before the loop that asks each turn: the run's
            span = ctx.module.span(node)
            path = f"input()@{span.path}:{span.line}:{span.column}"
            self.scopes[path] = Scope.SESSION
            return path
        if isinstance(node, cst.Call):
            qualified = ctx.module.qualname(node.func) or ""
            sourced = source_scope(qualified, self.sources)
            if sourced is not None:
                # `sd.rec(frames)` handed to a method (`model.transcribe(sd.rec(frames))`):
                # as volatile as the source says, as its text is
                span = ctx.module.span(node)
                path = f"{qualified}()@{span.path}:{span.line}:{span.column}"
                self.scopes[path] = sourced
                return path
            called = self.path_of(node.func, ctx)
            if _constructor(node.func):
                called = None  # `Prompt(file_path=...)`: a class names a type, not a value
            given = [a.value for a in node.args if literal_value(a.value) is None]
            works_on = called is not None and self._works_on(node, called, given, ctx)
            if called is not None and self.scope_of(called) is not Scope.UNKNOWN and \
                    not works_on:
                return called
            # `index.top_k(question, k=4)`: what a library call returns from values varies
            # as the most volatile of them (as `_call` scopes its text).
            arguments = [p for v in given if isinstance(v, (cst.Name, cst.Attribute,
                                                            cst.Subscript, cst.Call))
                         for p in [self.path_of(v, ctx)]
                         if p and self.scope_for(p) is not Scope.UNKNOWN]
            if arguments:
                most = max(arguments, key=lambda p: (int(self.scope_for(p).varies_like),
                                                     -arguments.index(p)))
                if self.scope_for(most) <= Scope.DEPLOY and len(arguments) < len(given):
                    return called  # `llm.ask(messages, temperature=self.temperature)`: the
                    # settings say nothing of what the other values make it return
                return most
            if not works_on and (called is None or self.scope_of(called) is Scope.UNKNOWN) \
                    and ctx.depth < MAX_DEPTH:
                # `audio = record(5)` of a project function that returns what it read
                # (`return sd.rec(frames).squeeze()`): what it returns, when that is known
                returned = self.last_return(node, ctx)
                if returned is not None:
                    value, at = returned
                    at.depth = max(at.depth, ctx.depth + 1)
                    inner = self.path_of(value, at)
                    if inner and self.scope_for(inner) is not Scope.UNKNOWN:
                        return inner
            return None if works_on else called
        return None

    def _works_on(self, node: cst.Call, called: str, given: list, ctx: Context) -> bool:
        """Whether a method of an object the deployment makes (`model = whisper.load_model(
        ...)` at import) works on values of the call itself: `model.transcribe(audio)`
        returns what the audio says, not a setting, unless every value given is a setting
        too (`settings.get(key)` of a constant key)."""
        if not isinstance(node.func, cst.Attribute) or ctx.import_time or \
                self.scope_of(called) is not Scope.DEPLOY or \
                dotted_name(node.func).partition(".")[0] in ctx.module.imports:
            return False  # (`whisper.load_model(name, device)`: a library's function)
        return any(isinstance(v, (cst.Name, cst.Attribute, cst.Subscript, cst.Call,
                                  cst.FormattedString, cst.BinaryOperation)) and
                   (self.scope_of(p) if (p := self.path_of(v, ctx)) else Scope.UNKNOWN)
                   not in (Scope.STATIC, Scope.DEPLOY) for v in given)

    def text(self, node: cst.BaseExpression, ctx: Context) -> list[Seg]:
        self.step()
        if isinstance(node, HoleItem):
            return [node.hole]
        if isinstance(node, ExtendedItem):
            kept = () if node.replaced else ((node.node, node.ctx),)
            return [s for n, c in (*kept, *node.added) for s in self.text(n, c)]
        if ctx.depth > MAX_DEPTH:
            return [self.hole(node, ctx)]
        if isinstance(node, cst.Name) and node.value in ("True", "False", "None"):
            return [Text(node.value, ctx.module.span(node))]  # as an f-string writes it
        if isinstance(node, cst.SimpleString):
            value = node.evaluated_value
            text = value if isinstance(value, str) else value.decode("utf-8", "replace")
            span = ctx.module.span(node)
            opening = len(node.prefix) + len(node.quote)
            body = node.value[opening:len(node.value) - len(node.quote)]
            if "\\" in body and isinstance(value, str) and "r" not in node.prefix.lower():
                return source_texts(body, span.path, span.line, span.column + opening)
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
            number = self._sum(node, ctx)
            if number is not None:  # `i + 1` of a number known here (an item's place)
                return [Text(str(number), ctx.module.span(node))]
            if isinstance(node.operator, cst.Add):
                return self.text(node.left, ctx) + self.text(node.right, ctx)
            if isinstance(node.operator, cst.Modulo):
                return self._percent(node, ctx)
            if isinstance(node.operator, cst.Divide) and self._a_path(node, ctx, 0):
                # `RUNS / stamp / "scratch"`: a path joined, written as `str` writes it
                return [*self.text(node.left, ctx), Text("/", ctx.module.span(node)),
                        *self.text(node.right, ctx)]
            if isinstance(node.operator, cst.Multiply):
                repeated = self._repeat(node, ctx)
                if repeated is not None:
                    return repeated
            if isinstance(node.operator, _ARITHMETIC):  # `level * 100`, `total - used`
                derived = self.varies_as(node, [node.left, node.right], ctx)
                if derived is not None:
                    return derived
        if isinstance(node, cst.Call) and node.args and \
                (ctx.module.qualname(node.func) or "") in _PATHS and \
                all(isinstance(literal_value(a.value), str) and not a.keyword and not a.star
                    for a in node.args):
            # `Path("runs")`, `Path("data", "notes")`: the path it names, as `str` writes it
            return [Text("/".join(literal_value(a.value) for a in node.args),
                         ctx.module.span(node))]
        if isinstance(node, cst.Subscript) and self._names_table(node, ctx):
            # `LANGUAGES[code]`: one of a table of names, as the key picks it
            key = self._deps_hole(node.slice[0].slice.value, ctx)
            return [Hole("value", shorten(ctx.module.source(node)), ctx.module.span(node),
                         key.deps, key.scope)]
        if isinstance(node, cst.Subscript):
            held = self.entry_value(node, ctx) or self._looked_up(node, ctx)
            if held is not None:
                return self._entry_text(node, held, ctx)
            if is_truncation(node):  # cut to a length: what it begins with is unchanged
                return self.text(node.value, ctx)
        if isinstance(node, cst.Call):
            held = self._got(node, ctx) or self._looked_up(node, ctx)
            if held is not None:
                return self._entry_text(node, held, ctx)
        if isinstance(node, (cst.Call, cst.Subscript)) and self.linker is not None:
            listed = listed_file(self.linker, self, node, ctx)  # `PROMPTS["summary"]` of a
            texts = self.linker.text(listed) if listed is not None else None  # folder's
            if texts is not None:  # files, each stored by its name
                self.files.add(listed)
                return texts
            configured = config_text(self, node, ctx)  # `CONFIG["system_prompt"]` of a file
            if configured is not None:
                return configured
        if isinstance(node, (cst.Call, cst.Subscript)):
            part = self._part_of_fixed(node, ctx)
            if part is not None:
                return [part]
        if isinstance(node, cst.Call):
            return self._call(node, ctx)
        if isinstance(node, cst.Attribute) and node.attr.value in CODE_ATTRIBUTES:
            # `cls.__name__`, `model.__doc__`: written in the code, whichever class it is
            return [self.hole(node, ctx, scope=Scope.DEPLOY)]
        if isinstance(node, cst.Subscript) and \
                (cached := _cached_entry(node, ctx)) is not None:
            return self.text(*cached)  # `return self._cache[name]`, stored just before
        if isinstance(node, (cst.Attribute, cst.Subscript)):
            return self._attribute(node, ctx)
        if isinstance(node, cst.Await):
            return self.text(node.expression, ctx)
        if isinstance(node, (cst.ListComp, cst.GeneratorExp, cst.SetComp, cst.DictComp)):
            # Built item by item from what it iterates: it varies as that does.
            path = self.item_path(LoopItem(node.for_in.iter, ctx), ctx)
            return [self.hole(node, ctx, path, kind="loop")]
        if isinstance(node, cst.IfExp):
            return self._either(node, ctx)
        if isinstance(node, cst.Tuple) and node.elements and \
                not any(isinstance(e, cst.StarredElement) for e in node.elements) and \
                any(literal_value(e.value) is None for e in node.elements):
            # `return stamp, part_of_day` written into a prompt: the tuple as `str` writes
            # it, each element varying as it does (a row of a table of literals, iterated
            # and unpacked, is not read whole)
            span = ctx.module.span(node)
            out: list[Seg] = [Text("(", span)]
            for index, element in enumerate(node.elements):
                if index:
                    out.append(Text(", ", span))
                out.extend(self.text(element.value, ctx))
            return [*out, Text(")", span)]
        default = environment_default(node, ctx.module)
        if default is not None:
            return self.text(default, ctx)
        if isinstance(node, cst.BooleanOperation) and isinstance(node.operator, cst.Or) and \
                literal_value(node.right) is not None and (
                    _spelled_or_rendered(node.left) or isinstance(node.left, cst.Name)
                    and isinstance(literal_value(node.right), str)):
            # `template.render(context) or ""`, `names or '"formal"'`: a default for an empty
            # text, the text itself
            return self.text(node.left, ctx)
        path = self.path_of(node, ctx)
        if path is None and _test_operands(node):
            # A flag computed from other values (`not info or not info.reasoning`,
            # `len(question) > 400`) changes as the most volatile of them.
            return [self._deps_hole(node, ctx)]
        return [self.hole(node, ctx, path)]

    def _update_hop(self, name: str, value, value_ctx: Context, ctx: Context) -> bool:
        """Whether following `name` to what it holds is a step back through edits of one
        text in one function (`prompt = prompt.replace(...)` or `text = text.strip()` on an
        earlier line), which costs no depth: a dozen edits are one value, not a dozen calls.
        At most MAX_UPDATES such steps are followed at once; beyond that they cost as any."""
        if self._updates >= MAX_UPDATES or value_ctx.function is not ctx.function or \
                value_ctx.module is not ctx.module or value_ctx.line >= ctx.line or \
                not isinstance(value, cst.Call):
            return False
        receiver = value.func
        while isinstance(receiver, cst.Attribute) and isinstance(receiver.value, cst.Call):
            receiver = receiver.value.func  # `prompt.replace(a, b).strip()`
        return isinstance(receiver, cst.Attribute) and \
            isinstance(receiver.value, cst.Name) and receiver.value.value == name

    def _part_of_fixed(self, node: cst.Call | cst.Subscript, ctx: Context) -> Hole | None:
        """`self.style.get("tone", "warm")`, `self.limits["never"]` of an attribute that is
        fixed for the object (what `__init__` was given, a setting): an entry of a value that
        never changes never changes either, whatever its key is called."""
        if isinstance(node, cst.Call):
            func = node.func
            if not isinstance(func, cst.Attribute) or func.attr.value != "get" or \
                    not 1 <= len(node.args) <= 2 or \
                    not isinstance(literal_value(node.args[0].value), str):
                return None
            base = func.value
        else:
            if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index) or \
                    not isinstance(literal_value(node.slice[0].slice.value), str):
                return None
            base = node.value
        if not (isinstance(base, cst.Attribute) and isinstance(base.value, cst.Name)
                and base.value.value == "self"):
            return None
        inner = self.text(base, ctx)
        if len(inner) != 1 or type(inner[0]) is not Hole or inner[0].deps[0] not in self.scopes \
                or inner[0].scope > Scope.DEPLOY:
            return None
        return Hole(inner[0].kind, shorten(ctx.module.source(node)), ctx.module.span(node),
                    inner[0].deps, inner[0].scope)

    def _a_path(self, node: cst.BaseExpression, ctx: Context, depth: int) -> bool:
        """Whether an expression is a file system path: `Path(...)` (and pathlib's other
        classes), a `/` join with a text or a path on either side (text cannot be divided),
        or a name bound to one, three names deep at most."""
        if depth > 3:
            return False
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Divide):
            return any(isinstance(side, (cst.SimpleString, cst.FormattedString,
                                         cst.ConcatenatedString)) or
                       self._a_path(side, ctx, depth) for side in (node.left, node.right))
        if isinstance(node, cst.Call):
            return (ctx.module.qualname(node.func) or "") in _PATHS
        if isinstance(node, cst.Name):
            found = self.follow(node, ctx)
            return found is not None and self._a_path(found[0], found[1], depth + 1)
        return False

    def _sum(self, node: cst.BinaryOperation, ctx: Context) -> int | None:
        """`i + 1`, `n - 1` of whole numbers known here (literals, names bound to them):
        the number; None for anything else."""
        if not isinstance(node.operator, (cst.Add, cst.Subtract)) or \
                not isinstance(node.left, cst.Integer) and not isinstance(node.right, cst.Integer):
            return None  # (a number is added to one written out: `i + 1`)
        sides = []
        for side in (node.left, node.right):
            held = self.follow(side, ctx) if isinstance(side, cst.Name) else (side, ctx)
            value = literal_value(held[0]) if held is not None else None
            if not isinstance(value, int) or isinstance(value, bool):
                return None
            sides.append(value)
        return sides[0] + sides[1] if isinstance(node.operator, cst.Add) \
            else sides[0] - sides[1]

    def _either(self, node: cst.IfExp, ctx: Context) -> list[Seg]:
        """`A if test else B`. A default (`name if name else "friend"`, `x if x is not None
        else y`) is the value itself, as is a value sent or not (`A if test else None`); a
        test that varies more often than a deployment is a branch on it; otherwise
        (`GRAPH_PROMPT_CN if lang == "cn" else GRAPH_PROMPT_EN`) the arm with more constant
        text, the body on a tie."""
        source = ctx.module.source
        known = self.truth(node.test, ctx) if ctx.bindings else None
        if known is not None:  # `messages if messages else []` of a parameter left at None
            return self.text(node.body if known else node.orelse, ctx)
        test = node.test
        if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
            test = test.left
        if source(test) == source(node.body):
            return self.text(node.body, ctx)
        for arm, other in ((node.body, node.orelse), (node.orelse, node.body)):
            if isinstance(other, cst.Name) and other.value == "None":
                return self.text(arm, ctx)  # `tools if step < last else None`: when sent
        if _override(node, source(test), source):
            default = self.text(node.orelse, ctx)
            if all(isinstance(s, Text) for s in default):
                return default
        hole = self._deps_hole(node.test, ctx)
        body, orelse = self.text(node.body, ctx), self.text(node.orelse, ctx)
        if hole.scope.varies_like >= Scope.DAY and \
                min(constant_chars(body), constant_chars(orelse)) < WHOLE_PROMPT_CHARS:
            # (two texts the code writes: how much instruction the choice holds at least)
            texts = all(isinstance(s, Text) for s in (*body, *orelse))
            shorter = min(estimated_tokens("".join(s.text for s in arm))
                          for arm in (body, orelse)) if texts else 0
            arms = tuple(s.span for s in (*body, *orelse) if s.span is not None and
                         not (isinstance(s, Text) and not s.text.strip()))
            return [Hole("branch", hole.expr, ctx.module.span(node), hole.deps, hole.scope,
                         arm_tokens=shorter, arms=arms)]
        # (two whole prompts chosen per request, `BLOG_PROMPT if is_blog else PAGE_PROMPT`:
        # each keeps its own cached prefix, so the choice breaks neither: the richer arm)
        return orelse if constant_chars(orelse) > constant_chars(body) else body

    def _as_day(self, segment: Seg) -> Seg:
        """A clock value formatted to the day (`%Y-%m-%d`) changes once a day."""
        if isinstance(segment, Hole) and segment.scope.varies_like > Scope.DAY:
            path = segment.deps[0]
            if path in self.scopes:
                self.scopes[path] = Scope.DAY
            return Hole(segment.kind, segment.expr, segment.span, segment.deps, Scope.DAY,
                        segment.passed)
        return segment

    def _as_clock(self, segment: Seg) -> Seg:
        """A value formatted to the minute or hour (`%I:%M`) is a clock reading: a value of
        unknown scope takes the request's."""
        if isinstance(segment, Hole) and segment.scope is Scope.UNKNOWN:
            for path in segment.deps:
                self.scopes[path] = Scope.REQUEST
            return Hole(segment.kind, segment.expr, segment.span, segment.deps, Scope.REQUEST,
                        segment.passed)
        return segment

    def _as_format(self, segments: list[Seg], fmt: object) -> list[Seg]:
        """Segments formatted with a strftime format: to the day, or to the clock."""
        if isinstance(fmt, str) and date_only(fmt):
            return [self._as_day(s) for s in segments]
        if isinstance(fmt, str) and clock_format(fmt):
            return [self._as_clock(s) for s in segments]
        return segments

    def _entry_text(self, node: cst.Subscript | cst.Call,
                    held: tuple[cst.BaseExpression, Context], ctx: Context) -> list[Seg]:
        """The text of the entry `node` looks up, read where it is written; an opaque entry
        of a dict a function elsewhere returns (`values()["today"]`), or of state an object
        keeps changing (`self.traits["warmth"]`), is reported where this lookup puts it into
        the prompt, as the value a helper returns is."""
        if isinstance(held[0], HoleItem):  # an entry of state the object keeps changing
            return [self.placed(held[0].hole, node, ctx)]
        segments = self.text(held[0], deeper(held[1], ctx))
        if len(segments) == 1 and type(segments[0]) is Hole and \
                held[1].function is not None and segments[0].span is not None and \
                segments[0].span.path != ctx.module.path:
            return [self.placed(segments[0], node, ctx)]
        return segments

    def _got(self, node: cst.Call, ctx: Context) -> tuple[cst.BaseExpression, Context] | None:
        """`config.get("language", "English")` of a dict known here that has the key: that
        entry, as `config["language"]` reads it; None for any other call."""
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value != "get" or \
                not 1 <= len(node.args) <= 2 or any(a.keyword or a.star for a in node.args) or \
                not isinstance(literal_value(node.args[0].value), str):
            return None
        return self.entry_value(cst.Subscript(
            value=func.value, slice=[cst.SubscriptElement(cst.Index(node.args[0].value))]), ctx)

    def _looked_up(self, node: cst.Subscript | cst.Call, ctx: Context,
                   ) -> tuple[cst.BaseExpression, Context] | None:
        """`PROMPTS[kind]` or `PROMPTS.get(kind, DEFAULT)` with a key that is a name, not a
        literal: the richest text of the dict literal PROMPTS holds (see `chosen_entry`)."""
        if isinstance(node, cst.Subscript):
            if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index) or \
                    not isinstance(node.slice[0].slice.value, (cst.Name, cst.Attribute)):
                return None
            return self.chosen_entry(node.value, ctx)
        func = node.func
        args = [a for a in node.args if a.keyword is None and not a.star]
        if not isinstance(func, cst.Attribute) or func.attr.value != "get" or \
                not 1 <= len(args) <= 2 or len(args) != len(node.args) or \
                not isinstance(args[0].value, (cst.Name, cst.Attribute)):
            return None
        return self.chosen_entry(func.value, ctx, args[1].value if len(args) == 2 else None)

    def _names_table(self, node: cst.Subscript, ctx: Context) -> bool:
        """Whether `TABLE[key]` looks a name up by a key not known here (`LANGUAGES[code]`,
        TABLE a dict literal of short one-line strings: `{"en": "English", ...}`). Unlike a
        table of prompts, whose richest entry stands for the lookup, such an entry is a value
        placed into text, which changes as the key does."""
        if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index) or \
                not isinstance(node.slice[0].slice.value, (cst.Name, cst.Attribute)):
            return False
        held = self.follow(node.value, ctx)
        if held is None or not isinstance(held[0], cst.Dict) or len(held[0].elements) < 2:
            return False
        values = [literal_value(e.value) if isinstance(e, cst.DictElement) else None
                  for e in held[0].elements]
        return all(isinstance(v, str) and len(v) <= _NAME_CHARS and "\n" not in v
                   for v in values)

    def _deps_hole(self, node: cst.BaseExpression, ctx: Context) -> Hole:
        """One hole standing for what an expression (a test, a key) depends on: a test made
        of comparisons, `and`/`or`/`not` and `len(...)` varies as its most volatile operand
        (`len(passages) > 0` as `passages`)."""
        operands = _test_operands(node)
        if operands:
            worst = max((self._deps_hole(o, ctx) for o in operands), key=lambda h: int(h.scope))
            if worst.scope is Scope.STATIC:
                return worst
            return Hole(worst.kind, shorten(ctx.module.source(node)), ctx.module.span(node),
                        worst.deps, worst.scope)
        if isinstance(node, cst.Name) and node.value in ("True", "False", "None"):
            return self.hole(node, ctx, scope=Scope.STATIC)  # `if False:`: code set aside
        if isinstance(node, (cst.Set, cst.List, cst.Tuple)) and all(
                isinstance(e, cst.Element) and literal_value(e.value) is not None
                for e in node.elements):
            return self.hole(node, ctx, scope=Scope.STATIC)  # `{"sql", "stats"}`: constants
        segments = self.text(node, ctx)
        holes = [s for s in segments if isinstance(s, Hole)]
        if not holes:
            return self.hole(node, ctx, scope=Scope.STATIC)
        return max(holes, key=lambda h: int(h.scope))

    def _name(self, node: cst.Name | cst.Attribute, ctx: Context,
              resolved: Resolved = None) -> list[Seg]:
        name = node.value if isinstance(node, cst.Name) else dotted_name(node)
        if resolved is None:
            resolved = self.resolve(name, ctx)
        if resolved == "position":  # an item's number: the same at that place every time
            return [Text("1", ctx.module.span(node))]
        if isinstance(resolved, Parts):
            return self._parts_text(resolved, node, ctx)
        if isinstance(resolved, LoopItem):
            built = self._built_item(resolved, ctx)
            if built is not None:
                return built
            return [self.hole(node, ctx, self.item_path(resolved, ctx))]
        if isinstance(resolved, tuple):
            value, value_ctx = resolved
            if self._update_hop(name, value, value_ctx, ctx):
                # `prompt = prompt.replace("{NAME}", name)`, line after line: each line is
                # one more edit of the same text, not a level deeper into the code
                self._updates += 1
                try:
                    value_ctx.depth = ctx.depth  # (a context `resolve` made for this read)
                    segments = self.text(value, value_ctx)
                finally:
                    self._updates -= 1
            else:
                segments = self.text(value, deeper(value_ctx, ctx))
            if len(segments) == 1 and isinstance(segments[0], Hole) and \
                    type(segments[0]) is Hole:
                # An opaque value (a header, a clock reading, a parameter) is reported where
                # it is put into the prompt, under the name the code uses for it; a value
                # nothing else classifies is classified by that name (`memory = …`).
                inner = segments[0]
                named = self.scope_of(name)
                if inner.scope is Scope.UNKNOWN and named is not Scope.UNKNOWN and not (
                        named <= Scope.DEPLOY and any(".item@" in d for d in inner.deps)):
                    # (a field of an item of a list not known here, `business_prompt =
                    # table.get(...)`, is as volatile as the list, whatever it is called)
                    return [self.placed(inner, node, ctx, (name,), named)]
                if named is Scope.REQUEST and inner.deps and not is_history(name) and \
                        name not in ctx.bindings and all(is_history(d) for d in inner.deps):
                    # `user_question = state.get("messages", "")` put into text: what the
                    # code calls the question is the request's, not the history it was
                    # stored under (a parameter a caller's value is bound to is that value)
                    return [self.placed(inner, node, ctx, (name,), named)]
                placed = self.placed(inner, node, ctx)
                if name in ctx.bindings and inner.span.path != placed.span.path:
                    # a caller's argument in another file (`build_prompt(user.name)`): the
                    # line that passes it, where the fix is made
                    placed = replace(placed, passed=inner.passed or inner.span)
                return [placed]
            return segments
        if resolved == "param" and ctx.function is not None and isinstance(node, cst.Name):
            # `def review(text, form=NEURIPS_FORM)` with no caller's value bound: the
            # constant its default names (a literal default stays a value known by its name)
            default = named_defaults(ctx.function, ctx.module, ctx.depth).get(name)
            if default is not None:
                return self.text(*default)
        if resolved == "param" and isinstance(node, cst.Name) and \
                self.scope_of(name) is Scope.UNKNOWN and _flag(ctx.function, name):
            # `only_transactions: bool`: a flag chooses between two texts, each of which
            # every request with that choice shares
            return [self.hole(node, ctx, name, Scope.DEPLOY)]
        if resolved == "param" and isinstance(node, cst.Name) and is_history(name) and \
                _annotated(ctx.function, name, ("int", "float")):
            # `turns: int`: a number of turns allowed, not the turns themselves: a setting
            return [self.hole(node, ctx, name, Scope.DEPLOY)]
        if resolved == "param" and isinstance(node, cst.Name) and ctx.function is not None \
                and ctx.function.name.value == "__init__":
            given = self._constructed_text(ctx, name)
            if given is not None:  # `Grader(prompt=prompt)` of a file the script read
                return given
        if resolved == "param" and ctx.function is not None and \
                ctx.function.name.value == "__init__" and \
                self.scope_of(name) in (Scope.STATIC, Scope.DEPLOY):
            # `def __init__(self, role)`, its name a setting's (an assistant's role), but
            # made with a request's value (`InterviewSession(role=role)` of a form's field):
            # the job the candidate applies for, as the project's constructions say
            made = self._constructed_with(ctx, name)
            if made is not None:
                return [Hole("value", shorten(ctx.module.source(node)), ctx.module.span(node),
                             made.deps, made.scope)]
        if resolved == "param" and ctx.function is not None and \
                ctx.function.name.value == "__init__" and \
                (self.scope_of(name) is Scope.UNKNOWN or
                 name == "name" and not _person_class(ctx)):
            # `def __init__(self, criteria, rubric)`, no construction in view: what an
            # object is made with is fixed for its lifetime (a metric, an agent's persona);
            # its `name` names the object (a model, an agent), not a person, unless the
            # class is one (`User`, `Customer`). Where the project makes the object from a
            # request (`SlideDeck(topic=prompt_text)` in a web handler), it varies as that.
            made = self._constructed_with(ctx, name)
            if made is not None:
                return [Hole("value", shorten(ctx.module.source(node)), ctx.module.span(node),
                             made.deps, made.scope)]
            return [self.hole(node, ctx, name, Scope.DEPLOY)]
        if resolved is None and isinstance(node, cst.Name) and _constant_name(name) and \
                name in ctx.module.imports and ctx.module.imports[name][1] and \
                self.load_module(ctx.module.imports[name][0], ctx.module.path) is None:
            # `from agents.extensions.handoff_prompt import RECOMMENDED_PROMPT_PREFIX`: a
            # library's constant, the same text for every request of a deployment
            return [self.hole(node, ctx, name, Scope.DEPLOY)]
        if resolved is None and isinstance(node, cst.Name) and self._defines_class(name, ctx):
            # `response_format=Decision`: a class the code defines, whose schema is written
            # in the code (a model of the answer, the same for every request)
            return [self.hole(node, ctx, name, Scope.DEPLOY)]
        return [self.hole(node, ctx, self.path_of(node, ctx) or name)]

    def _constructed_with(self, ctx: Context, name: str) -> Hole | None:
        """The most volatile value the project's constructions of the class whose
        `__init__` ctx reads pass as parameter `name` (at most MAX_CONSTRUCTIONS of them,
        in file order), when it varies per day or more often; None otherwise."""
        found = self._given_at_constructions(ctx, name)
        if found is None:
            return None
        worst: Hole | None = None
        for segments in found:
            for segment in segments:
                if isinstance(segment, Hole) and segment.scope is not Scope.UNKNOWN \
                        and segment.scope.varies_like >= Scope.DAY and \
                        (worst is None or segment.scope.varies_like >
                         worst.scope.varies_like):
                    worst = segment
        return worst

    def _constructed_text(self, ctx: Context, name: str) -> list[Seg] | None:
        """The text every construction of the class in the project passes as parameter
        `name`, when they all pass the same constant text of prompt length (a prompt file
        a script reads, then `Grader(prompt=prompt)`); None otherwise."""
        found = self._given_at_constructions(ctx, name)
        if not found or any(not segments for segments in found):
            return None
        texts = {"".join(s.text for s in segments if isinstance(s, Text))
                 for segments in found}
        if len(texts) != 1 or len(next(iter(texts))) < _CONSTRUCTED_CHARS or \
                any(isinstance(s, Hole) for segments in found for s in segments):
            return None
        return found[0]

    def _given_at_constructions(self, ctx: Context, name: str) -> list[list[Seg]] | None:
        """What the project's constructions of the class whose `__init__` ctx reads pass
        as parameter `name` (at most MAX_CONSTRUCTIONS of them, in file order), lowered
        where each is made (one empty list for a construction that leaves it to its
        default); None when the class is not known or its constructions are being read."""
        from .sites import context_at

        info = ctx.module.owner.get(id(ctx.function))
        if info is None or ctx.function is None:
            return None
        key = (id(info), name)
        if key in self._constructing:
            return None
        known = self._constructed.get(key)
        if known is not None and known[0] is info:  # read once a file, not at each use
            return known[1]
        positional = [p.name.value for p in ctx.function.params.params][1:]
        index = str(positional.index(name)) if name in positional else None
        out: list[list[Seg]] = []
        self._constructing.add(key)
        try:
            made = ((call, at) for module in self.constructions(info.node.name.value)
                    for call in _calls_of_name(module, info.node.name.value)
                    for at in [context_at(module, call)]
                    if (self._class_named(call.func, at) or (None,))[0] is info)
            for call, at in itertools.islice(made, MAX_CONSTRUCTIONS):
                value = argument_of(call, name) or \
                    (argument_of(call, index) if index is not None else None)
                out.append(self.text(value, at) if value is not None else [])
        finally:
            self._constructing.discard(key)
        if not self._constructing:  # (not a value cut short by a construction cycle)
            self._constructed[key] = (info, out)
        return out

    def _defines_class(self, name: str, ctx: Context) -> bool:
        """Whether `name` is a class the project defines: at the top of the module or
        imported from one of the project's modules, or in the function being read."""
        if self._class(name, ctx.module) is not None:
            return True
        return ctx.function is not None and \
            name in ctx.module.local_classes().get(id(ctx.function), ())

    def _defines_function(self, name: str, ctx: Context) -> bool:
        """Whether `name` is a function the project defines: in the module, imported from
        one of the project's modules, or in the function being read."""
        module = ctx.module
        if name in module.functions:
            return True
        if name in module.imports and self.exported(module, name, "functions") is not None:
            return True
        return ctx.function is not None and any(
            isinstance(statement, cst.FunctionDef) and statement.name.value == name
            for statement in ctx.function.body.body)

    def _parts_text(self, resolved: Parts, node: cst.CSTNode, ctx: Context) -> list[Seg]:
        """Text built by statements (`s = …; s += …`); a list used as text is one hole."""
        out: list[Seg] = []
        parts = resolved.parts
        if len(parts) > 1 and parts[0][0] == "=" and isinstance(parts[0][1], cst.Name) and \
                parts[0][1].value == "None":
            parts = parts[1:]  # `cache = None`, then filled: the value that is sent
        guard = ArmGuard()  # (`if findings: text += RULES`: what that arm adds is its)
        for op, value, at in parts:
            start = len(out)
            if op == "branch":
                out.append(value)
                guard.opens(value, at.arms)
                continue
            if op == "+=" and value is not None and self._unrolled(value, at, ctx, out):
                pass
            elif op == "+=" and value is not None and self._looped(value, at, ctx, out):
                pass
            elif op in ("=", "+=") and value is not None:
                out.extend(self.text(value, deeper(at, ctx)))
            else:
                return [self.hole(node, ctx, self.path_of(node, ctx))]
            out[start:] = guard.mark(out[start:], at.arms)
        return out

    def _unrolled(self, value: cst.BaseExpression, at: Context, ctx: Context,
                  out: list[Seg]) -> bool:
        """`text += part` in a `for` over items known here (a list of constants, the
        arguments of `*names`): the part once per item, the loop variable bound to each
        (`for name in names: text += open(f"prompts/{name}").read()` joins those files).
        False, with nothing added, for any other `+=`."""
        module = at.module
        loop = _loop_body_of(value, module)
        if loop is None:
            return False
        target, iterable = loop.target, loop.iter
        if isinstance(target, cst.Tuple) and len(target.elements) == 2 and \
                isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Name) and \
                iterable.func.value == "enumerate" and len(iterable.args) == 1:
            # `for i, line in enumerate(LINES)`: the items, each at its position (`i` reads
            # as the position it is, the same on every request)
            target, iterable = target.elements[1].value, iterable.args[0].value
        if not isinstance(target, cst.Name):
            return False
        where = Context(module, at.function, module.pos(loop), at.import_time,
                        dict(at.bindings), at.depth + 1, module.arms(loop))
        items = self.sequence(iterable, where)
        if not items or len(items) > _MAX_UNROLLED:
            return False
        for item, item_ctx in items:
            bound = Context(module, at.function, at.line, at.import_time,
                            {**at.bindings, target.value: (item, item_ctx)}, at.depth,
                            at.arms)
            out.extend(self.text(value, deeper(bound, ctx)))
        return True

    def _looped(self, value: cst.BaseExpression, at: Context, ctx: Context,
                out: list[Seg]) -> bool:
        """`text += f"<name>{table.name}</name> <use>{table.usage}</use>"` in a `for` over
        items not known here, read after the loop: one loop over what its values read, as
        `{% for %}` is. The part's labels repeat with every item: text that follows the
        first item, not constant text a request shares (what the items read decides where
        the prefix ends). False, with nothing added, when the part holds no value."""
        module = at.module
        loop = _loop_body_of(value, module)
        if loop is None or module.pos(loop) <= ctx.line < module.end(loop):
            return False
        part = self.text(value, deeper(at, ctx))
        holes = [s for s in part if isinstance(s, Hole)]
        if not holes:
            return False
        worst = max(holes, key=lambda h: int(h.scope.varies_like))
        deps = tuple(dict.fromkeys(d for h in holes for d in h.deps))
        out.append(Hole("loop", shorten(module.source(loop.iter)), module.span(loop.iter), deps,
                        worst.scope))
        return True

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
                    scope, deps = inner[0].scope, inner[0].deps
                    words = words_of(node.attr.value)
                    if words and (words[-1] in COMMAND_LINE_SUBJECTS and
                                  self.scope_of(node.attr.value) is not Scope.DEPLOY or
                                  self.scope_of(node.attr.value) is Scope.UNKNOWN and
                                  self._free_text_option(base, node.attr.value, ctx)) and \
                            self._command_line(base, ctx):
                        # `args.question`: an option is the run's setting, but what the
                        # user asks on the command line is that run's request (not
                        # `args.system_prompt`, prompt text the deployment gives), as is
                        # free text given with no default (`--ticker`, "e.g. AAPL")
                        scope, deps = Scope.REQUEST, (f"{deps[0]}.{node.attr.value}",)
                        self.scopes[deps[0]] = scope
                    hole = Hole(inner[0].kind, shorten(ctx.module.source(node)),
                                ctx.module.span(node), deps, scope)
                    return [self._as_day(hole) if node.attr.value in CALENDAR_PARTS
                            else hole]
            configured = settings_text(self, node)  # `get_settings().review_prompt.system`
            if configured is not None:
                return configured
            if resolved is None and isinstance(base, cst.Name) and \
                    base.value in ctx.module.imports and _constant_name(node.attr.value):
                # `config.SEND_USER_IDS` of `import config`, a module that fills its globals
                # from a settings file when imported: a module's constant, spelled as one,
                # is the deployment's setting whatever words its name holds
                return [self.hole(node, ctx, self.path_of(node, ctx), Scope.DEPLOY)]
        if isinstance(node, cst.Subscript) and isinstance(base, cst.Name) and \
                isinstance(self.resolve(base.value, ctx), tuple):
            # `body["task_prompt"]` of `body = request.get_json()`: an entry of what a
            # request source returned is of that request, whatever the key is called
            inner = self.text(base, ctx)
            if len(inner) == 1 and isinstance(inner[0], Hole) and \
                    inner[0].deps[0] in self.scopes and inner[0].scope is Scope.REQUEST:
                return [Hole(inner[0].kind, shorten(ctx.module.source(node)),
                             ctx.module.span(node), inner[0].deps, inner[0].scope)]
        if isinstance(node, cst.Subscript) and isinstance(base, cst.Name):
            held = self.follow(base, ctx)
            if held is not None and isinstance(held[0], cst.Call) and \
                    held[1].module.qualname(held[0].func) in DATA_LOADERS and \
                    _loop_body_of(held[0], held[1].module) is None:
                # `setup["full_name"]` of `setup = json.load(file)`: an entry of data the
                # project ships is the same for every request, whatever the key is called
                # (not one of the files a loop reads in turn: each pass's data is its own)
                return [self.hole(node, ctx, self.path_of(node, ctx), Scope.DEPLOY)]
        if isinstance(base, cst.Call):
            # `uuid.uuid4().hex`: an attribute of a source changes as the source does.
            inner = self.text(base, ctx)
            if len(inner) == 1 and isinstance(inner[0], Hole):
                return [Hole(inner[0].kind, shorten(ctx.module.source(node)),
                             ctx.module.span(node), inner[0].deps, inner[0].scope)]
        return [self.hole(node, ctx, self.path_of(node, ctx))]

    def _parsed_command_line(self, node: cst.BaseExpression, ctx: Context,
                             ) -> tuple[cst.BaseExpression, Context] | None:
        """The `parser.parse_args()` call a name holds, with its context; None otherwise."""
        held = self.follow(node, ctx)
        return held if held is not None and isinstance(held[0], cst.Call) and \
            isinstance(held[0].func, cst.Attribute) and \
            held[0].func.attr.value in COMMAND_LINE else None

    def _command_line(self, node: cst.BaseExpression, ctx: Context) -> bool:
        """Whether a name holds the parsed command line (`args = parser.parse_args()`)."""
        return self._parsed_command_line(node, ctx) is not None

    def _free_text_option(self, base: cst.BaseExpression, name: str, ctx: Context) -> bool:
        """Whether `base.name` reads an option of the parsed command line that takes free
        text and has no default (see `cli_options.free_text_option`)."""
        held = self._parsed_command_line(base, ctx)
        return held is not None and free_text_option(
            _calls_of_name(held[1].module, "add_argument"), name)

    def command_line_default(self, node: cst.Attribute, ctx: Context,
                             ) -> tuple[cst.BaseExpression, Context] | None:
        """The default of the option `args.name` reads, when `args` holds the parsed command
        line of a parser whose one `add_argument` for that name gives a default."""
        held = self._parsed_command_line(node.value, ctx)
        if held is None:
            return None
        module = held[1].module
        default = argument_default(_calls_of_name(module, "add_argument"), node.attr.value)
        if default is None:
            return None
        return default, Context(module, module.enclosing_function(default), module.pos(default))

    def follow(self, node: cst.BaseExpression, ctx: Context, attributes: bool = False,
               ) -> tuple[cst.BaseExpression, Context] | None:
        """The expression a name holds (with `attributes`, also `self.attr` and
        `module.NAME`), followed through assignments; None when it holds something not
        known here (a parameter, the parts several statements built)."""
        for _ in range(MAX_DEPTH):
            if isinstance(node, cst.Name):
                resolved = self.resolve(node.value, ctx)
            elif attributes and isinstance(node, cst.Attribute):
                resolved = self.attribute_value(node, ctx)
            elif isinstance(node, cst.Subscript):
                resolved = self.entry_value(node, ctx) or \
                    next(iter(self.chosen_tables(node, ctx)), None) or \
                    _cached_entry(node, ctx)
                if resolved is None:
                    return node, ctx
            elif isinstance(node, cst.Call) and is_cast(node, ctx.module.qualname(node.func)):
                resolved = node.args[1].value, ctx  # `cast(Template, t)` holds `t`
            elif (default := environment_default(node, ctx.module)) is not None:
                resolved = default, ctx
            else:
                return node, ctx
            if not isinstance(resolved, tuple):
                return None
            node, ctx = resolved
        return None


# The longest entry of a table of names (`{"en": "English"}`): longer text is prompt text.
_NAME_CHARS = 40


def _complete(node: cst.If | cst.Match | None) -> bool:
    """Whether every run through an `if` or `match` takes one of its arms: an `if` with an
    `else` (or `elif`), a `match` whose last case is `case _:`."""
    if isinstance(node, cst.If):
        return node.orelse is not None
    if isinstance(node, cst.Match) and node.cases:
        last = node.cases[-1]
        return isinstance(last.pattern, cst.MatchAs) and last.pattern.pattern is None and \
            last.pattern.name is None and last.guard is None
    return False


def _every_arm(node: cst.If | cst.Match, arms: set[int]) -> bool:
    """Whether `arms` are all the arms of an `if` (its body and its `else`) or a `match`."""
    if isinstance(node, cst.Match):
        return arms == set(range(len(node.cases)))
    return arms == {0, 1}


def _shared_items(module: Module, if_id: int, name: str) -> tuple[tuple, int] | None:
    """The two lists an `if`/`else` assigns to `name`, one in each arm, and how many items
    they both begin with, written alike; None when the arms do not both assign a list
    literal or share no first item."""
    node = module.ifs.get(if_id)
    if not isinstance(node, cst.If) or not isinstance(node.orelse, cst.Else):
        return None
    lists = []
    for block in (node.body, node.orelse.body):
        found = [line.body[0].value for line in block.body
                 if isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1 and
                 isinstance(line.body[0], (cst.Assign, cst.AnnAssign)) and
                 _assigns(line.body[0], name)]
        if len(found) != 1 or not isinstance(found[0], cst.List):
            return None
        lists.append(found[0])
    shared = 0
    for first, second in zip(lists[0].elements, lists[1].elements):
        if isinstance(first, cst.StarredElement) or \
                module.source(first.value) != module.source(second.value):
            break
        shared += 1
    return (tuple(lists), shared) if shared else None


def _assigns(statement: cst.Assign | cst.AnnAssign, name: str) -> bool:
    """Whether an assignment binds `name` alone (`messages = [...]`, `messages: list = [...]`)."""
    targets = [t.target for t in statement.targets] if isinstance(statement, cst.Assign) \
        else [statement.target]
    return any(isinstance(t, cst.Name) and t.value == name for t in targets)


def environment_default(node: cst.BaseExpression, module: Module) -> cst.BaseExpression | None:
    """The default of `os.getenv("SYSTEM_PROMPT") or SYSTEM_PROMPT`: the text the code
    ships, sent unless a deployment sets the variable (None for any other expression)."""
    if isinstance(node, cst.BooleanOperation) and isinstance(node.operator, cst.Or) and \
            isinstance(node.left, cst.Call) and \
            module.qualname(node.left.func) in ENVIRONMENT_READS:
        return node.right
    return None


def _constant_name(name: str) -> bool:
    """Whether a name is spelled as a module constant (`PROMPT_PREFIX`, `SYSTEM`)."""
    return len(name) > 1 and name.isupper() and name.replace("_", "").isalnum()


def _constructor(func: cst.BaseExpression) -> bool:
    """Whether a call's callee is named as a class is (`Prompt`, `models.ChatRequest`)."""
    name = func.value if isinstance(func, cst.Name) else \
        func.attr.value if isinstance(func, cst.Attribute) else ""
    return name[:1].isupper() and any(c.islower() for c in name)


_BUILTIN_TYPES = frozenset({"str", "list", "dict", "tuple", "int", "float", "bool", "bytes"})
# methods of a text whose result is a text (`TEMPLATE.format(...)`, `"\n".join(lines)`)
_TEXT_METHODS = frozenset({"format", "format_map", "join", "strip", "lstrip", "rstrip",
                           "replace", "lower", "upper", "title", "capitalize", "substitute",
                           "safe_substitute", "to_string", "render", "dedent"})


def _builtin_type(node: cst.BaseExpression) -> str | None:
    """The built-in type a literal or a text method's call has, as its name; else None."""
    if isinstance(node, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)):
        return "bytes" if isinstance(node, cst.SimpleString) and \
            node.prefix.lower().startswith("b") else "str"
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and \
            node.func.attr.value in _TEXT_METHODS:
        return "str"
    if isinstance(node, cst.Name) and node.value in ("True", "False"):
        return "bool"
    kinds = {cst.List: "list", cst.ListComp: "list", cst.Dict: "dict", cst.DictComp: "dict",
             cst.Tuple: "tuple", cst.Integer: "int", cst.Float: "float"}
    return kinds.get(type(node))


# Constructions of a class read to know what its objects are made with (the first ones in
# file order): enough to see a request's value passed, bounded work per parameter.
MAX_CONSTRUCTIONS = 8
# The least text a constructor's parameter takes from the constructions to be read as that
# text (a prompt), not as a value the object is made with (a model name, a path).
_CONSTRUCTED_CHARS = 200


def _calls_of_name(module: Module, name: str) -> list[cst.Call]:
    """The calls of `name` (`Deck(...)`, `slides.Deck(...)`) in a module, in order; found
    once per module and name."""
    def calls() -> list[cst.Call]:
        return [node for node in module.nodes if isinstance(node, cst.Call) and (
            isinstance(node.func, cst.Name) and node.func.value == name or
            isinstance(node.func, cst.Attribute) and node.func.attr.value == name)]

    return module.memo(f"calls of {name}", None, calls)  # type: ignore[return-value]


def _tests_empty(test, name: str) -> bool:
    """Whether an `if` test is true when `name` is empty: `not name`, `name is None`,
    `name == ""`."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return isinstance(test.expression, cst.Name) and test.expression.value == name
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and \
            isinstance(test.left, cst.Name) and test.left.value == name:
        target = test.comparisons[0]
        empty = (isinstance(target.comparator, cst.Name)
                 and target.comparator.value == "None") or \
            (isinstance(target.comparator, cst.SimpleString)
             and target.comparator.evaluated_value == "")
        return empty and isinstance(target.operator, (cst.Is, cst.Equal))
    return False


def _override(node: cst.IfExp, test: str, source) -> bool:
    """`load_prompt(path) if path else load_prompt(DEFAULT_PATH)`: the same call made with a
    value a caller may give, else with the shipped default (a template file, a settings
    file). The default is what is sent unless a deployment names its own. (`source`: the
    module's code of a node.)"""
    body, orelse = node.body, node.orelse
    if not (isinstance(body, cst.Call) and isinstance(orelse, cst.Call)):
        return False
    return source(body.func) == source(orelse.func) and \
        any(source(a.value) == test for a in body.args)


def _decorator_argument(name: str, outer: cst.FunctionDef, module
                        ) -> tuple[cst.BaseExpression, cst.Decorator] | None:
    """What a decorator factory's parameter holds in the wrapper it makes (`def
    with_system(prompt): def decorator(func): def wrapper(...)`, read by `wrapper`): the
    argument `@with_system(PLANNER_PROMPT)` passes, evaluated once, where the decorated
    function is defined; the first such decorator of the module, each written in the code.
    None when `outer` is not the module-level factory whose parameter `name` is."""
    factory = outer
    while factory is not None and name not in param_names(factory):
        factory = module.enclosing_function(factory)
    if factory is None or module.enclosing_function(factory) is not None or \
            module.owner.get(id(factory)) is not None:
        return None
    params = [p.name.value for p in factory.params.params]

    def applications() -> list:
        found = []
        for node in module.nodes:
            if isinstance(node, cst.Decorator) and isinstance(node.decorator, cst.Call) and \
                    isinstance(node.decorator.func, cst.Name) and \
                    node.decorator.func.value == factory.name.value:
                found.append(node)
        return found

    for decorator in module.memo("decorations", factory, applications):
        for index, arg in enumerate(decorator.decorator.args):
            if arg.star:
                break
            if arg.keyword is not None and arg.keyword.value == name or \
                    arg.keyword is None and index < len(params) and params[index] == name:
                return arg.value, decorator
    return None
