"""Values held in objects of the project: what `self.attr` holds between calls, a class's
attributes and properties, and the attributes of an instance made elsewhere, `Settings(...)`,
`Settings.from_config(cfg)` or `get_settings()`, read from what its constructor was passed, its
`__init__`, or a dataclass / pydantic / attrs field default; and the entries of a mapping
held by a name (`PROMPTS["answer"]` of a dict literal, or of `PROMPTS["answer"] = ...`).

An object kept for the life of the process (a module-level singleton or cache, an
`lru_cache`d or Streamlit `cache_resource` factory) computes its `__init__` values once:
those are read as import-time values (deploy-scoped), so a clock read there is stale, not
breaking.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import libcst as cst

from ...ir import Hole, Scope
from .config_values import PROMPT_KEY, document_entry, loaded_document
from .flow import (END, INSERTS, REWRITES, Binding, ClassInfo, conditional, entry_name, reaching,
                   richness)
from .dynamic_import import imported_module
from .literals import (MAX_DEPTH, decorated, deeper, dotted_name, empty_literal, literal_value,
                       looked_up_in, own_class_of, param_annotation, param_names)
from .module import Module
from .sources import INJECTED
from .values import INSTANCE, RECEIVER, Context, HoleItem, ModuleRef, Parts, Resolved

if TYPE_CHECKING:
    from .interpreter import Lowerer

# Calls whose value in a class body declares a field and its default.
FIELD_CALLS = frozenset({"dataclasses.field", "pydantic.Field", "pydantic.fields.Field",
                         "attr.ib", "attr.attrib", "attr.field", "attrs.field", "msgspec.field",
                         "sqlmodel.Field", "pydantic_settings.Field"})
# Libraries whose class attributes are columns of a stored row (`Relationship(...)`,
# `models.TextField(...)`, `Column(...)`): an instance's value is its row's, never the
# attribute the class holds.
ORM_MODULES = ("sqlalchemy.", "sqlmodel.Relationship", "django.db.models.", "peewee.",
               "mongoengine.", "tortoise.fields.", "odmantic.", "beanie.")
CACHE_DECORATORS = ("lru_cache", "cache", "cached", "cached_property", "cache_resource")
_MAX_MADE = 4
# Re-exports a name is followed through to the module that defines it (`from .viz import
# Generator`, `viz/__init__.py` importing it from `.generator`).
_REEXPORT_HOPS = 4


def _set_by_methods(info: ClassInfo, attr: str, module: Module) -> list:
    """Each statement of a method other than `__init__` that sets or adds to `self.attr`:
    (the method, its parameter names, the binding, all of the method's bindings), in the
    order of the methods and their statements."""
    return module.memo("set by methods", info, lambda: _attributes_set(info, module)) \
        .get(attr, [])


def _attributes_set(info: ClassInfo, module: Module) -> dict[str, list]:
    """`_set_by_methods` of every attribute of a class at once (a class of hundreds of
    methods is asked about each attribute its prompts read)."""
    out: dict[str, list] = {}
    for name, method in info.methods.items():
        if name == "__init__":
            continue
        params = param_names(method)
        owner = _owner(params)
        bindings = module.bindings.get(id(method), ())
        for binding in bindings:
            head, dot, attr = binding.name.partition(".")
            if head == owner and dot and "." not in attr:
                out.setdefault(attr, []).append((method, params, binding, bindings))
    return out


def _advancer(info: ClassInfo, attr: str, module: Module) -> str | None:
    """The first method (not `__init__`) that changes `self.attr` from what it held or
    what it computes (`self.count += 1`, `self.left -= 1`, `self.turn = self.turn + 1`,
    `self.count, rest = tally()`); None when none does."""
    for method, params, binding, _ in _set_by_methods(info, attr, module):
        target = f"{_owner(params)}.{attr}"
        if binding.op in ("+=", "opaque") or binding.op == "=" and \
                isinstance(binding.value, cst.BinaryOperation) and \
                target in {dotted_name(n) for n in (binding.value.left, binding.value.right)}:
            return method.name.value
    return None


def _entry_set_later(table: cst.Dict, ctx: Context, key: str) -> bool:
    """Whether the code that writes a dict literal also sets the entry `key` of the name
    holding it (`metadata = {"tier_used": None}`, then `metadata["tier_used"] = 2` in an
    arm), or, for a dict `__init__` gives an object (`self.traits = {"humor": 50}`), whether
    another of its methods sets its entries (`self.traits[trait] = ...`): the literal says
    only what the entry starts as."""
    bindings = ctx.module.bindings.get(id(ctx.function) if ctx.function is not None else 0, ())
    names = {b.name for b in bindings if b.value is table}
    if any(b.name in {entry_name(name, key) for name in names} for b in bindings):
        return True
    info = ctx.module.owner.get(id(ctx.function)) if ctx.function is not None else None
    if info is None or ctx.function.name.value != "__init__":
        return False
    params = param_names(ctx.function)
    owner = _owner(params)
    changed = _entries_changed(info, ctx.module)
    return any(head == owner and attr in changed
               for head, _, attr in (name.partition(".") for name in names))


def _entries_changed(info: ClassInfo, module: Module) -> dict[str, str]:
    """The attributes whose entries a method other than `__init__` sets or changes
    (`self.traits[name] = value`, `self.counts[key] += 1`), each with the first method that
    does; found once per class. A registry is not one: an entry set to an object under its
    own name (`self._tools[tool.name] = tool`) keeps what was registered, not state."""
    def found() -> dict[str, str]:
        methods = {id(m): m for name, m in info.methods.items() if name != "__init__"}
        out: dict[str, str] = {}
        for node in module.nodes:
            if isinstance(node, cst.Assign):
                targets = [t.target for t in node.targets]
            elif isinstance(node, cst.AugAssign):
                targets = [node.target]
            else:
                continue
            method = methods.get(id(module.enclosing_function(node)))
            if method is None:
                continue
            params = param_names(method)
            owner = _owner(params)
            for target in targets:
                if isinstance(target, cst.Subscript) and \
                        isinstance(target.value, cst.Attribute) and \
                        isinstance(target.value.value, cst.Name) and \
                        target.value.value.value == owner and \
                        not _registered(target, node):
                    out.setdefault(target.value.attr.value, method.name.value)
        return out
    return module.memo("entries changed", info, found)


def _registered(target: cst.Subscript, node: cst.Assign | cst.AugAssign) -> bool:
    """`self._tools[tool.name] = tool`: an object stored under a key read from itself."""
    value = node.value
    if not isinstance(node, cst.Assign) or not isinstance(value, cst.Name) or \
            len(target.slice) != 1 or not isinstance(target.slice[0].slice, cst.Index):
        return False
    key = target.slice[0].slice.value
    while isinstance(key, (cst.Attribute, cst.Subscript, cst.Call)):
        key = key.func if isinstance(key, cst.Call) else key.value
    return isinstance(key, cst.Name) and key.value == value.value


def _owner(params: list[str]) -> str:
    """The name a method calls its object by: its first parameter (`self`)."""
    return params[0] if params else "self"


def _number(node: object) -> bool:
    """Whether a node is a number written out (`0`, `1.5`, `-1`)."""
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    return isinstance(node, (cst.Integer, cst.Float))


def annotated_names(node: cst.BaseExpression,
                    wrapping: frozenset[str] = frozenset()) -> list[cst.BaseExpression]:
    """The class names an annotation allows: `X`, `mod.X`, `X | None`, `Optional[X]`, and
    the same written as a string (`"X"`); with `wrapping`, also the first argument of those
    generics (`Generator[X, None, None]`, a context manager's yield)."""
    if isinstance(node, (cst.Name, cst.Attribute)):
        return [node]
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr):
        return annotated_names(node.left, wrapping) + annotated_names(node.right, wrapping)
    if isinstance(node, cst.Subscript) and node.slice and \
            isinstance(node.slice[0].slice, cst.Index) and (
                dotted_name(node.value).endswith("Optional") and len(node.slice) == 1 or
                dotted_name(node.value).rpartition(".")[2] in wrapping):
        return annotated_names(node.slice[0].slice.value, wrapping)
    if isinstance(node, cst.SimpleString) and node.value[:1] in "\"'":
        text = node.evaluated_value
        if isinstance(text, str) and text.replace(".", "").replace("_", "").isalnum():
            parts = text.split(".")
            named: cst.BaseExpression = cst.Name(parts[0])
            for part in parts[1:]:
                named = cst.Attribute(named, cst.Name(part))
            return [named]
    return []


def _decorator_name(node: cst.BaseExpression) -> str:
    """`functools.lru_cache(maxsize=8)` or `@cache`: the decorator's last name."""
    return dotted_name(node.func if isinstance(node, cst.Call) else node).split(".")[-1]


@dataclass(frozen=True)
class Made:
    """An instance of a project class and the call that made it, with where that call
    stands."""

    info: ClassInfo
    module: Module
    call: cst.Call
    ctx: Context


def named_defaults(init: cst.FunctionDef, module: Module,
                    depth: int) -> dict[str, tuple[cst.BaseExpression, Context]]:
    """`def __init__(self, persona: str = GUIDE_PERSONA)` with no construction in view: a
    parameter whose default names a constant holds that constant (the prompt the class is
    made with unless told otherwise). A literal default (`name="friend"`) stays a value
    known by its name."""
    params = init.params
    return {param.name.value: (param.default, Context(module, None, 0, True, depth=depth + 1))
            for param in (*params.params, *params.kwonly_params)
            if isinstance(param.default, (cst.Name, cst.Attribute))
            and not (isinstance(param.default, cst.Name)
                     and param.default.value in ("None", "True", "False"))}


def _call_default(function: cst.FunctionDef | None, name: str) -> cst.Call | None:
    """The call a parameter's default makes (`settings: Settings = get_settings()`), else
    None."""
    params = function.params if function is not None else None
    found = next((p for p in (*params.params, *params.kwonly_params) if p.name.value == name),
                 None) if params is not None else None
    return found.default if found is not None and isinstance(found.default, cst.Call) else None


# At most this many subclasses of a class are each measured as a prompt of their own.
_SUBCLASS_VARIANTS = 8


def _setting_subclasses(info: ClassInfo, attr: str, ctx: Context,
                        ) -> list[tuple[ClassInfo, int]]:
    """The classes of the module that derive from `info` directly, set `attr` themselves
    (in their class body or their `__init__`) and keep the method being read (no version of
    their own); each with the line that sets it, in the order of the code."""
    module = ctx.module
    method = ctx.function.name.value if ctx.function is not None else None
    found = []
    for subclass in module.memo("direct subclasses", info.node, lambda: [
            c for c in module.classes.values() if info.node.name.value in c.bases]):
        line = _own_setting(subclass, attr, module)
        if line is not None and method not in subclass.methods:
            found.append((subclass, line))
    return found[:_SUBCLASS_VARIANTS]


def _own_setting(info: ClassInfo, attr: str, module: Module) -> int | None:
    """The line where a class sets `attr` itself: a class-body assignment, else one in its
    `__init__`; None when it does not."""
    for binding in module.bindings.get(id(info.node), []):
        if binding.name == attr and binding.op == "=":
            return module.span(binding.value).line
    init = info.methods.get("__init__")
    owner = _owner(param_names(init)) if init is not None else None
    for binding in module.bindings.get(id(init), []) if init is not None else ():
        if binding.name == f"{owner}.{attr}" and binding.op == "=":
            return module.span(binding.value).line
    return None


# What a statement does that adds to a list without replacing it.
_ADDITIONS = ("append", "extend", "+=", *sorted(INSERTS))


class ObjectOps:
    """Attribute values of project classes and instances (mixed into the Lowerer)."""

    def _member_value(self: "Lowerer", name: str, local: list[Binding], ctx: Context) -> Resolved:
        """`self.attr` in a method: what this call set, else what the object holds between
        calls (class attribute, `__init__`, a property). A list that methods keep appending
        to is a conversation: its earlier items are an append-only history."""
        owner, attr = name.split(".", 1)
        params = param_names(ctx.function)
        info = ctx.module.owner.get(id(ctx.function))
        if info is None or not params or params[0] != owner:
            return self._combine(local, ctx) if local else None
        # what the methods this one called on `self` before the use did to the attribute
        # (`self.add("user", question)`, `self.refresh_system()` rewriting the first message)
        effects = self._method_additions(info, attr, ctx, ctx, owner,
                                         ctx.module.pos(ctx.function),
                                         ("=", *_ADDITIONS, *REWRITES))
        reset = next((i for i in range(len(effects) - 1, -1, -1)
                      if effects[i][1][0] == "=" and not effects[i][1][2].arms), None)
        if reset is not None and not (local and local[0].pos > effects[reset][0] and
                                      local[0].op == "="):
            # `self.start_over()` setting `self.messages = [...]`: what the object held
            # before (and the turns it kept) is gone; this call's own changes follow
            effects = effects[reset:]
            after = [b for b in local if b.pos > effects[0][0]]
            if after:
                return self._combine(after, ctx, effects=effects)
            parts = [part for _, part in effects]
            return (parts[0][1], parts[0][2]) if len(parts) == 1 else Parts(tuple(parts))
        if local and local[0].op == "=" and not conditional(local[0], ctx.arms):
            return self._combine(local, ctx, effects=[e for e in effects
                                                      if e[0] > local[0].pos])
        counted = self._counted(info, attr, ctx)
        if counted is not None:
            return counted
        replayed = self.replayed(info, attr, ctx)
        if replayed is not None:
            extra = self._combine(local, ctx) if local else None
            return Parts(replayed + (extra.parts if isinstance(extra, Parts) else
                                     ((("=", *extra),) if isinstance(extra, tuple) else ())))
        made = self._subclass_instance(info, ctx)
        held = self.made_value(made, attr, ctx) if made is not None else \
            self._subclass_variant(info, attr, ctx)
        parts: list[tuple[str, object, Context]] = []
        if isinstance(held, tuple):
            parts.append(("=", held[0], held[1]))
        if self._grows(info, attr, ctx.module):
            span = held[1].module.span(held[0]) if isinstance(held, tuple) else \
                ctx.module.span(info.node.name)
            parts.append(self._kept_turns(f"{owner}.{attr}", span, ctx))
        if local and parts:
            # what this call does to what the object held: `if strict: self.system = STRICT`
            # replaces it in one arm (a branch, or the arm taken), `.append` adds to it
            return self._combine(local, ctx, (), parts, effects)
        if local:
            return self._combine(local, ctx, effects=effects)
        parts.extend(part for _, part in effects)
        if not parts:
            return held
        if len(parts) == 1 and parts[0][0] == "=":
            return parts[0][1], parts[0][2]
        return Parts(tuple(parts))

    def _counted(self: "Lowerer", info: ClassInfo, attr: str, ctx: Context) -> Resolved:
        """State the object keeps and its methods change between calls: a number a method
        advances (`self.count = 0` in `__init__`, `self.count += 1` in `record()`), or a
        dict whose entries a method sets (`self.traits[trait] = ...` in `adjust()`). It
        holds what the calls before made of it, never what `__init__` wrote; one opaque
        value of the request, from the method that changes it. None for any other
        attribute."""
        changer, fits = _advancer(info, attr, ctx.module), _number
        if changer is None:
            changer = _entries_changed(info, ctx.module).get(attr)
            fits = lambda node: isinstance(node, cst.Dict)  # noqa: E731
        if changer is None:
            return None
        held = self.member(info, attr, ctx)
        if not (isinstance(held, tuple) and fits(held[0])):
            return None
        span = ctx.module.span(info.node.name)  # (reported where the value is read)
        path = f"{info.node.name.value}.{changer}()@{span.path}"
        self.scopes[path] = Scope.REQUEST
        return HoleItem(Hole("value", f"self.{attr}", span, (path,), Scope.REQUEST)), ctx

    def _kept_turns(self: "Lowerer", path: str, span, ctx: Context,
                    ) -> tuple[str, object, Context]:
        """The items a list an object keeps between requests held before this one (its
        earlier turns: one opaque item, scoped by the list's name), as a part of the list."""
        return ("extend", HoleItem(Hole("value", path, span, (path,), self.scope_of(path))),
                ctx)

    def _subclass_instance(self: "Lowerer", info: ClassInfo, ctx: Context) -> Made | None:
        """The object a base class's method runs on, when it is an instance of a subclass
        made where the call can see it (`prompt = ReviewPrompt(diff=d)`, then
        `prompt.to_string()`): the subclass's class attributes (`template_path =
        "review.j2"`) are the ones `self` reads. None for any other object."""
        bound = ctx.bindings.get(INSTANCE) or ctx.bindings.get(RECEIVER)
        if bound is None:
            return None
        made = self.instance(bound[0], bound[1])
        return made if made is not None and made.info is not info else None

    def _subclass_variant(self: "Lowerer", info: ClassInfo, attr: str, ctx: Context,
                          ) -> Resolved:
        """`self.attr` as the class holds it (variant 0), and as each subclass of the same
        module that sets it itself holds it (`class StepByStep(Detector): def __init__(self):
        self.strategy = "steps"`), one more variant of the prompt each: the base class's
        method runs on instances of every one, and each sends its own prompt. Only when no
        instance is in view (`_subclass_instance`)."""
        if ctx.bindings.get(INSTANCE) or ctx.bindings.get(RECEIVER):
            return self.member(info, attr, ctx)
        subclasses = _setting_subclasses(info, attr, ctx)
        if not subclasses:
            return self.member(info, attr, ctx)
        self.variants = max(self.variants, 1 + len(subclasses))
        if self.variant == 0:
            return self.member(info, attr, ctx)
        subclass, line = subclasses[min(self.variant, len(subclasses)) - 1]
        self.arm_lines.setdefault(self.variant, line)
        return self.member(subclass, attr, Context(ctx.module, None, 0, True,
                                                   depth=ctx.depth + 1))

    def replayed(self: "Lowerer", info: ClassInfo, attr: str, ctx: Context,
                 ) -> tuple[tuple[str, object, Context], ...] | None:
        """`self.attr` of an object the caller made in the same function (`thread =
        Thread()`, then `thread.add_user(issue)`, then `send(thread.to_messages())`): what
        `__init__` set, then what each of the object's methods called on it before this call
        added to it, in the caller's order, with the calls' arguments. None when the
        method runs on anything else (an object kept between requests keeps growing: a
        history, see `_grows`)."""
        receiver = ctx.bindings.get(RECEIVER)
        if receiver is None or not self._grows(info, attr, ctx.module):
            return None
        name, caller = receiver[0].value, receiver[1]
        if caller.function is not None and param_names(caller.function)[:1] == [name] and \
                caller.module.owner.get(id(caller.function)) is not None:
            return self._self_replayed(info, attr, ctx, caller,
                                       caller.module.span(receiver[0]))
        made = self.resolve(name, caller) if caller.function is not None else None
        if not isinstance(made, tuple) or not isinstance(made[0], cst.Call) or \
                made[1].function is not caller.function:
            return None
        call, made_ctx = made
        direct = self._class_named(call.func, made_ctx) is not None
        if not direct and not any(made is info for made, _ in self.made_classes(call, made_ctx)):
            return None  # (`chatbot = new_chatbot(...)` returning `ChatBot(...)`: one made
            # afresh as well, with what its `__init__` sets)
        module = caller.module
        start = made_ctx.module.pos(call) if made_ctx.module is module else None
        if start is None:
            return None
        parts: list[tuple[str, object, Context]] = []
        held = self.made_value(Made(info, ctx.module, call, made_ctx), attr, caller) \
            if direct else self.member(info, attr, ctx)
        if isinstance(held, tuple):
            parts.append(("=", held[0], held[1]))
        elif isinstance(held, Parts):
            parts.extend(held.parts)
        if direct:
            parts.extend(self._init_additions(Made(info, ctx.module, call, made_ctx), attr, ctx))
        parts.extend(part for _, part in self._method_additions(
            info, attr, ctx, caller, name, start, ("=", *_ADDITIONS, *REWRITES)))
        return tuple(parts)

    def _init_additions(self: "Lowerer", made: Made, attr: str, ctx: Context,
                        ) -> list[tuple[str, object, Context]]:
        """What `__init__` adds to `self.attr` through the object's own methods (`if
        system_prompt is not None: self.add_system(system_prompt)`), with the constructor
        call's arguments."""
        init = self._method(made.info, made.module, "__init__", 0)
        if init is None:
            return []
        function, module = init
        bound = self._init_context(function, module, made)
        at = Context(module, function, module.end(function), False, bound.bindings,
                     bound.depth)
        return [part for _, part in self._method_additions(
            made.info, attr, ctx, at, _owner(param_names(function)), module.pos(function),
            _ADDITIONS + REWRITES)]

    def _init_context(self: "Lowerer", init: cst.FunctionDef, module: Module,
                      made: Made) -> Context:
        """`__init__`'s context as the construction `made` runs it: the call's arguments
        bound, the object itself as the instance its methods run on."""
        bound = self._call_context(init, module, made.call, made.ctx, constructor=True)
        bound.bindings[INSTANCE] = (made.call, made.ctx)
        return bound

    def _method_additions(self: "Lowerer", info: ClassInfo, attr: str, ctx: Context,
                          caller: Context, name: str, start: int, ops: tuple[str, ...],
                          ) -> list[tuple[int, tuple[str, object, Context]]]:
        """What the methods the caller called on `name` (from `start` to the caller's
        position) did to their object's `attr`, with the calls' arguments, each with the
        position of its call."""
        module = caller.module
        out: list[tuple[int, tuple[str, object, Context]]] = []
        for node in _calls_on(module, caller.function, name):
            if not start <= module.pos(node) < caller.line:
                continue
            found = self._method(info, ctx.module, node.func.attr.value, 0)
            if found is None:
                continue
            function, method_module = found
            params = param_names(function)
            owner = _owner(params)
            changes = [b for b in method_module.bindings.get(id(function), ())
                       if b.name == f"{owner}.{attr}" and b.op in ops]
            self.step()
            if not changes:  # (most methods called leave the attribute alone)
                continue
            at = Context(module, caller.function, module.pos(node), caller.import_time,
                         dict(caller.bindings), caller.depth, module.arms(node))
            bound = self._call_context(function, method_module, node, at)
            out.extend((module.pos(node), (binding.op, binding.value, Context(
                method_module, function, binding.pos, caller.import_time, bound.bindings,
                bound.depth, frozenset(binding.arms)))) for binding in changes)
        return out

    def _self_replayed(self: "Lowerer", info: ClassInfo, attr: str, ctx: Context,
                       caller: Context, span) -> tuple[tuple[str, object, Context], ...]:
        """`self.attr` of an agent's memory, read by a method its own method calls
        (`self.add_to_memory("user", task)`, then `self.generate_response()`): what
        `__init__` set, the turns kept from earlier requests (a history, reported at `span`,
        the call that sends them), then what the caller's method added to it before this
        call, with that call's arguments."""
        parts: list[tuple[str, object, Context]] = []
        held = self.member(info, attr, ctx)
        if isinstance(held, tuple):
            parts.append(("=", held[0], held[1]))
        parts.append(self._kept_turns(f"self.{attr}", span, ctx))
        module, function = caller.module, caller.function
        owner = param_names(function)[0]
        added: list[tuple[int, tuple[str, object, Context]]] = []  # in the caller's order
        for binding in module.bindings.get(id(function), ()):
            if binding.pos < caller.line and binding.name == f"{owner}.{attr}" and \
                    binding.op in _ADDITIONS + REWRITES:
                added.append((binding.pos, (binding.op, binding.value, Context(
                    module, function, binding.pos, caller.import_time, dict(caller.bindings),
                    caller.depth, frozenset(binding.arms)))))
        added += self._method_additions(info, attr, ctx, caller, owner, module.pos(function),
                                        _ADDITIONS + REWRITES)
        added.sort(key=lambda pair: pair[0])
        return tuple(parts) + tuple(part for _, part in added)

    def member(self: "Lowerer", info: ClassInfo, attr: str, ctx: Context,
               depth: int = 0) -> Resolved:
        """A class's attribute as every instance holds it: a class constant or field
        default, what `__init__` sets, or a property's value; searched through project base
        classes."""
        module = ctx.module
        chain = reaching(module.bindings.get(id(info.node), []), attr, END,
                         frozenset())
        if chain:
            return self._field_default(self._combine(
                chain, Context(module, None, chain[-1].pos + 1, True, depth=ctx.depth + 1)))
        init = info.methods.get("__init__")
        if init is not None:
            params = param_names(init)
            owner = _owner(params)
            chain = [b for b in reaching(module.bindings.get(id(init), []), f"{owner}.{attr}",
                                         END, frozenset())]
            if len(chain) == 1 and chain[0].op == "=" and empty_literal(chain[0].value):
                later = self._set_later(info, attr, module, ctx)
                if later is not None:  # `self.query = ""`, then `self.query = query` in
                    return later       # the method that runs the request
            if chain:
                return self._combine(chain, Context(module, init, END,
                                                    self.kept(info, module),
                                                    named_defaults(init, module, ctx.depth),
                                                    depth=ctx.depth + 1))
        method = info.methods.get(attr)
        if method is not None and any(dotted_name(d.decorator).endswith("property")
                                      for d in method.decorators):
            returns = self.returns_of(method, module)
            returned = returns[-1].value if returns else None
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
        return self._set_up(info, attr, module, ctx) if depth == 0 else None

    def _set_up(self: "Lowerer", info: ClassInfo, attr: str, module: Module,
                ctx: Context) -> Resolved:
        """An attribute no constructor sets is what a method sets it to (`self.system_prompt
        = ...` in `_init_llm`, run once at start-up), read there; of several methods that
        set it, the one whose assignment spells out the most text (the first of a tie)."""
        found = max(_set_by_methods(info, attr, module), default=None,
                    key=lambda setter: richness(setter[2].value))
        if found is None:
            return None
        method, params = found[0], found[1]
        chain = reaching(module.bindings.get(id(method), []), f"{params[0]}.{attr}", END,
                         frozenset())
        return self._combine(chain, Context(
            module, method, END, self.kept(info, module),
            named_defaults(method, module, ctx.depth), depth=ctx.depth + 1)) if chain else None

    def _set_later(self: "Lowerer", info: ClassInfo, attr: str, module: Module,
                   ctx: Context) -> Resolved:
        """What a method other than `__init__` sets `self.attr` to (the first such plain
        assignment, not an empty one), read there: an attribute `__init__` only clears is
        what the method that fills it puts in (`self.query = query`, a parameter of that
        method it passes on as it was given). None when none does."""
        for method, params, binding, bindings in _set_by_methods(info, attr, module):
            if binding.op == "=" and isinstance(binding.value, cst.Name) and \
                    binding.value.value in params[1:] and \
                    not any(b.name == binding.value.value for b in bindings):
                return binding.value, Context(module, method, binding.pos, False,
                                              depth=ctx.depth + 1,
                                              arms=frozenset(binding.arms))
        return None

    def _grows(self: "Lowerer", info: ClassInfo, attr: str, module: Module) -> bool:
        """Whether a method other than `__init__` appends to `self.attr`."""
        return any(binding.op in _ADDITIONS
                   for _, _, binding, _ in _set_by_methods(info, attr, module))

    def _class(self: "Lowerer", name: str, module: Module) -> tuple[ClassInfo, Module] | None:
        """A class by the name a module uses for it: defined there or imported."""
        if name in module.classes:
            return module.classes[name], module
        if name in module.imports:
            return self.exported(module, name, "classes")
        return None

    def exported(self: "Lowerer", module: Module, name: str, table: str,
                 ) -> tuple[Any, Module] | None:
        """The class or function (`table`: "classes" or "functions") that a name a module
        imports stands for, in the module that defines it: through a package's re-exports
        (`from .viz import Generator`, where `viz/__init__.py` has `from .generator import
        *` or `from .generator import Generator`), a few hops at most."""
        origin, attr = module.imports[name]
        other = self.load_module(origin, module.path) if attr else None
        for _ in range(_REEXPORT_HOPS):
            if other is None:
                return None
            found = getattr(other, table).get(attr)
            if found is not None:
                self.files.add(other.path)
                return found, other
            if attr in other.imports:
                origin, attr = other.imports[attr]
                other = self.load_module(origin, other.path) if attr else None
                continue
            other = next((m for m in (self.load_module(star, other.path)
                                      for star in other.stars)
                          if m is not None and (attr in getattr(m, table) or
                                                attr in m.imports)), None)
        return None

    def entry_value(self: "Lowerer", node: cst.Subscript, ctx: Context,
                    ) -> tuple[cst.BaseExpression, Context] | None:
        """What `NAME["key"]` holds: the value a statement `NAME["key"] = ...` stored (here
        or in the module NAME is imported from), else the key's value in the dict literal
        NAME holds; None when not known."""
        if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
            return None
        index = node.slice[0].slice.value
        key = literal_value(index)
        if key is None and isinstance(index, cst.Name) and index.value in ctx.bindings and \
                index.value in param_names(ctx.function):
            # `TEMPLATE_FILES[kind]` in a helper its caller passes `kind="minutes"` (the
            # literal the call writes: following the caller's names costs every subscript)
            given = ctx.bindings[index.value]
            if isinstance(given, tuple) and isinstance(given[0], cst.BaseExpression):
                key = literal_value(given[0])
        if isinstance(key, int) and not isinstance(key, bool):
            # `pair[0]` of a tuple or list literal (an example of a constant list, read in
            # a loop over it): that element
            held = self.follow(node.value, ctx)
            if held is not None and isinstance(held[0], cst.Call) and key >= 0:
                # `messages[0]` of a list a helper starts with its system message and then
                # appends to (`conversation(...)[0]`): the appends leave the head as written
                held = self._appended_list(held[0], held[1])
            if held is not None and isinstance(held[0], (cst.Tuple, cst.List)) and \
                    -len(held[0].elements) <= key < len(held[0].elements) and \
                    not any(isinstance(e, cst.StarredElement) for e in held[0].elements):
                return held[0].elements[key].value, deeper(held[1], ctx)
            return None
        if not isinstance(key, str):
            return None
        base = node.value
        if isinstance(base, cst.Name):
            found = self.resolve(entry_name(base.value, key), ctx)
            if isinstance(found, tuple):
                return found
            origin, attr = ctx.module.imports.get(base.value, ("", ""))
            other = self.load_module(origin, ctx.module.path) if attr else None
            if other is not None:
                found = self.resolve(entry_name(attr, key),
                                     Context(other, None, END, True, depth=ctx.depth + 1))
                if isinstance(found, tuple):
                    self.files.add(other.path)
                    return found
        # (`self.descriptions["chat"]` too; of tables chosen by a key not known here, the
        # first that has the entry)
        tables = self.chosen_tables(base, ctx) if isinstance(base, cst.Subscript) else []
        for held in tables or [self.follow(base, ctx, attributes=True)]:
            if held is not None and isinstance(held[0], HoleItem):
                return held  # state the object's methods change: so do its entries
            if held is not None and isinstance(held[0], cst.Call):
                # `get_llm_config()["language"]` (or `self.config[...]` set to that call):
                # the entry of the dict the project function returns, read in the function
                returned = self.last_return(*held)
                held = self.follow(*returned, attributes=True) if returned else None
            if held is not None and isinstance(held[0], cst.Dict) and \
                    not _entry_set_later(held[0], held[1], key):
                for element in held[0].elements:
                    if isinstance(element, cst.DictElement) and \
                            literal_value(element.key) == key:
                        return element.value, deeper(held[1], ctx)
        return None

    def chosen_entry(self: "Lowerer", table: cst.BaseExpression, ctx: Context,
                     default: cst.BaseExpression | None = None,
                     ) -> tuple[cst.BaseExpression, Context] | None:
        """What `TABLE[key]` (or `TABLE.get(key, default)`) holds when the key is not known
        here and TABLE is a dict literal in view: the entry with the most constant text, the
        prompt with the most at stake, as with the arms of an `if`; None otherwise."""
        held = self.follow(table, ctx)
        if held is None or not isinstance(held[0], cst.Dict) or not held[0].elements or \
                not all(isinstance(e, cst.DictElement) for e in held[0].elements):
            return None
        choices = [(e.value, deeper(held[1], ctx)) for e in held[0].elements]
        if default is not None:
            choices.append((default, ctx))
        # (weighed once a table and default: a module's table is read at every lookup)
        key = (id(held[0]), id(default))
        if key not in self._richest:
            weights = [richness(value) for value, _ in choices]
            best = max(range(len(choices)), key=weights.__getitem__)  # the first of a tie
            self._richest[key] = (best, weights[best][0] > 0)
        best, literal = self._richest[key]
        return choices[best] if literal else None

    def _appended_list(self: "Lowerer", call: cst.Call, ctx: Context,
                       ) -> tuple[cst.List, Context] | None:
        """The list literal a project function returns, or its returned list starts as when
        the function only ever appends to it after (`messages = [system]`, then
        `messages.append(...)` in a loop, `return messages`): its first items stay as
        written. None otherwise."""
        returned = self.last_return(call, ctx)
        if returned is not None and isinstance(returned[0], cst.List):
            return returned  # `return [{"role": "system", ...}, ...]`
        if returned is None or not isinstance(returned[0], cst.Name) or \
                returned[1].function is None:
            return None
        name, at = returned[0].value, returned[1]
        bindings = [b for b in at.module.bindings.get(id(at.function), ()) if b.name == name]
        starts = [b for b in bindings if b.op == "="]
        if len(starts) != 1 or not isinstance(starts[0].value, cst.List) or starts[0].arms or \
                any(b.op not in ("=", "append", "extend", "+=") for b in bindings):
            return None
        return starts[0].value, at

    def chosen_tables(self: "Lowerer", node: cst.Subscript, ctx: Context,
                      ) -> list[tuple[cst.Dict, Context]]:
        """The tables `TABLES[key]` may hold when the key is not known here and every entry
        of the dict literal TABLES is a table itself (`PROMPTS[language]`, then
        `["GENERATION"]`): each entry's, in order, the first standing for the others (they
        hold the same entries in another language or mode); [] otherwise (a table of texts
        is `chosen_entry`'s)."""
        if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index) or \
                literal_value(node.slice[0].slice.value) is not None:
            return []
        held = self.follow(node.value, ctx)
        if held is None or not isinstance(held[0], cst.Dict) or not held[0].elements or \
                not all(isinstance(e, cst.DictElement) for e in held[0].elements):
            return []
        at = deeper(held[1], ctx)
        tables = [self.follow(e.value, at) for e in held[0].elements]
        if not all(t is not None and isinstance(t[0], cst.Dict) for t in tables):
            return []
        return tables

    def attribute_value(self: "Lowerer", node: cst.Attribute, ctx: Context) -> Resolved:
        """`self.attr`, `Class.ATTR`, `module.NAME`, or an attribute of an instance of a
        project class (`settings.answer_system`, `self.config.prompt`): what it holds, or
        None."""
        base = node.value
        attr = node.attr.value
        if ctx.depth > MAX_DEPTH:
            return None
        receiver = own_class_of(base, ctx.function)
        if receiver is not None:  # `self.__class__.name`, `type(self).name`: as `self.name`
            return self.resolve(f"{receiver}.{attr}", ctx)
        if isinstance(base, cst.Name):
            first = base.value in param_names(ctx.function)[:1]
            if first and not _static(ctx.function):
                held = self.resolve(f"{base.value}.{attr}", ctx)
                if held is not None or not module_function(ctx):
                    return held
            found = self._class(base.value, ctx.module)
            if found is not None:
                info, module = found
                return self.member(info, attr, Context(module, None, 0, True,
                                                       depth=ctx.depth + 1))
            target = self.resolve(base.value, ctx)
            if isinstance(target, ModuleRef):
                self.files.add(target.module.path)
                return self.resolve(attr, Context(target.module, None, END, True,
                                                  depth=ctx.depth + 1))
            default = _call_default(ctx.function, base.value) if target == "param" else None
            if default is not None:
                # `def translate(settings: Settings = get_settings())` with no caller's value
                # bound: the object its default makes, when the defining module runs
                at = Context(ctx.module, None, 0, True, depth=ctx.depth + 1)
                if (ctx.module.qualname(default.func) or "") in INJECTED and default.args:
                    # `settings: Settings = Depends(get_settings)`: what the dependency makes
                    default = ctx.module.made(cst.Call(func=default.args[0].value), default)
                made = self.instance(default, at)
                if made is not None:
                    return self.made_value(made, attr, at)
            if not isinstance(target, tuple):
                typed = self.annotated_class(base, ctx)  # `book: SkillBook`, then `book.SKILLS`
                held = None if typed is None else self.member(
                    typed[0], attr, Context(typed[1], None, 0, True, depth=ctx.depth + 1))
                # (a field left at `None` or empty by default, `input: str | None = None`, is
                # what the object passed was made with: not known here; and a module
                # function's first parameter, `def review(processor: Processor)`, reads
                # only what the class's methods set, `self.terms = self._load_terms()`, not
                # a request body's field defaults, `week: int = 1`)
                return None if isinstance(held, tuple) and (
                    empty_literal(held[0]) or first and held[1].function is None) else held
        elif not isinstance(base, (cst.Attribute, cst.Call)):
            return None
        # (followed once for both: each of them following it again doubled the work at
        # every attribute of a chain, `battle.active_pokemon.boosts[...]`)
        followed = self.follow(base, ctx, attributes=True)
        made = self.instance(base, ctx, followed=followed)
        if made is not None:
            return self.made_value(made, attr, ctx)
        # `self.prompts.OUTLINE`, a module by name
        chosen = imported_module(self, base, ctx, followed=followed)
        if chosen is not None:
            return self.resolve(attr, Context(chosen, None, END, True, depth=ctx.depth + 1))
        return self._state_value(base, attr, ctx)

    def _state_value(self: "Lowerer", base: cst.BaseExpression, attr: str,
                     ctx: Context) -> Resolved:
        """`request.app.state.prompts` (or `state.prompts` of `state = request.app.state`):
        what the one statement of the project that sets `<app>.state.prompts = ...` (a
        FastAPI lifespan's) assigns, read where it stands; None when none or several do."""
        found = [(module, statement) for module in self.app_state(attr)
                 for statement in _state_assignments(module, attr)]
        if len(found) != 1:
            return None
        if isinstance(base, cst.Name):
            held = self.follow(base, ctx)
            base = held[0] if held is not None else base
        if not (isinstance(base, cst.Attribute) and base.attr.value == "state"):
            return None
        module, statement = found[0]
        return statement.value, Context(module, module.enclosing_function(statement),
                                        module.pos(statement), depth=ctx.depth + 1,
                                        arms=module.arms(statement))


    def _method(self: "Lowerer", info: ClassInfo, module: Module, name: str,
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

    def _class_named(self: "Lowerer", node: cst.BaseExpression,
                     ctx: Context) -> tuple[ClassInfo, Module] | None:
        """The project class an expression names: `Settings` or `config.Settings`."""
        if isinstance(node, cst.Name):
            return self._class(node.value, ctx.module)
        if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name):
            target = self.resolve(node.value.value, ctx)
            if isinstance(target, ModuleRef) and node.attr.value in target.module.classes:
                self.files.add(target.module.path)
                return target.module.classes[node.attr.value], target.module
        return None

    def receiver_class(self: "Lowerer", node: cst.BaseExpression,
                       ctx: Context) -> tuple[ClassInfo, Module] | None:
        """The project class whose method `node.method(...)` runs: the class of the instance
        the expression holds, else the class a parameter is annotated with (`book:
        SkillBook`, `SkillBook | None`, `Optional["SkillBook"]`)."""
        made = self.instance(node, ctx, entries=True)
        if made is not None:
            return made.info, made.module
        return self.annotated_class(node, ctx)

    def annotated_class(self: "Lowerer", node: cst.BaseExpression,
                        ctx: Context) -> tuple[ClassInfo, Module] | None:
        """The project class a parameter of the function is annotated with, or, for
        `self.attr`, the parameter of `__init__` the attribute is set from (`def __init__(
        self, prompt: ClassifyPrompt): self._prompt = prompt`)."""
        annotation = param_annotation(ctx.function, node.value) \
            if isinstance(node, cst.Name) else _init_annotation(node, ctx)
        if annotation is None:
            return None
        for named in annotated_names(annotation):
            found = self._class_named(named, ctx)
            if found is not None:
                return found
        return None

    def instance(self: "Lowerer", node: cst.BaseExpression, ctx: Context,
                 depth: int = 0, entries: bool = False, followed: object = False,
                 ) -> Made | None:
        """The project class an expression holds an instance of, and the call that made it:
        `Settings(...)`, a classmethod constructor returning `cls(...)`, or a project
        function whose last return is one; followed through names and attributes. With
        `entries`, also an object looked up by a key not known here in a table of the
        project's objects (`CHARACTERS[character_id]`, `CHARACTERS.get(...)`): the first
        entry, when every entry is an instance of one class (whose methods then read the
        object's attributes as any instance holds them). `followed` is what following
        `node` gives, when the caller has it already."""
        if depth > _MAX_MADE or ctx.depth > MAX_DEPTH:
            return None
        found = self.follow(node, ctx, attributes=True) if followed is False else followed
        if found is not None and entries:
            table = looked_up_in(found[0])
            if table is not None:
                return self._entry_made(table, found[1])
        if found is not None and isinstance(found[0], cst.BooleanOperation) and \
                isinstance(found[0].operator, cst.Or):
            # `self.claude = claude or ClaudeClient()`: the object made when none is given
            # (one given is of the same kind), else the one given
            return self.instance(found[0].right, found[1], depth + 1, entries) or \
                self.instance(found[0].left, found[1], depth + 1, entries)
        if found is None or not isinstance(found[0], cst.Call):
            return None
        call, ctx = found
        named = self._class_named(call.func, ctx)
        if named is not None:
            return Made(named[0], named[1], call, ctx)
        func = call.func
        owner = self._class_named(func.value, ctx) if isinstance(func, cst.Attribute) else None
        if owner is not None:
            method = self._method(owner[0], owner[1], func.attr.value, 0)
            if method is None and func.attr.value in VALIDATORS and len(call.args) == 1 and \
                    call.args[0].keyword is None and not call.args[0].star:
                # `Prompts.model_validate(data)`: the instance `Prompts(**data)` makes
                spread = cst.Call(func=func.value, args=[cst.Arg(call.args[0].value, star="**")])
                return Made(owner[0], owner[1], ctx.module.made(spread, call), ctx)
            if method is None:
                return None
            function, module = method
            returns = self.returns_of(function, module)
            if not returns or returns[-1].value is None:
                return None
            last = returns[-1]
            called = self._call_context(function, module, call, ctx)
            at = Context(module, function, module.pos(last), ctx.import_time, called.bindings,
                         called.depth, module.arms(last))
            value = last.value
            first = param_names(function)[:1]
            if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and \
                    value.func.value in first:  # `return cls(**values)`
                return Made(owner[0], owner[1], value, at)
            return self.instance(value, at, depth + 1, entries)
        returned = self.last_return(call, ctx)
        return self.instance(returned[0], returned[1], depth + 1, entries) if returned else None

    def _entry_made(self: "Lowerer", table: cst.BaseExpression, ctx: Context) -> Made | None:
        """The first entry of a dict of the project's objects, when every entry is an
        instance of one class; None otherwise."""
        held = self.follow(table, ctx, attributes=True)
        if held is None or not isinstance(held[0], cst.Dict) or not held[0].elements:
            return None
        made: list[Made] = []
        for element in held[0].elements:
            one = self.instance(element.value, held[1]) \
                if isinstance(element, cst.DictElement) else None
            if one is None or made and one.info is not made[0].info:
                return None
            made.append(one)
        return made[0]

    def factory_classes(self: "Lowerer", node: cst.BaseExpression, ctx: Context,
                        at_least: int = 2) -> list[tuple[ClassInfo, Module]]:
        """The project classes a factory may make for an expression (`self.llm =
        LLMFactory.create_llm(config)`, returning `OpenAILLM(...)` in one arm and
        `ClaudeLLM(...)` in another): one per return that calls a class; [] for anything
        else, and when there are fewer than `at_least`. The object is any of them, as the
        configuration decides."""
        found = self.follow(node, ctx, attributes=True)
        if found is None or not isinstance(found[0], cst.Call):
            return []
        call, at = found
        func = call.func
        owner = self._class_named(func.value, at) if isinstance(func, cst.Attribute) else None
        runs = self._method(owner[0], owner[1], func.attr.value, 0) if owner is not None \
            else self._function_of(call, at)
        if runs is None:
            return []
        function, module = runs
        out = []
        for returned in self.returns_of(function, module):
            value = returned.value
            if isinstance(value, cst.Call):
                named = self._class_named(value.func, Context(module, function,
                                                              module.pos(returned)))
                if named is not None and named not in out:
                    out.append(named)
        return out if len(out) >= at_least else []

    def made_classes(self: "Lowerer", call: cst.Call, ctx: Context, depth: int = 0,
                     ) -> list[tuple[ClassInfo, Module]]:
        """The project classes whose instance a call makes: the class called, else what the
        project function called returns, by its annotation (`-> ChatBot`) or by the calls
        it returns (`return ChatBot(adapter)`), through factories of factories."""
        named = self._class_named(call.func, ctx)
        if named is not None:
            return [named]
        runs = self._function_of(call, ctx) if depth < 3 else None
        if runs is None:
            return []
        function, module = runs
        if function.returns is not None:
            typed = self._class_named(function.returns.annotation, Context(module, None, 0, True))
            if typed is not None:
                return [typed]
        out: list[tuple[ClassInfo, Module]] = []
        for returned in self.returns_of(function, module):
            if isinstance(returned.value, cst.Call):
                at = Context(module, function, module.pos(returned), depth=ctx.depth + 1)
                out.extend(c for c in self.made_classes(returned.value, at, depth + 1)
                           if c not in out)
        return out

    def made_value(self: "Lowerer", made: Made, attr: str, ctx: Context) -> Resolved:
        """An attribute of an instance: what its `__init__` set from the call's arguments,
        else the keyword (or `**mapping` key) the call passed for a field, else the class's
        own value for it (a field default, a class attribute, a property)."""
        init = self._method(made.info, made.module, "__init__", 0)
        if init is not None:
            function, module = init
            params = param_names(function)
            owner = _owner(params)
            chain = reaching(module.bindings.get(id(function), []), f"{owner}.{attr}", END,
                             frozenset())
            if chain:
                bound = self._init_context(function, module, made)
                return self._combine(chain, Context(
                    module, function, END, self.kept(made.info, made.module), bound.bindings,
                    bound.depth))
        else:
            for arg in made.call.args:
                if arg.keyword is not None and arg.keyword.value == attr:
                    return arg.value, made.ctx
            for arg in made.call.args:
                if arg.star == "**":
                    spread = self.spread(arg.value, made.ctx)
                    for key, value, value_ctx in spread:
                        if key == attr:
                            return value, value_ctx
                    # (the loader is looked for only when what it finds can matter: a
                    # field named for prompt text, or a mapping of keys not known here
                    # given to a class that is no settings class)
                    saved = not spread and \
                        self.scope_of(made.info.node.name.value) is not Scope.DEPLOY
                    if not (saved or PROMPT_KEY.search(attr)):
                        continue
                    path = loaded_document(self, arg.value, made.ctx)
                    entry = document_entry(self, arg.value, attr, made.ctx, path)
                    if entry is not None:  # `Prompts(**yaml.safe_load(f)).system`
                        return entry
                    if saved and path == "":
                        # `StoryContext(**json.load(f))` of a file named at run time (a
                        # saved state): the object holds what the file does, not its class's
                        # defaults (a settings class's file, `ConfigModel(**yaml.load(f))`,
                        # is written from those defaults: they stand)
                        return None
        return self.member(made.info, attr, Context(made.module, None, 0, True,
                                                    depth=ctx.depth + 1))

    def _field_default(self: "Lowerer", resolved: Resolved) -> Resolved:
        """`field(default=X)`, `Field(X)`, `attr.ib(default=X)`: X; a `default_factory`:
        what it returns, a project class's instance made with its defaults
        (`Field(default_factory=Prompts)`: `Prompts()`); an ORM column: None (not known).
        Anything else as it is."""
        if not isinstance(resolved, tuple) or not isinstance(resolved[0], cst.Call):
            return resolved
        call, ctx = resolved
        qualname = ctx.module.qualname(call.func) or ""
        if qualname.startswith(ORM_MODULES):
            return None  # a stored row's column: what the row holds is not known here
        if qualname not in FIELD_CALLS:
            return resolved
        for arg in call.args:
            if arg.keyword is not None and arg.keyword.value == "default":
                return arg.value, ctx
            if arg.keyword is not None and arg.keyword.value in ("default_factory", "factory"):
                if self._class_named(arg.value, ctx) is not None:
                    return ctx.module.made(cst.Call(func=arg.value), arg.value), ctx
                return self.returned_by(arg.value, ctx)
        first = call.args[0] if call.args and call.args[0].keyword is None else None
        if first is not None and not isinstance(first.value, cst.Ellipsis):
            return first.value, ctx  # pydantic's `Field("text", description=...)`
        return None

    def kept(self: "Lowerer", info: ClassInfo, module: Module) -> bool:
        """Whether every instance its module makes lives as long as the process: made at
        import, stored into a module-level mapping (`_BOTS[key] = Bot(...)`), or returned by
        an `lru_cache`d factory. Its `__init__` then runs once per kept object."""
        return module.memo("kept", info, lambda: _kept(info, module))


# Class methods a model library gives every model class that make an instance from one
# mapping of field values (pydantic's, dataclasses-json's).
VALIDATORS = frozenset({"model_validate", "parse_obj", "from_dict"})


def _kept(info: ClassInfo, module: Module) -> bool:
    """`ObjectOps.kept`, worked out once per class."""
    name = info.node.name.value
    module_names = {b.name for b in module.bindings.get(0, ())}
    calls = [n for n in module.nodes if isinstance(n, cst.Call)
             and isinstance(n.func, cst.Name) and n.func.value == name]
    verdict = bool(calls)
    for call in calls:
        function = module.enclosing_function(call)
        parent = module.parents.get(id(call))
        if function is None:
            continue
        if any(_decorator_name(d.decorator) in CACHE_DECORATORS
               for d in function.decorators):
            continue
        if isinstance(parent, cst.Assign) and all(
                isinstance(t.target, cst.Subscript) and isinstance(t.target.value, cst.Name)
                and t.target.value.value in module_names for t in parent.targets):
            continue
        arg = parent if isinstance(parent, cst.Arg) else None
        outer = module.parents.get(id(arg)) if arg is not None else None
        if isinstance(outer, cst.Call) and isinstance(outer.func, cst.Attribute) and \
                outer.func.attr.value == "setdefault" and \
                isinstance(outer.func.value, cst.Name) and \
                outer.func.value.value in module_names:
            continue
        verdict = False
        break
    return verdict


def _calls_on(module: Module, function: cst.FunctionDef | None, name: str) -> list[cst.Call]:
    """The method calls a function makes on `name` (`thread.add(...)`, `self.refresh()`),
    in order; found once per function and name."""
    def calls() -> list[cst.Call]:
        start = module.pos(function) if function is not None else 0
        end = module.end(function) if function is not None else 2 * len(module.nodes)
        return [node for node in module.nodes[start // 2:end // 2]
                if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and
                isinstance(node.func.value, cst.Name) and node.func.value.value == name and
                module.enclosing_function(node) is function]

    return module.memo(f"calls on {name}", function, calls)  # type: ignore[return-value]


def _state_assignments(module: Module, name: str) -> list[cst.Assign]:
    """A module's statements `<anything>.state.<name> = value` (one target), in order."""
    def found() -> list[cst.Assign]:
        return [node for node in module.nodes if isinstance(node, cst.Assign) and
                len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Attribute)
                and node.targets[0].target.attr.value == name and
                isinstance(node.targets[0].target.value, cst.Attribute) and
                node.targets[0].target.value.attr.value == "state"]

    return module.memo(f"state {name}", None, found)  # type: ignore[return-value]


def module_function(ctx: Context) -> bool:
    """Whether ctx stands in a function of the module, not a method (its first parameter
    is no object of its own)."""
    return ctx.module.owner.get(id(ctx.function)) is None


def _static(function: cst.FunctionDef | None) -> bool:
    """Whether a function is a `@staticmethod` (its first parameter is not the object)."""
    return decorated(function, "staticmethod")


def _init_annotation(node: cst.BaseExpression, ctx: Context):
    """The annotation of the `__init__` parameter that `self.attr` is last assigned from
    (read from the bindings `__init__` keeps, as `member` reads them)."""
    if not (isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and
            ctx.function is not None and node.value.value in param_names(ctx.function)[:1]):
        return None
    info = ctx.module.owner.get(id(ctx.function))
    init = info.methods.get("__init__") if info is not None else None
    params = param_names(init) if init is not None else []
    if not params:
        return None
    chain = reaching(ctx.module.bindings.get(id(init), []), f"{params[0]}.{node.attr.value}",
                     END, frozenset())
    last = chain[-1] if chain else None
    if last is None or last.op != "=" or not isinstance(last.value, cst.Name):
        return None
    return param_annotation(init, last.value.value)
