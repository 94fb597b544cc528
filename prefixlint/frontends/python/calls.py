"""Calls of the project's own functions and methods, followed statically: which function a
call runs (a module function, `module.function`, `self.method` through base classes, a
`super()` call), the context its parameters are bound in, and what it returns, evaluated
with the caller's arguments (a helper that builds prompt text, a factory of messages).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

import libcst as cst

from ...ir import Hole, Scope, Text
from .flow import test_of
from .literals import (MAX_DEPTH, decorated, dotted_name, none_comparison, param_names,
                       shorten)
from .module import Module
from .pure import reads_constants_only
from .values import (RECEIVER, STARRED, WHOLE_PROMPT_CHARS, Context, ModuleRef, Parts, Seg,
                     constant_chars)

if TYPE_CHECKING:
    from .interpreter import Lowerer


# Calls that run a function later, elsewhere, with the arguments they are given: a thread,
# a pool's task, a coroutine's worker thread (`Thread(target=f, args=(a,))`, `pool.submit(f,
# a)`, `asyncio.to_thread(f, a)`, `loop.run_in_executor(None, f, a)`).
_THREADS = frozenset({"threading.Thread", "multiprocessing.Process"})
_SUBMITTED = {"submit": 0, "to_thread": 0, "run_in_executor": 1, "apply_async": 0,
              "run_sync": 0}
# Constant text a helper may wrap a single value in and still return that value, as far as
# where it is reported goes (`f"data:image/png;base64,{data}"`).
LABEL_CHARS = 32
# A helper that calls the function it is given again until it succeeds (`with_retry`,
# `retry_with_backoff`, `call_with_retries`).
_RETRIES = re.compile(r"retr(?:y|ies)|backoff", re.IGNORECASE)
# Of those, the ones whose awaited result is what the function returns.
RETURNING = frozenset({"to_thread", "run_in_executor", "run_sync"})


def submitted(node: cst.Call) -> tuple[cst.BaseExpression, list[cst.Arg]] | None:
    """The function a pool, a thread, an executor or a retry helper is given and the
    arguments it runs it with (`pool.submit(f, a)`, `asyncio.to_thread(f, a)`,
    `loop.run_in_executor(None, f, a)`, `pool.apply_async(f, (a,))`,
    `self.retry_with_backoff(self._call_api, path, prompt)`); None for any other call."""
    func = node.func
    name = func.attr.value if isinstance(func, cst.Attribute) else \
        func.value if isinstance(func, cst.Name) else ""
    if isinstance(func, cst.Attribute) and name in _SUBMITTED:
        skip = _SUBMITTED[name]
    elif _RETRIES.search(name) and node.args and node.args[0].keyword is None and \
            isinstance(node.args[0].value, (cst.Name, cst.Attribute)):
        skip = 0  # the function first, then what it is called with, however often
    else:
        return None
    positional = [a for a in node.args if a.keyword is None]
    if len(positional) <= skip or any(a.star for a in node.args):
        return None
    args = [a for a in node.args if a is not positional[skip] and a not in positional[:skip]]
    if name == "apply_async":  # `pool.apply_async(f, (a, b))`
        packed = positional[1].value if len(positional) > 1 else None
        args = [cst.Arg(e.value) for e in packed.elements] \
            if isinstance(packed, (cst.Tuple, cst.List)) else []
    return positional[skip].value, args


def launched(node: cst.Call, module: Module) -> cst.Call | None:
    """The call a launcher makes (`Thread(target=self.ask, args=(text, i))` runs
    `self.ask(text, i)`), built and placed at the launcher, or None for any other call: a
    client sent prompts through threads is found by its callers as if called directly."""
    func = node.func
    target = None
    args: list[cst.Arg] = []
    if (module.qualname(func) or "") in _THREADS:
        keywords = {a.keyword.value: a.value for a in node.args if a.keyword is not None}
        target = keywords.get("target")
        packed = keywords.get("args")
        if isinstance(packed, (cst.Tuple, cst.List)):
            args = [cst.Arg(e.value) for e in packed.elements
                    if not isinstance(e, cst.StarredElement)]
        elif packed is not None:
            return None
        named = keywords.get("kwargs")
        if isinstance(named, cst.Dict):
            args += [cst.Arg(e.value, keyword=cst.Name(e.key.evaluated_value))
                     for e in named.elements if isinstance(e, cst.DictElement) and
                     isinstance(e.key, cst.SimpleString) and
                     isinstance(e.key.evaluated_value, str) and
                     e.key.evaluated_value.isidentifier()]
    else:
        found = submitted(node)
        if found is None:
            return None
        target, args = found
    if not isinstance(target, (cst.Name, cst.Attribute)):
        return None
    return module.made(cst.Call(func=target, args=args), node)


def abstract(function: cst.FunctionDef) -> bool:
    """A method that only declares itself: `@abstractmethod`, or a body of a docstring and
    `pass`, `...` or `raise NotImplementedError`."""
    if decorated(function, "abstractmethod"):
        return True
    body = function.body.body if isinstance(function.body, cst.IndentedBlock) else ()
    for statement in body:
        small = statement.body if isinstance(statement, cst.SimpleStatementLine) else [statement]
        for item in small:
            if isinstance(item, cst.Pass) or (isinstance(item, cst.Expr) and isinstance(
                    item.value, (cst.SimpleString, cst.ConcatenatedString, cst.Ellipsis))):
                continue
            if isinstance(item, cst.Raise) and item.exc is not None and "NotImplemented" in \
                    dotted_name(item.exc.func if isinstance(item.exc, cst.Call) else item.exc):
                continue
            return False
    return True


class CallOps:
    """Following calls into project functions (mixed into the Lowerer)."""

    def returned_by(self: "Lowerer", node: cst.BaseExpression, ctx: Context,
                    ) -> tuple[cst.BaseExpression, Context] | None:
        """What a function passed as a value returns (`instructions=dynamic_instructions`,
        a lambda): its last return value and where to read it; None for anything else."""
        if isinstance(node, cst.Lambda):
            return node.body, ctx
        if not isinstance(node, (cst.Name, cst.Attribute)):
            return None
        return self.last_return(cst.Call(func=node), ctx, bound=False)

    def _called(self: "Lowerer", call: cst.Call, ctx: Context,
                ) -> tuple[cst.FunctionDef, Module, list] | None:
        """The project function a call runs, its module and its `return value` statements;
        None when it is not the project's or returns nothing."""
        found = self._function_of(call, ctx)
        if found is None:
            return None
        returns = self.returns_of(found[0], found[1])
        return (found[0], found[1], returns) if returns else None

    def last_return(self: "Lowerer", call: cst.Call, ctx: Context, bound: bool = True,
                    ) -> tuple[cst.BaseExpression, Context] | None:
        """The last value a project function returns and where to read it: with the call's
        arguments bound (`bound`), or with its parameters unknown; None when the call is not
        to a project function that returns a value."""
        if bound:
            returned = self.bound_returns(call, ctx)
            return returned[-1] if returned else None
        found = self._called(call, ctx)
        if found is None:
            return None
        function, module, returns = found
        last = returns[-1]
        return last.value, Context(module, function, module.pos(last), False,
                                   depth=ctx.depth + 1, arms=module.arms(last))

    def bound_returns(self: "Lowerer", call: cst.Call, ctx: Context,
                      ) -> list[tuple[cst.BaseExpression, Context]]:
        """Every value a project function returns, in order, each with the call's arguments
        bound where it is read; empty when the call is not to a project function."""
        found = self._called(call, ctx)
        if found is None:
            return []
        function, module, returns = found
        called = self._call_context(function, module, call, ctx)
        return [(r.value, Context(module, function, module.pos(r), called.import_time,
                                  called.bindings, called.depth, module.arms(r)))
                for r in returns]

    def made_first(self: "Lowerer", node: cst.BaseExpression, ctx: Context,
                   ) -> tuple[cst.Call, Context] | None:
        """The call a name was first bound to (`buffer = io.StringIO()`, whatever its
        `write` calls add after); None when it was not bound to a call here."""
        if not isinstance(node, cst.Name):
            return None
        resolved = self.resolve(node.value, ctx)
        if isinstance(resolved, Parts) and resolved.parts and resolved.parts[0][0] == "=":
            resolved = resolved.parts[0][1], resolved.parts[0][2]
        if isinstance(resolved, tuple) and isinstance(resolved[0], cst.Call):
            return resolved
        return None

    def _lambda_call(self: "Lowerer", node: cst.Call, ctx: Context) -> list[Seg] | None:
        """`build = lambda question, rules: f"...{question}..."`, then `build(question=q,
        rules=R)`: the lambda's text with the call's values bound to its parameters."""
        if not isinstance(node.func, cst.Name) or ctx.depth >= MAX_DEPTH:
            return None
        found = self.resolve(node.func.value, ctx)
        if not isinstance(found, tuple) or not isinstance(found[0], cst.Lambda):
            return None
        lam, at = found
        names = [p.name.value for p in (*lam.params.posonly_params, *lam.params.params,
                                         *lam.params.kwonly_params)]
        bindings = dict(at.bindings)
        positional = [a.value for a in node.args if a.keyword is None and not a.star]
        for name, value in zip(names, positional):
            bindings[name] = (value, ctx)
        for arg in node.args:
            if arg.keyword is not None and arg.keyword.value in names:
                bindings[arg.keyword.value] = (arg.value, ctx)
        if any(a.star for a in node.args) or set(names) - set(bindings):
            return None  # a parameter left to its default or spread in: not followed
        return self.text(lam.body, Context(at.module, at.function, at.line, at.import_time,
                                           bindings, at.depth + 1, at.arms))

    def _helper(self: "Lowerer", node: cst.Call, ctx: Context) -> list[Seg] | None:
        """A call of a function or method of the project, evaluated at the call site with
        the arguments' values; several returns under a volatile test are a branch."""
        found = self._called(node, ctx)
        if found is None:
            return None
        function, module, returns = found
        if function is ctx.function:
            # a recursive describer (`describe(value, indent + 1)` inside `describe`): its
            # text is made from its arguments as the outer call's is, so it varies as they do
            held = [self._deps_hole(arg.value, ctx) for arg in node.args]
            worst = max(held, key=lambda h: int(h.scope), default=None)
            if worst is None or worst.scope is Scope.STATIC:
                return [self.hole(node, ctx, scope=Scope.STATIC)]
            return [Hole(worst.kind, shorten(ctx.module.source(node)), ctx.module.span(node),
                         worst.deps, worst.scope)]
        call_ctx = self._call_context(function, module, node, ctx)
        last = returns[-1]
        read: dict[int, list[Seg]] = {}  # each return's text, read once

        def text_at(returned: cst.Return) -> list[Seg]:
            if id(returned) not in read:
                read[id(returned)] = self.text(returned.value, Context(
                    module, function, module.pos(returned), call_ctx.import_time,
                    call_ctx.bindings, call_ctx.depth, module.arms(returned)))
            return read[id(returned)]

        for early in returns[:-1]:
            at = Context(module, function, module.pos(early), call_ctx.import_time,
                         call_ctx.bindings, call_ctx.depth, module.arms(early))
            if self._runs_with(early, at):
                last = early  # `if context: return f"{base}\n{context}"` of a caller's value
                break
            # The tests around it that vary within a deployment, outermost first. A flag of
            # unknown scope (`if cfg.get("company"): return clause`) is more often the kind
            # of deployment than the request: the text without it is measured.
            tests = [hole for test, _ in reversed(module.enclosing_arms(early))
                     if isinstance(test, (cst.If, cst.Match))
                     for hole in [self._deps_hole(test_of(test), at)]
                     if hole.scope is not Scope.UNKNOWN and hole.scope >= Scope.DAY]
            if not tests:
                fallback = text_at(returns[-1]) if _other_arm(module, early, returns[-1]) \
                    else None
                if fallback is not None and all(isinstance(s, Text) for s in fallback) and \
                        constant_chars(text_at(early)) > constant_chars(fallback):
                    # `if path.exists(): return path.read_text()` / `else: return FALLBACK`
                    # on what the deployment ships: the text, not the fallback line (a
                    # value the other arm returns, as a sanitizer's, is left as it was)
                    last = early
                    break
                if _tried(module, early, function) and \
                        all(isinstance(s, Text) for s in text_at(returns[-1])) and \
                        any(isinstance(s, Hole) for s in text_at(early)):
                    # `try: ... return row[0]` / `except ...: log` / `return "unknown"`: the
                    # value the work returns, not the line kept for when it fails
                    last = early
                    break
                continue
            # the one that varies most, the outermost of those (the order of the `if`s,
            # never of their ids: the same on every run)
            worst = max(tests, key=lambda hole: int(hole.scope))
            # (two whole prompts returned per request, `if inputs: return WITH.format(...)`
            # then `return WITHOUT.format(...)`: each keeps its own cached prefix, so the
            # choice breaks neither, as `_either` has it: the richer one is measured)
            texts = [text_at(early), text_at(returns[-1])]
            if _same_text(*texts):
                continue  # (`return DEFAULT` early, `return stored or DEFAULT` last)
            sizes = [constant_chars(t) for t in texts]
            if min(sizes) < WHOLE_PROMPT_CHARS:
                return [Hole("branch", worst.expr, worst.span, worst.deps, worst.scope)]
            if sizes[0] > sizes[1]:
                last = early
                break
        segments = text_at(last)
        if any(type(s) is Hole and s.scope is Scope.UNKNOWN for s in segments) and \
                reads_constants_only(function, module, node):
            # text a helper makes from the module's tables alone (`"\n".join(lines[:10])`
            # of lines built from a constant dict): the deployment's, however it is made
            segments = [replace(s, scope=Scope.DEPLOY)
                        if type(s) is Hole and s.scope is Scope.UNKNOWN else s
                        for s in segments]
        holes = [s for s in segments if isinstance(s, Hole)]
        if len(holes) == 1 and type(holes[0]) is Hole and holes[0].span is not None and \
                holes[0].span.path != ctx.module.path and (len(segments) == 1 or (
                    holes[0].kind in ("value", "media") and
                    constant_chars(segments) <= LABEL_CHARS)):
            # an opaque value a helper elsewhere returns (a model's reply, a clock reading,
            # an image as a data URL behind its `data:image/png;base64,`): reported where
            # this call puts it into the prompt, not inside the helper (text a helper builds
            # in a loop stands where it is built)
            return [self.placed(s, node, ctx) if s is holes[0] else s for s in segments]
        return segments

    def _runs_with(self: "Lowerer", node: cst.CSTNode, at: Context) -> bool:
        """Whether the caller's arguments (bound in `at`) take the `if` arms around a node
        of a function: each test known from the values (`if cot:` of a caller's `True`),
        or a test that a parameter was given (`if context:`, `if notes is not None:`) of
        one the caller passes a computed value for, present as a caller passes it."""
        around = at.module.enclosing_arms(node)
        if not around or not at.bindings:
            return False
        for node, arm in around:
            if not isinstance(node, cst.If):
                return False
            known = self.truth(node.test, at)
            if known is None:
                known = self._given_test(node.test, at)
            if known is None or known != (arm == 0):
                return False
        return True

    def _given_test(self: "Lowerer", test: cst.BaseExpression, at: Context) -> bool | None:
        """True for `if name:` / `if name is not None:` (False for their negations) of a
        parameter the caller bound to a value computed where it is called; else None."""
        negated = False
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            test, negated = test.expression, True
        compared = none_comparison(test)
        if compared is not None:
            test, is_none = compared
            negated ^= is_none
        if not isinstance(test, cst.Name) or test.value not in at.bindings or \
                at.function is None or test.value not in param_names(at.function):
            return None
        given = at.bindings[test.value]
        if not isinstance(given, tuple) or not isinstance(given[0], (cst.Call, cst.Await,
                                                                     cst.Name, cst.Attribute,
                                                                     cst.Subscript)):
            return None
        return not negated

    def _function_of(self: "Lowerer", node: cst.Call, ctx: Context,
                     ) -> tuple[cst.FunctionDef, Module] | None:
        """The project function or method a call runs: a module function (local or
        imported), `module.function`, `self.method` (through project base classes), or a
        method of a project object an attribute holds (`self.client.chat`)."""
        if ctx.depth >= MAX_DEPTH:
            return None
        func = node.func
        module = ctx.module
        if isinstance(func, cst.Name):
            local = _local_function(func.value, ctx)
            if local is not None:  # `def wrap(text): ...` inside the function that calls it
                return local, module
            if func.value in module.functions:
                return module.functions[func.value], module
            if func.value in module.imports:
                return self.exported(module, func.value, "functions")
            entry = self._dispatched(func, ctx)
            if entry is not None:  # `build = BUILDERS.get(kind)`, then `build(text)`
                return self._function_of(module.made(node.with_changes(func=entry), node), ctx)
            return None
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Call) and \
                dotted_name(func.value.func) == "super":
            info = module.owner.get(id(ctx.function)) if ctx.function is not None else None
            for base_name in info.bases if info is not None else ():
                found = self._class(base_name, module)
                method = self._method(found[0], found[1], func.attr.value, 1) \
                    if found is not None else None
                if method is not None:
                    return method
            return None
        if isinstance(func, cst.Attribute) and isinstance(func.value, (cst.Attribute, cst.Call)):
            # `self.client.chat(...)`, `Client().run(...)`
            return self._concrete_method(self.receiver_class(func.value, ctx), func.attr.value)
        if not isinstance(func, cst.Attribute) or not isinstance(func.value, cst.Name):
            return None
        name, attr = func.value.value, func.attr.value
        params = param_names(ctx.function)
        info = module.owner.get(id(ctx.function)) if ctx.function is not None else None
        if info is None and name not in params:
            outer = _closure_method(name, ctx)
            if outer is not None:  # `def add_commands(self): @self.command() async def
                return self._function_of(node, outer)  # chat(ctx): self.build(...)`
        if info is not None and params and params[0] == name:
            made = self._subclass_instance(info, ctx)
            found = self._method(made.info, made.module, attr, 0) if made is not None else None
            if found is not None and not abstract(found[0]):
                # `agent = FetchAgent()`, then the base class's `execute` calling
                # `self.task_prompt(task)`: the subclass's override is what runs
                return found
            found = self._method(info, module, attr, 0)
            if found is None or abstract(found[0]):
                for receiver, receiver_module in self.receivers:
                    implemented = self._method(receiver, receiver_module, attr, 0)
                    if implemented is not None and not abstract(implemented[0]):
                        return implemented
            return found
        target = self.resolve(name, ctx)
        if isinstance(target, ModuleRef) and attr in target.module.functions:
            self.files.add(target.module.path)
            return target.module.functions[attr], target.module
        if isinstance(target, ModuleRef):
            return None
        named = self._class_named(func.value, ctx) if target is None else \
            self._class_named(target[0], target[1]) if isinstance(target, tuple) else None
        if named is not None:  # `Finish.describe()`: a method the class itself runs
            found = self._concrete_method(named, attr)
            return found if found is not None and \
                decorated(found[0], "classmethod", "staticmethod") else None
        # `book.catalogue()`, `book: SkillBook`
        return self._concrete_method(self.receiver_class(func.value, ctx), attr)

    def _dispatched(self: "Lowerer", name: cst.Name, ctx: Context
                    ) -> cst.BaseExpression | None:
        """The function a name takes from a table of them written in the same module
        (`build = builders.get(kind)` or `builders[kind]` of `builders = {Kind.INVOICE:
        cls.invoice, ...}`): the entry whose key is the one the caller passes, as written
        (`Kind.INVOICE`), else the first entry, each building its prompt alike."""
        held = self.follow(name, ctx)
        if held is None or held[0] is name:
            return None
        expr, at = held
        if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and \
                expr.func.attr.value == "get" and expr.args:
            table, key = expr.func.value, expr.args[0].value
        elif isinstance(expr, cst.Subscript) and len(expr.slice) == 1 and \
                isinstance(expr.slice[0].slice, cst.Index):
            table, key = expr.value, expr.slice[0].slice.value
        else:
            return None
        found = self.follow(table, at)
        if found is None or found[1].module is not ctx.module or \
                not isinstance(found[0], cst.Dict):
            return None
        entries = [e for e in found[0].elements if isinstance(e, cst.DictElement)
                   and isinstance(e.value, (cst.Name, cst.Attribute))]
        if not entries:
            return None
        wanted = self.follow(key, at)
        written = wanted[1].module.source(wanted[0]) if wanted is not None else None
        return next((e.value for e in entries if ctx.module.source(e.key) == written),
                    entries[0].value)

    def made_method(self: "Lowerer", node: cst.Call, ctx: Context
                    ) -> tuple[cst.FunctionDef, Module] | None:
        """The method `Reviewer().review(essay)` runs: that of the project class just made;
        None for any other call."""
        func = node.func
        if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Call) and
                dotted_name(func.value.func)):
            return None
        return self._concrete_method(self._class(dotted_name(func.value.func), ctx.module),
                                     func.attr.value)

    def _concrete_method(self: "Lowerer", owner, attr: str
                         ) -> tuple[cst.FunctionDef, Module] | None:
        """The method `attr` a project class (and module) defines or inherits, unless it
        is abstract; None when the class is not known."""
        found = self._method(owner[0], owner[1], attr, 0) if owner is not None else None
        if found is None or abstract(found[0]):
            return None
        self.files.add(found[1].path)
        return found

    def arm_methods(self: "Lowerer", node: cst.Call, ctx: Context,
                    ) -> list[tuple[cst.FunctionDef, Module]]:
        """The methods `obj.method(...)` may run when the function makes `obj` from a
        different project class in each arm of an `if` (`obj = Basic()` or `obj = Pro()` by
        a setting, also at a script's top level): the call runs whichever the arm chose,
        so each counts."""
        func = node.func
        if not isinstance(func, cst.Attribute) or not isinstance(func.value, cst.Name):
            return []
        out = []
        scope = id(ctx.function) if ctx.function is not None else 0
        for binding in ctx.module.bindings.get(scope, ()):
            if binding.name != func.value.value or binding.op != "=" or not binding.arms or \
                    not isinstance(binding.value, cst.Call):
                continue
            made = self._class(dotted_name(binding.value.func), ctx.module)
            found = self._method(made[0], made[1], func.attr.value, 0) \
                if made is not None else None
            if found is not None and not abstract(found[0]):
                out.append(found)
        return out

    def _call_context(self: "Lowerer", function: cst.FunctionDef, module: Module, node: cst.Call,
                      ctx: Context, constructor: bool = False) -> Context:
        """The context a call runs its function in: parameters bound to the arguments (and
        to their defaults). A method's first parameter is bound by the call itself when it
        is made through an attribute (`obj.method(...)`) or constructs the object
        (`Settings(...)` running `__init__`)."""
        bindings: dict[str, tuple[cst.BaseExpression, Context]] = {}
        if ctx.function is not None and ctx.module is module and \
                module.enclosing_function(function) is ctx.function:
            # a function defined in the caller reads the caller's names (a closure): what
            # the caller's own parameters were bound to holds there too
            bindings.update((k, v) for k, v in ctx.bindings.items() if k.isidentifier())
        params = list(function.params.params)
        static = decorated(function, "staticmethod")
        # (`llm(prompt)` runs `__call__` with the object bound as its first parameter)
        # (and a method held by a name, `build = self.builders[kind]`: bound already)
        method_call = module.owner.get(id(function)) is not None and not static and \
            (isinstance(node.func, (cst.Attribute, cst.Name)) or
             function.name.value == "__call__")
        if constructor or method_call:
            params = params[1:]  # `self` is bound by the call
        for index, arg in enumerate(node.args):
            if arg.keyword is not None:
                bindings[arg.keyword.value] = (arg.value, ctx)
            elif index < len(params) and not arg.star:
                bindings[params[index].name.value] = (arg.value, ctx)
        star_arg = function.params.star_arg
        if isinstance(star_arg, cst.Param):  # `*names`: the positional arguments left over
            extra = [a for a in node.args if a.keyword is None and not a.star][len(params):]
            if len(extra) == len([a for a in node.args if a.keyword is None]) - len(params):
                bindings[STARRED + star_arg.name.value] = (ctx.module.made(
                    cst.Tuple([cst.Element(a.value) for a in extra]), node), ctx)
        star_kwarg = function.params.star_kwarg
        spread = next((a.value for a in node.args if a.star == "**"), None)
        named = {p.name.value for p in (*params, *function.params.kwonly_params)}
        extra = [a for a in node.args if a.keyword is not None and a.keyword.value not in named]
        if isinstance(star_kwarg, cst.Param) and spread is not None and not extra:
            bindings[star_kwarg.name.value] = (spread, ctx)  # `**values` is the caller's dict
        elif isinstance(star_kwarg, cst.Param) and extra:
            # `def __init__(self, **props)` called with `title=t, diff=d`: those keywords,
            # with what a `**extra` of the call adds (`messages=self.messages, **extra`)
            made = ctx.module.made
            bindings[star_kwarg.name.value] = (made(cst.Dict([cst.DictElement(
                made(cst.SimpleString(repr(a.keyword.value)), a.keyword), a.value)
                for a in extra] + [cst.StarredDictElement(a.value) for a in node.args
                                   if a.star == "**"]), node), ctx)
        for param in (*params, *function.params.kwonly_params):
            if param.name.value not in bindings and param.default is not None:
                bindings[param.name.value] = (param.default, Context(module, None, 0, True,
                                                                     depth=ctx.depth + 1))
        if method_call and not constructor and isinstance(node.func.value, cst.Name):
            # `thread.to_messages()` on an object the caller made: what its methods did to
            # it before this call is read from the caller (objects.replayed)
            bindings[RECEIVER] = (node.func.value, ctx)
        end = module.end(function)
        return Context(module, function, end, ctx.import_time, bindings, ctx.depth + 1)


def _local_function(name: str, ctx: Context) -> cst.FunctionDef | None:
    """The function named `name` defined inside the function ctx stands in (or one that
    encloses it), which a call there runs before any module function of that name."""
    module, current = ctx.module, ctx.function
    for _ in range(8):
        if current is None:
            return None
        for nested in module.nested:
            if nested.name.value == name and module.enclosing_function(nested) is current:
                return nested
        current = module.enclosing_function(current)
    return None


def _tried(module: Module, early: cst.Return, function: cst.FunctionDef) -> bool:
    """Whether a `return` stands in the body of a `try` of its function (not in a handler
    or a `finally`): what the function returns when the work succeeds."""
    child, current = early, module.parents.get(id(early))
    while current is not None and current is not function:
        if isinstance(current, cst.Try) and child is current.body:
            return True
        child, current = current, module.parents.get(id(current))
    return False


def _other_arm(module: Module, early: cst.Return, last: cst.Return) -> bool:
    """Whether the last `return` is in the `else` of the `if` whose body holds the early
    one, the innermost `if` around it (the two arms of one choice, not a guard before the
    function's usual end)."""
    arms = module.enclosing_arms(early)
    if not arms or not isinstance(arms[0][0], cst.If) or arms[0][1] != 0:
        return False
    return (arms[0][0], 1) in module.enclosing_arms(last)


def _same_text(first: list[Seg], second: list[Seg]) -> bool:
    """Whether two lowered texts say the same: the same constant text and the same values,
    wherever in the code each was written."""
    def said(segments: list[Seg]) -> list:
        return [s.text if isinstance(s, Text) else (s.kind, s.expr) for s in segments]
    return said(first) == said(second)


def _closure_method(name: str, ctx: Context) -> Context | None:
    """The method a function nested in it and registered by a decorator (a bot's command,
    a route, an event handler the framework runs) reads `name` from, when `name` is that
    method's object (`self`): the context to look `self.method` up in. None for anything
    else, a local helper the method calls itself too (its own parameters are the method's
    values, not followed from a site inside it)."""
    module = ctx.module
    if ctx.function is None or not ctx.function.decorators:
        return None
    outer = module.enclosing_function(ctx.function)
    while outer is not None:
        params = param_names(outer)
        if name in params:
            if params[0] != name or module.owner.get(id(outer)) is None:
                return None
            return Context(module, outer, module.pos(ctx.function), ctx.import_time,
                           ctx.bindings, ctx.depth + 1)
        outer = module.enclosing_function(outer)
    return None
