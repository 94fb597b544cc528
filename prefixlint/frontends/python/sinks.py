"""Prompt call sites of one module and how each is lowered to a `Prompt`. Which calls are
sinks, which argument is which part of the request and in what order the library serializes
them come from the library models (`prefixlint/models/*.toml`); this module holds only the
mechanisms: request arguments, agent system prompts, templates, chat templates, HTTP bodies,
lists of role dicts, signatures and decorated prompt functions."""

from __future__ import annotations

import dataclasses
import io
import re
import tokenize
from typing import TYPE_CHECKING

from ... import suppress
from ...ir import Block, Hole, Prompt, Scope, Suppressions, Text
from ...volatility import words_of
from .project import CALL_METHOD
from .literals import literal_value, param_names, shorten
from .messages import MESSAGE_CLASS_ROLES, MessageLowering, argument_of, dict_fields
from .sites import INFERRED_ROLES, Site as _Site, SiteClassifier, context_at, stored
from .renderer import SegmentRenderer
from .sources import STREAMS, converses
from ..project_files import shared_folders

if TYPE_CHECKING:
    from .project import PythonProject

MAX_CLIENT_DEPTH = 4  # clients of clients followed, at most
# A SQL statement as a call passes it: a database call, never a prompt.
_SQL = re.compile(r"\s*((VACUUM|BEGIN(\s+[A-Z]+)?|COMMIT|ROLLBACK|ANALYZE|REINDEX(\s+\S+)?)"
                  r"\s*;?\s*$|SELECT\s|"
                  r"INSERT\s+(OR\s+[A-Z]+\s+)?INTO\s|UPDATE\s+\S+\s+SET\s|"
                  r"DELETE\s+FROM\s|(CREATE|DROP)\s+(TEMP\s+|TEMPORARY\s+|UNIQUE\s+|VIRTUAL\s+)?"
                  r"(TABLE|INDEX|VIEW|TRIGGER)\s|ALTER\s+TABLE\s|PRAGMA\s|REPLACE\s+INTO\s|"
                  r"WITH\s+(RECURSIVE\s+)?\w+(\s*\([^)]*\))?\s+AS\s*\()")
_MAX_RECEIVER_HOPS = 4  # `a.b().c()`: method calls followed back to who made the object


def _call_key(module, node) -> tuple[int, int]:
    """A call named by its place in the file, the same whenever the file is parsed."""
    span = module.span(node)
    return span.line, span.column

class SinkFinder:
    """Finds the prompt sites of one module and lowers each to a Prompt."""

    def __init__(self, project: PythonProject, module, source: str) -> None:
        import libcst as cst

        from .interpreter import Lowerer

        self.cst = cst
        self.project = project
        self.module = module
        self.source = source
        self.lowerer = Lowerer(project.import_module, project.scope_of, project.sources)
        self._client = None  # (see `_build`)
        self.lowerer.linker = project.linker()
        self.lowerer.constructions = project.construction_modules
        self.lowerer.app_state = project.state_modules
        self.lowerer.file = module.path
        self.lowerer.converses = converses(module)
        self.suppressions = _python_suppressions(source)
        self.messages = MessageLowering(self.lowerer, module)
        self.sites = SiteClassifier(project, module, self.lowerer)

    def run(self) -> list[tuple[Prompt, list]]:
        cst = self.cst
        prompts: list[tuple[Prompt, list]] = []
        consumed: set[int] = set()
        lists: list = []
        appends: list = []  # `name.append(...)` calls, for `_appended_chats`
        decorated: list = []  # functions with decorators, for the decorator models
        for node in self.module.nodes:
            if isinstance(node, cst.FunctionDef) and node.decorators:
                decorated.append(node)
            elif isinstance(node, cst.Call):
                if isinstance(node.func, cst.Attribute) and node.func.attr.value == "append":
                    appends.append(node)
                site = self.sites.classify(node)
                if site is not None and site.kind == "inferred":
                    # Kept unless a call of the project's own client turns out to be it.
                    self.project.inferred.setdefault(self.module.path, []).append(
                        (_call_key(self.module, node), self._build(site, consumed)))
                elif site is not None and not (site.kind == "template" and
                                               id(node) in consumed):
                    prompts.extend(self._build(site, consumed))
            elif isinstance(node, cst.List) and _has_role_dict(node) and \
                    not self._kept_as_history(node):
                lists.append(node)
        appended = self._appended_chats(appends)
        deferred = self.project.lists.setdefault(self.module.path, [])
        prompts.extend(self._decorated(decorated))
        prompts.extend(self._signatures())
        prompts.extend(self._docstring_templates(decorated))
        prompts.extend(self._decorator_templates(decorated, consumed))
        # Prompt text with no sink in view: kept until every file is read (a sink elsewhere
        # may send it, and then its measurement is the one reported).
        from . import prompt_text

        self.project.texts[self.module.path] = prompt_text.find(self)
        for node in lists:
            if id(node) in consumed:
                continue
            # A list of messages is a prompt of its own unless a wrapper sends it (known
            # once every file has been read): see PythonProject.remaining_lists.
            built = self._build(_Site(node, "messages", {"messages": self._whole_list(node)}),
                                consumed)
            deferred.append((id(node), built))
        for first, passed in appended:
            if id(first) not in consumed:
                built = self._build(_Site(passed, "messages", {"messages": passed}), consumed)
                deferred.append((id(first), built))
        prompts.sort(key=lambda pair: pair[0].line)
        return prompts

    def _appended_chats(self, appends: list) -> list:
        """Chats a function builds by appending role dicts to a list that starts empty
        (`context = []; context.append({"role": "system", ...})`) and passes to a call:
        each is a prompt of its own, read where it is passed, unless a sink or wrapper
        sends it (as a list literal of role dicts is). Returns (first append, the name
        passed) pairs; bookkeeping of a history is left out."""
        cst = self.cst
        module = self.module
        found: dict[tuple[int, str], cst.Call] = {}
        for node in appends:  # the module's `.append(...)` calls, in source order
            if not (isinstance(node.func.value, cst.Name) and len(node.args) == 1 and
                    isinstance(node.args[0].value, cst.Dict)):
                continue
            item = node.args[0].value
            if not _sent_message(item) or self._kept_as_history(item):
                continue
            function = module.enclosing_function(node)
            name = node.func.value.value
            if function is None or (id(function), name) in found:
                continue
            starts = [b for b in module.bindings.get(id(function), [])
                      if b.name == name and b.op == "="]
            if len(starts) == 1 and isinstance(starts[0].value, cst.List) and \
                    not starts[0].value.elements:
                found[(id(function), name)] = node
        out = []
        for (function_id, name), first in found.items():
            passed = self._passed_after(first, function_id, name)
            if passed is not None:
                out.append((first, passed))
        return out

    def _passed_after(self, first, function_id: int, name: str):
        """The first argument after `first` (in the same function) that passes `name` on
        whole to a call other than the list's own methods; None when there is none."""
        cst = self.cst
        module = self.module
        start = module.pos(first)
        for node in module.nodes:
            if isinstance(node, cst.Arg) and isinstance(node.value, cst.Name) and \
                    node.value.value == name and module.pos(node) > start:
                call = module.parents.get(id(node))
                if isinstance(call, cst.Call) and not (
                        isinstance(call.func, cst.Attribute) and
                        isinstance(call.func.value, cst.Name) and
                        call.func.value.value == name):
                    function = module.enclosing_function(node)
                    if function is not None and id(function) == function_id:
                        return node.value
        return None

    def run_wrappers(self, wrappers: dict) -> list[tuple[Prompt, list]]:
        """The prompts this module sends through the project's wrappers: each call of one,
        with the wrapper's sink evaluated on the caller's arguments."""
        from .values import Context

        from .calls import launched

        cst = self.cst
        prompts: list[tuple[Prompt, list]] = []
        calls = (n for n in self.module.nodes if isinstance(n, cst.Call))
        for node in (c for call in calls for c in (call, launched(call, self.module)) if c):
            func = node.func
            name = self._called_name(node) if isinstance(func, cst.Name) else \
                func.attr.value if isinstance(func, cst.Attribute) else None
            if isinstance(func, cst.Name) and name not in wrappers:
                # `from .agents.triage import run as run_triage`: the wrapper's own name
                name = self.module.imports.get(name, ("", ""))[1] or name
            # the sinks this call's prompts come from, over every round of clients
            reached = self.project.reached.setdefault(
                f"{self.module.path}:{self.module.line(node)}", [])
            called_object = self._called_object(wrappers.get(CALL_METHOD, ()), node) \
                if name not in wrappers else []
            if not called_object and name not in wrappers and isinstance(func, cst.Attribute):
                # `self.api(query)` of `def __init__(self, api)`, made with `api=chatgpt`
                called_object = self._handed_wrappers(node, wrappers)
            for wrapper in called_object or self._candidates(wrappers.get(name, ()), node):
                argument = _argument(node, wrapper)
                if argument is None or self._sql_statement(argument, node) or \
                        not (called_object or self._calls(node, wrapper)):
                    continue
                caller = self._context(node)
                stub, wrapper = wrapper, self.project.real_wrapper(wrapper)  # found by
                if not caller.import_time:  # another worker: made here
                    # A script's call at import (an example of a library) runs it with
                    # constants: it is measured on its own as well, as callers would call it.
                    self.project.mark_called(stub, wrapper)
                caller = as_run(caller, node)
                # Down the chain of clients: each one's call of the next, with the
                # arguments bound so far.
                hops = wrapper.chain()
                module = self.project.module(wrapper.path)
                bound = self.lowerer._call_context(wrapper.function, module, node, caller)
                for outer, inner in zip(hops, hops[1:]):
                    at = Context(module, outer.body or outer.function, module.pos(outer.call),
                                 False, dict(bound.bindings), bound.depth,
                                 module.arms(outer.call))
                    module = self.project.module(inner.path)
                    bound = self.lowerer._call_context(inner.function, module, outer.call, at)
                innermost = hops[-1]
                sink = innermost.site.node
                body = innermost.body or innermost.function  # where the sink's code is

                def rebased(at, function=body, bindings=bound.bindings):
                    return Context(at.module, at.function, at.line, at.import_time,
                                   dict(bindings), at.depth, at.arms) \
                        if at.function is function else at

                base = Context(module, body, module.pos(sink), False,
                               dict(bound.bindings), bound.depth, module.arms(sink))
                contexts = {k: rebased(c) for k, c in innermost.site.contexts.items()}
                site = _Site(sink, innermost.site.kind, innermost.site.keywords, contexts, base,
                             node, innermost.site.model)
                consumed: set[int] = set()
                # `self.system_message(...)` in the caller, abstract where the caller's class
                # declares it, runs the implementation of the object that sends (a mixin).
                owner = module.owner.get(id(innermost.function))
                self.lowerer.receivers = ((owner, module),) if owner is not None else ()
                built = self._build(site, consumed)
                self.lowerer.receivers = ()
                self.project.sent.update((self.module.path, c) for c in consumed)
                self.project.sent.add((self.module.path, id(node)))
                # the call by where it stands: a later pass may have parsed the file again
                self.project.sent.add((self.module.path, _call_key(self.module, node)))
                # A client of a client: the caller passes its own parameters on.
                built = self._per_phase(built, reached, wrapper)
                if wrapper.round < MAX_CLIENT_DEPTH and self.project.sends_memory(
                        self, caller, argument, wrapper, node):
                    continue  # `self.llm.generate(messages=self._memory)` of an agent
                if built and wrapper.round < MAX_CLIENT_DEPTH and caller.function is not None \
                        and self.project.client_of(self, innermost.site, caller, built,
                                                   wrapper, node):
                    continue
                if not built and wrapper.round < MAX_CLIENT_DEPTH and \
                        self.project.passes_on(self, caller, argument, wrapper, node):
                    continue  # `def call(self, messages): ... self.completion(messages)`
                prompts.extend(built)
        prompts.sort(key=lambda pair: pair[0].line)
        return prompts

    def _per_phase(self, built: list, reached: list, wrapper) -> list:
        """A call of a client that calls the model through several calls of its own (an
        agent whose phases each call it) is one prompt per such call: the first keeps the
        call's id, the others are told apart by the client's call they go through
        (`app/run.py:12 (via agents/research.py:88)`). Sinks the client holds itself, as in
        one branch or another, stay one prompt, as does one call reached again."""
        # the client's calls down to the sink: two paths through one call of an agent (a
        # fallback's `generate`, the tool loop's `chat`) are two phases, each named by the
        # first of its calls where it parts from the paths reached before it
        key = tuple((hop.path, self.project.module(hop.path).line(hop.call))
                    for hop in wrapper.chain() if hop.call is not None) + \
            (self._sink_key(wrapper.chain()[-1]),)
        if not reached or key == reached[0]:
            reached.append(key)
            return built
        depth = next((n for n in range(1, len(key) + 1)
                      if all(old[:n] != key[:n] for old in reached)), len(key))
        reached.append(key)
        path, line = key[depth - 1][:2]
        return [(_renamed(prompt, f"{prompt.id} (via {path}:{line})"), notes)
                for prompt, notes in built]

    def _sink_key(self, innermost) -> tuple:
        """The sink a client's call reaches, as `_per_phase` tells phases apart: two sinks
        one after the other (a question template, then a refine template; a plan, then an
        answer) are two prompts; a sink under an `if` or returned is one of the function's
        alternatives (`if quick: return create(...)`), all of them one prompt."""
        module = self.project.module(innermost.path)
        sink = innermost.site.node
        function = innermost.body or innermost.function
        node, returned = sink, False
        while node is not None and node is not function:
            if isinstance(node, self.cst.Return):
                returned = True
                break
            node = module.parents.get(id(node))
        alternative = returned or any(i in module.ifs for i, _ in module.arms(sink))
        return (innermost.path, module.line(function if alternative else sink), "sink")

    def _called_object(self, wrappers, node) -> list:
        """For a call of an object (`llm(prompt)`, `self.model(messages)`) made from a
        project class whose `__call__` sends a prompt: that method's wrappers."""
        if not wrappers or not isinstance(node.func, (self.cst.Name, self.cst.Attribute)):
            return []
        made = self.lowerer.instance(node.func, self._context(node))
        method = self.lowerer._method(made.info, made.module, CALL_METHOD, 0) \
            if made is not None else None
        if method is None:
            return []
        key = (method[1].path, method[1].pos(method[0]))
        return [w for w in wrappers if w.function_key == key]

    def _candidates(self, wrappers, node) -> list:
        """The wrappers a call can run. A method called on an object whose class is not in
        view (`self.submit_prompt(p)` declared abstract, each backend implementing it) may
        be any of several: one is measured, of the library most of them send through, the
        first by path among those, with every sink it reaches (an agent that calls the model
        in each of its phases sends a prompt per phase)."""
        wrappers = list(wrappers)
        methods = [w for w in wrappers if w.method]
        if not isinstance(node.func, self.cst.Attribute) or not methods:
            return wrappers
        from .calls import abstract

        context = self._context(node)
        made = self.lowerer.made_first(node.func.value, context)
        if made is not None and (made[1].module.qualname(made[0].func) or "") in STREAMS:
            # `buffer.write(text)` of `buffer = io.StringIO()`, `handle.write(...)` of
            # `open(...)`: the library's object, never a project method of that name
            return [w for w in wrappers if not w.method]
        # (`Reviewer().review(essay)`: only that class's method, which the call runs; its
        # value is not followed into the method, as for any object made and dropped)
        arms = self.lowerer.arm_methods(node, context)
        # (`client = A()` or `client = B()` in the arms of an `if`: either class's method)
        runs = self.lowerer._function_of(node, context) or \
            self.lowerer.made_method(node, context) or next(iter(arms), None)
        if runs is not None and not abstract(runs[0]):  # the receiver's class is in view
            made = [self.lowerer._method(info, module, node.func.attr.value, 0)
                    for info, module in self.lowerer.factory_classes(node.func.value, context)]
            keys = {(module.path, module.pos(function)) for function, module in
                    (runs, *arms, *filter(None, made))}
            return [w for w in wrappers if not w.method or w.function_key in keys]
        if runs is None and self._injected(node, context):
            return [w for w in wrappers if not w.method]  # (a function handed in, by name)
        if runs is None:  # `self.brain.think(...)` of `def __init__(self, brain: Brain)`
            typed = self.lowerer.annotated_class(node.func.value, context)
            declared = self.lowerer._method(typed[0], typed[1], node.func.attr.value, 0) \
                if typed is not None else None
            concrete = [declared] if declared is not None else [
                self.lowerer._method(info, module, node.func.attr.value, 0) for info, module
                in self.lowerer.factory_classes(node.func.value, context, at_least=1)]
            if concrete and all(m is not None and not abstract(m[0]) for m in concrete):
                # (`planner: Planner` or `get_planner()` returning `Planner()`, then
                # `.plan(...)`: that class's method, not another class's of the same name)
                keys = {(module.path, module.pos(function)) for function, module in concrete}
                return [w for w in wrappers if not w.method or w.function_key in keys]
            runs = declared if declared is not None and abstract(declared[0]) else None
        if runs is not None:  # an abstract method: the implementations of its class only
            methods = [w for w in methods if self._implements(w, runs)]
            if not methods:  # (none sends a prompt in view: not another class's method)
                return [w for w in wrappers if not w.method]
        known = [w for w in self.project.wrappers_named(node.func.attr.value,
                                                         max(w.round for w in methods))
                 if w.method and (runs is None or self._implements(w, runs))]
        if len(methods) < 2 and {w.key for w in known} <= {w.key for w in methods}:
            return [w for w in wrappers if not w.method] + methods
        # Not in view: the most direct client of that name. An agent's `ask` that itself
        # calls `self.llm.ask(...)` is not what `self.llm.ask(...)` runs (nor is it then a
        # client something calls: it is measured on its own), whether that call reaches
        # a client of the project or is a sink inferred from its keywords.
        if any(not w.delegates for w in methods):
            methods = [w for w in methods if not w.delegates]
            known = [w for w in known if not w.delegates]
        depth: dict[tuple, int] = {}  # by function: its shortest way to a sink (one method
        for w in (*methods, *known):  # may reach several, one per phase of an agent)
            depth[w.function_key] = min(depth.get(w.function_key, 99), w.depth)
        nearest = min(depth.values())
        methods = [w for w in methods if depth[w.function_key] == nearest]
        # ...and of those, the ones nearest the caller in the project's folders
        closest = max(shared_folders(w.path, self.module.path) for w in methods) \
            if methods else 0
        methods = [w for w in methods if shared_folders(w.path, self.module.path) == closest]
        if len(methods) < 2:
            return [w for w in wrappers if not w.method] + methods
        counts: dict = {}
        for w in methods:
            counts[w.library] = counts.get(w.library, 0) + 1
        best = max(sorted(counts), key=lambda k: counts[k])
        chosen = min((w for w in methods if w.library == best),
                     key=lambda w: (w.path, self.module.path))
        for w in methods:
            # Another backend's implementation runs this call as well: not a client nobody
            # calls. One that reaches the chosen one's own sink (each agent's `process`
            # building its own messages for the base class's `call_llm`) is another prompt,
            # measured at that sink when nothing else calls it.
            if w.function_key != chosen.function_key and _argument(node, w) is not None \
                    and w.sink_key != chosen.sink_key:
                self.project.mark_called(w)
        return [w for w in wrappers if not w.method] + \
            [w for w in methods if w.function_key == chosen.function_key]

    def _injected(self, node, context) -> bool:
        """`self.ask(prompt)` in a class that defines no `ask` but keeps a callable it is
        handed (`def __init__(self, ask): self.ask = ask`): the call runs what the maker
        passed, not another class's method of that name (that class's callers are its own)."""
        return self._kept_parameter(node, context) is not None

    def _kept_parameter(self, node, context) -> tuple | None:
        """For `self.ask(prompt)` as `_injected` finds it: the class, the method that keeps
        the callable and the name of the parameter it is handed as; None otherwise."""
        func = node.func
        function = context.function
        owner = self.module.owner.get(id(function)) if function is not None else None
        if owner is None or not isinstance(func.value, self.cst.Name) or \
                func.attr.value in owner.methods:
            return None
        params = param_names(function)
        if not params or func.value.value != params[0]:
            return None
        for method in owner.methods.values():
            names = param_names(method)
            for binding in self.module.bindings.get(id(method), ()):
                if binding.name == f"{names[0] if names else 'self'}.{func.attr.value}" and \
                        isinstance(binding.value, self.cst.Name) and \
                        binding.value.value in names[1:]:
                    return owner, method, binding.value.value
        return None

    def _handed_wrappers(self, node, wrappers: dict) -> list:
        """The project's clients a call of a kept callable runs (`self.api(query)`, the
        class made with `StepbackCrawler(api=chatgpt)` somewhere in the project): the
        functions the class's constructions pass for that parameter, by name."""
        if not isinstance(node.func.value, self.cst.Name) or node.func.value.value != "self":
            return []
        kept = self._kept_parameter(node, self._context(node))
        if kept is None or kept[1].name.value != "__init__":
            return []
        owner, method, parameter = kept
        handed = self.project.handed_functions(owner.node.name.value, parameter,
                                               param_names(method)[1:], self.lowerer)
        return [w for group in wrappers.values() for w in group
                if not w.method and w.function_key in handed]

    def _implements(self, wrapper, declared) -> bool:
        """Whether a wrapper method belongs to a class deriving from the class that declares
        `declared` (an abstract method and its module), through project bases a few deep:
        `self.brain.think(...)` on a `Brain` runs a brain's `think`, not another `think`."""
        function, module = declared
        owner = module.owner.get(id(function))
        if owner is None:
            return False
        if any(base.rsplit(".", 1)[-1] == "Protocol" for base in owner.bases):
            # `def __init__(self, backend: Completer)` of `class Completer(Protocol)`: typed
            # structurally, any class with a method of that name implements it
            return True
        name = owner.node.name.value
        other = self.project.module(wrapper.path)
        position = wrapper.function_key[1]  # (the module may have been parsed again since)
        pending = [(next((info for info in other.classes.values()
                          if any(other.pos(m) == position for m in info.methods.values())),
                         None), other)]
        for _ in range(4):
            following = []
            for info, where in pending:
                if info is None:
                    continue
                for base in info.bases:
                    if base.rsplit(".", 1)[-1] == name:
                        return True
                    found = self.lowerer._class(base, where)
                    if found is not None:
                        following.append(found)
            pending = following
        return False

    def _decorated(self, functions: list) -> list[tuple[Prompt, list]]:
        """Functions a library registers as part of an agent's system prompt: PydanticAI's
        `@agent.system_prompt` on an agent a model builds, or a decorator named by its
        qualified name (LangChain's `@dynamic_prompt`); each measured as what it returns."""
        from .values import Context

        out: list[tuple[Prompt, list]] = []
        models = [m for m in self.project.models if m.lowering == "decorator"]
        if not models:
            return out
        # `functions`: module functions and methods with decorators, and those a function
        # defines (an agent built in a factory, `@agent.instructions` registered beside it)
        for function in functions:
            model = next((m for m in models for d in function.decorators
                          if self._decorates(m, d.decorator, function)), None)
            if model is None:
                continue
            returns = self.lowerer.returns_of(function, self.module)
            if not returns:
                continue
            last = returns[-1]
            base = Context(self.module, function, self.module.pos(last), False,
                           arms=self.module.arms(last))
            out.extend(self._build(_Site(function, "agent", {"system": last.value}, {},
                                         base, function, model), set()))
        return out

    def _decorates(self, model, decorator, function) -> bool:
        """Whether `@decorator` on `function` registers it with a model's agent; the agent's
        name is read where the function is defined (in the factory that built the agent)."""
        cst = self.cst
        if isinstance(decorator, cst.Call):
            decorator = decorator.func
        if isinstance(decorator, cst.Attribute) and decorator.attr.value in model.decorators \
                and self._is_agent(decorator.value, function):
            return True
        qualified = self.module.qualname(decorator) or ""
        return bool(qualified) and model.matches("", qualified, ())

    def _docstring_templates(self, functions: list) -> list[tuple[Prompt, list]]:
        """Functions a library turns into prompt templates (Outlines' `@outlines.prompt`):
        the docstring is a Jinja template rendered with the function's arguments, measured
        as written, its values scoped by their names."""
        from dataclasses import replace

        from .values import Context

        cst = self.cst
        models = [m for m in self.project.models if m.lowering == "docstring"]
        out: list[tuple[Prompt, list]] = []
        if not models:
            return out
        for function in functions:
            names = [self.module.qualname(d.decorator.func if isinstance(d.decorator, cst.Call)
                                          else d.decorator) for d in function.decorators]
            model = next((m for m in models for q in names if q and m.matches("", q, ())),
                         None)
            body = function.body.body if isinstance(function.body, cst.IndentedBlock) else ()
            first = body[0].body[0] if body and isinstance(body[0], cst.SimpleStatementLine) \
                else None
            if model is None or not isinstance(first, cst.Expr) or \
                    not isinstance(first.value, (cst.SimpleString, cst.ConcatenatedString)):
                continue
            ctx = Context(self.module, function, self.module.pos(first))
            segments = self.lowerer.text(first.value, ctx)
            if not segments or not all(isinstance(s, Text) for s in segments) or \
                    segments[0].span is None:
                continue
            source = "".join(s.text for s in segments)  # a prompt: the decorator says so
            name = f"{self.module.path}:{self.module.line(first)}"
            prompt = self.project.workspace.inline_prompt(name, source, segments[0].span)
            out.append((replace(prompt, sink=model.id), []))
        return out

    def _decorator_templates(self, functions: list,
                             consumed: set[int]) -> list[tuple[Prompt, list]]:
        """Functions a library turns into a chat by a decorator whose arguments are its
        messages (`@prompt("Summarize {text}")`, `@chatprompt(SystemMessage(RULES),
        *history)`): each message a `str.format` template that the function's arguments fill
        when it is called, its fields scoped by their names."""
        cst = self.cst
        models = [m for m in self.project.models if m.lowering == "decorator-template"]
        out: list[tuple[Prompt, list]] = []
        if not models:
            return out
        module = self.module
        for function in functions:
            for decorator in function.decorators:
                call = decorator.decorator
                qualified = module.qualname(call.func) if isinstance(call, cst.Call) else None
                model = next((m for m in models if qualified and m.matches("", qualified, ())),
                             None)
                if model is None:
                    continue
                ctx = context_at(module, call)
                role = model.arguments[0][1] if model.arguments else "user"
                blocks = []
                for value, value_ctx in self._decorator_messages(call, ctx, consumed):
                    said, text = self._message_text(value, role)
                    if text is None:
                        continue
                    segments = self.messages.placeholders(text, value_ctx)
                    if segments:
                        blocks.append(Block(said, tuple(segments)))
                if not blocks:
                    continue
                line = module.line(call)
                holes = tuple(s for b in blocks for s in b.segments if isinstance(s, Hole))
                prompt = Prompt(id=f"{module.path}:{line}", path=module.path, line=line,
                                kind="python", blocks=tuple(blocks), holes=holes,
                                renderer=SegmentRenderer(tuple(blocks)),
                                files=(module.path,),
                                suppressions=((module.path, self.suppressions),), chat=True,
                                sink=model.id)
                out.append((prompt, []))
        return out

    def _decorator_messages(self, call, ctx, consumed: set[int]):
        """The messages a decorator is given, in order: its positional arguments, with a
        starred list (`*messages`) followed to the list it names."""
        cst = self.cst
        for arg in call.args:
            if arg.keyword is not None:
                continue
            if arg.star != "*":
                yield arg.value, ctx
                continue
            found = self.lowerer.follow(arg.value, ctx) \
                if isinstance(arg.value, cst.Name) else (arg.value, ctx)
            if found is not None and isinstance(found[0], (cst.List, cst.Tuple)):
                consumed.add(id(found[0]))  # sent here, not a chat of its own
                for element in found[0].elements:
                    if not isinstance(element, cst.StarredElement):
                        yield element.value, found[1]

    def _message_text(self, value, role: str):
        """(role, text node) of one message given to a decorator: a string has the model's
        role, a message object (`SystemMessage(...)`) the one its class is named for."""
        cst = self.cst
        if not isinstance(value, cst.Call):
            return role, value
        name = (self.module.qualname(value.func) or "").rsplit(".", 1)[-1].lower()
        said = "system" if "system" in name else "assistant" if \
            "assistant" in name or name.startswith("ai") else \
            "user" if "user" in name or "human" in name else None
        text = argument_of(value, "0")
        return (said, text) if said is not None and text is not None else (role, None)

    def _signatures(self) -> list[tuple[Prompt, list]]:
        """DSPy signatures (`class Answer(dspy.Signature)`): the docstring is the task's
        instructions, sent with the field names as the system message; the input fields'
        values follow in the user message."""
        from .values import Context

        cst = self.cst
        out: list[tuple[Prompt, list]] = []
        signatures = {b: m.id for m in reversed(self.project.models)
                      if m.lowering == "signature" for b in m.bases}
        for info in self.module.classes.values():
            node = info.node
            sink = self._signature_of(node, self.module, signatures, 0)
            if sink is None:
                continue
            docstring = node.get_docstring() or ""
            inputs, outputs = [], []
            for statement in node.body.body:
                if not isinstance(statement, cst.SimpleStatementLine):
                    continue  # a method or a nested block of the class: no field
                for small in statement.body:
                    target, value = _field(small, cst)
                    if target is None:
                        continue
                    kind = (self.module.qualname(value.func) or "").rsplit(".", 1)[-1]
                    if kind == "InputField":
                        inputs.append((target.value, target, _described(value)))
                    elif kind == "OutputField":
                        outputs.append(target.value)
            if not inputs:
                continue
            names = lambda fields: "".join(f"{n}. `{f}`\n" for n, f in enumerate(fields, 1))  # noqa: E731
            system = (f"Your input fields are:\n{names([f for f, _, _ in inputs])}"
                      f"Your output fields are:\n{names(outputs)}"
                      f"In adhering to this structure, your objective is: {docstring}")
            ctx = Context(self.module, None, self.module.pos(node))
            user: list = []
            for name, field_node, described in inputs:
                user.append(Text(f"[[ ## {name} ## ]]\n", None))
                # a field its description calls the conversation (`desc="Conversation
                # context and history"`) holds the turns a session keeps, whatever its name
                user.append(self.lowerer.hole(field_node, ctx, "history", Scope.SESSION)
                            if _HISTORY_WORDS & set(words_of(described)) else
                            self.lowerer.hole(field_node, ctx, name))
                user.append(Text("\n\n", None))
            blocks = (Block("system", (Text(system, self.module.span(node)),)),
                      Block("user", tuple(user)))
            line = self.module.line(node)
            holes = tuple(h for h in user if isinstance(h, Hole))
            prompt = Prompt(id=f"{self.module.path}:{line}", path=self.module.path, line=line,
                            kind="python", blocks=blocks, holes=holes,
                            renderer=SegmentRenderer(blocks), files=(self.module.path,),
                            suppressions=((self.module.path, self.suppressions),), chat=True,
                            sink=sink)
            out.append((prompt, []))
        return out

    def _signature_of(self, node, module, signatures: dict, depth: int) -> str | None:
        """The model id of a class that is a DSPy signature: one of the library's bases, or a
        project class that is one (`class ChatResponse(TypedSignature)`, `TypedSignature`
        a project subclass of `dspy.Signature`), a few levels up."""
        for base in node.bases:
            qualified = module.qualname(base.value)
            if qualified in signatures:
                return signatures[qualified]
            if depth < _MAX_SIGNATURE_BASES and isinstance(base.value, self.cst.Name):
                found = self.lowerer._class(base.value.value, module)
                if found is not None and found[0].node is not node:
                    inherited = self._signature_of(found[0].node, found[1], signatures,
                                                   depth + 1)
                    if inherited is not None:
                        return inherited
        return None

    def _is_agent(self, node, at=None) -> bool:
        """Whether a name holds an agent built by a framework sink (`agent = Agent(...)`),
        read where `at` stands (else where the name is)."""
        found = self.lowerer.follow(node, self._context(at if at is not None else node)) \
            if isinstance(node, self.cst.Name) else None
        if found is None or not isinstance(found[0], self.cst.Call):
            return False
        qualified = found[1].module.qualname(found[0].func) or ""
        return any(m.lowering == "agent" and m.matches("", qualified, ())
                   for m in self.project.models)

    def build_alone(self, site: _Site) -> list[tuple[Prompt, list]]:
        """A wrapper's sink measured where it stands (nothing in the project calls it)."""
        return self._build(_Site(site.node, site.kind, site.keywords, site.contexts,
                                 self._context(site.node), None, site.model), set())

    def _calls(self, node, wrapper) -> bool:
        """Whether a call runs the wrapper: its function here or imported from its module,
        `module.function` of its module, a method of that name, or `registry.function` of
        a registry its decorator keeps it in."""
        cst = self.cst
        func = node.func
        if isinstance(func, cst.Name):
            called = self._called_name(node)
            if self.module.path == wrapper.path:
                # a function defined in the caller's (or an enclosing) function first:
                # `async def execute(prompt)` beside the code that calls it
                from .calls import _local_function

                function = _local_function(called, self._context(node)) or \
                    self.module.functions.get(called)
                return function is not None and \
                    (self.module.path, self.module.pos(function)) == wrapper.function_key
            origin, attr = self.module.imports.get(called, ("", ""))
            other = self.project.import_module(origin, self.module.path) if attr else None
            if other is not None and other.path == wrapper.path and attr == wrapper.name:
                return True
            # `from .gen import agenerate`, re-exported by the package from `gen/core.py`
            defined = self.lowerer.exported(self.module, called, "functions") \
                if attr == wrapper.name and other is not None else None
            return defined is not None and (defined[1].path, defined[1].pos(defined[0])) \
                == wrapper.function_key
        if wrapper.method:  # any method of that name, unless a library made the object
            return not self._library_object(func.value, self._context(node))
        if isinstance(func.value, cst.Name) and func.value.value in wrapper.registered_on:
            return True  # `func.gpt_call(...)` of `@func.register_function(...) def gpt_call`
        from .values import ModuleRef

        target = self.lowerer.resolve(func.value.value, self._context(node)) \
            if isinstance(func.value, cst.Name) else None
        return isinstance(target, ModuleRef) and target.module.path == wrapper.path

    def _called_name(self, node) -> str:
        """The name of the function a call by name runs: its own, or the function a local
        name is bound to (`sender = _chat_completion` then `sender(messages)`), when every
        assignment of that name in the calling function binds the same function name."""
        cst = self.cst
        name = node.func.value
        function = self._context(node).function
        if function is None or name in param_names(function):
            return name
        bound = {binding.value.value if isinstance(binding.value, cst.Name) else None
                 for binding in self.module.bindings.get(id(function), ())
                 if binding.name == name}
        target = next(iter(bound)) if len(bound) == 1 else None
        return target if target and target != name else name

    def _sql_statement(self, argument, node) -> bool:
        """Whether a call passes a SQL statement (`cursor.execute("SELECT ...")`, or a name
        holding one): a database call, whatever the project's method of the same name
        sends. A statement opens with an upper-case keyword and its clause; prose does not."""
        cst = self.cst
        found = self.lowerer.follow(argument, self._context(node))
        value = found[0] if found is not None else argument
        while isinstance(value, (cst.ConcatenatedString, cst.BinaryOperation)):
            value = value.left  # `"""SELECT ...""" + where`: the statement's head
        if isinstance(value, cst.SimpleString):
            head = value.evaluated_value
        elif isinstance(value, cst.FormattedString):
            head = "".join(p.value for p in value.parts[:1]
                           if isinstance(p, cst.FormattedStringText))
        else:
            return False
        return isinstance(head, str) and _SQL.match(head) is not None

    def _library_object(self, node, ctx) -> bool:
        """Whether an expression holds an object that code outside the project made: the
        result of a library's call (`sqlite3.connect(...)`, `open(...)`), of a method of
        such an object (`conn.cursor()`) or of a project function annotated as returning
        one, or a parameter annotated with a library's class; followed through names,
        attributes, `with ... as` and `await`. Its methods run the library's code, never a
        project method that shares a name (`cursor.execute(sql)` is not a command's
        `execute`)."""
        from .literals import dotted_name, param_annotation

        cst = self.cst
        named = dotted_name(node) if isinstance(node, (cst.Name, cst.Attribute)) else None
        if named and named.partition(".")[0] in ctx.module.imports and \
                self._library_name(named, ctx.module):
            return True  # `subprocess.run(...)`: a library module's own function
        for _ in range(_MAX_RECEIVER_HOPS):
            found = self.lowerer.follow(node, ctx, attributes=True)
            if found is None:
                return isinstance(node, cst.Name) and \
                    self._library_annotation(param_annotation(ctx.function, node.value),
                                            ctx.module)
            value, ctx = found
            while isinstance(value, cst.Await):
                value = value.expression
            if not isinstance(value, cst.Call):
                return False
            func = value.func
            if isinstance(func, (cst.Name, cst.Attribute)) and \
                    self._library_name(dotted_name(func), ctx.module):
                return True
            runs = self.lowerer._function_of(value, ctx)
            if runs is not None:
                returns = runs[0].returns
                return returns is not None and \
                    self._library_annotation(returns.annotation, runs[1])
            if not isinstance(func, cst.Attribute):
                return False
            node = func.value  # `conn.cursor()`: the object `conn` holds
        return False

    def _library_name(self, dotted: str, module) -> bool:
        """Whether a dotted name refers to a library outside the project: an import that
        is not a project module, or a builtin the module does not define."""
        from .module import BUILTIN_NAMES

        first = dotted.partition(".")[0]
        if first in module.imports:
            origin, attr = module.imports[first]
            # `from app import providers` of a folder without `__init__.py` (a namespace
            # package): the project's module `app/providers.py`
            submodule = (f"{origin}.{attr}" if origin.strip(".") else origin + attr) \
                if attr else None
            return self.project.import_path(origin, module.path) is None and (
                submodule is None or self.project.import_path(submodule, module.path) is None)
        return first in BUILTIN_NAMES and first not in module.functions and \
            first not in module.classes

    def _library_annotation(self, annotation, module) -> bool:
        """Whether an annotation names only library classes (`sqlite3.Connection`,
        `Generator[sqlite3.Connection, None, None]`, `httpx.Client | None`)."""
        from .literals import dotted_name
        from .objects import annotated_names

        names = [dotted_name(n) for n in annotated_names(annotation, _WRAPPING_TYPES)]
        names = [n for n in names if n and n != "None"]
        return bool(names) and all(self._library_name(n, module) for n in names)

    def _kept_as_history(self, node) -> bool:
        """A list of messages added to a conversation history (`self.history += [...]`,
        `history.extend([...])`): bookkeeping for later turns, not a prompt of its own."""
        from ...volatility import is_history
        from .messages import chain_of

        cst = self.cst
        parent = self.module.parents.get(id(node))
        if isinstance(parent, cst.AugAssign):
            return is_history(chain_of(parent.target))
        if isinstance(parent, cst.Arg):
            call = self.module.parents.get(id(parent))
            return isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and (
                call.func.attr.value in ("extend", "append") and
                is_history(chain_of(call.func.value)) or stored(call))
        if isinstance(parent, cst.Assign) and len(parent.targets) == 1 and \
                isinstance(parent.targets[0].target, cst.Name):
            return self._only_stored(parent.targets[0].target.value, parent)
        return False

    def _only_stored(self, name: str, assign) -> bool:
        """Whether the list a name is given is only passed to a store's methods (`messages
        = [...]; memory.add(messages, user_id=...)`): kept for later, never sent."""
        cst = self.cst
        module = self.module
        function = module.enclosing_function(assign)
        if function is None:
            return False
        start, end = module.pos(assign), module.end(function)
        calls = [node for node in module.nodes
                 if isinstance(node, cst.Call) and start < module.pos(node) < end and
                 any(isinstance(a.value, cst.Name) and a.value.value == name
                     for a in node.args)]
        return bool(calls) and all(stored(call) for call in calls)

    def _whole_list(self, node):
        """The whole list a literal of messages is part of: `[system] + history + [turn]`."""
        cst = self.cst
        parent = self.module.parents.get(id(node))
        while isinstance(parent, cst.BinaryOperation) and isinstance(parent.operator, cst.Add):
            node, parent = parent, self.module.parents.get(id(parent))
        return node

    def _context(self, node):
        return context_at(self.module, node)

    def _build(self, site: _Site, consumed: set[int]) -> list:
        """The prompt of one call site; one per file when a template name it renders can
        name several files (`get_template(f"{name}.md")`)."""
        if site.kind == "jinja":
            built = self._jinja_inline(site)
            if built is None:
                return []
            return [(_with_sink(built[0], site.model.id if site.model else "jinja"), built[1])]
        lowerer = self.lowerer
        lowerer.variant, lowerer.variants, lowerer.arm_lines = 0, 1, {}
        lowerer.variant_files = {}
        self._client = None  # the client the first variant made of the sink's function
        out, taken = [], []
        while lowerer.variant < lowerer.variants and lowerer.variant < 32:
            built = self._build_one(site, consumed)
            if built is not None and all(built[0].blocks != p.blocks for p, _ in out):
                out.append(built)
                taken.append(lowerer.variant)
            lowerer.variant += 1
        if len(out) < 2:
            return out
        files = [_embedded(prompt) or lowerer.variant_files.get(variant, "")
                 for (prompt, _), variant in zip(out, taken)]
        if all(files) and len(set(files)) == len(files):
            # ids stay unique: the call site and the template file (or version) it reads
            return [(_renamed(prompt, f"{prompt.id} ({name})"), notes)
                    for (prompt, notes), name in zip(out, files)]
        # each other whole prompt a choice assigns: the call site and the line of its arm
        return [out[0]] + [(self._variant(prompt, variant), notes)
                           for (prompt, notes), variant in zip(out[1:], taken[1:])]

    def _variant(self, prompt: Prompt, variant: int) -> Prompt:
        """A whole prompt other than the first: named by the line of the arm that assigns
        it, else by the version of the file it reads."""
        lowerer = self.lowerer
        if variant not in lowerer.arm_lines and variant in lowerer.variant_files:
            return _renamed(prompt, f"{prompt.id} ({lowerer.variant_files[variant]})")
        return _in_arm(prompt, lowerer.arm_lines.get(variant, 0))

    def _build_one(self, site: _Site, consumed: set[int]):
        ctx = site.base or self._context(site.node)
        if site.base is None and site.kind != "agent" and ctx.import_time:
            ctx = as_run(ctx, site.node)  # a script's own request: its top level is this run's
            site = dataclasses.replace(
                site, contexts={k: as_run(c, site.node) for k, c in site.contexts.items()})
        lowerer = self.lowerer
        lowerer.notes = []
        if site.base is None and self.project.wrapper_of(self, site, ctx):
            return None  # built at each call of the wrapper, with the caller's messages
        blocks: list[Block] = []
        model = site.model
        order: tuple = (("messages", "messages"),)
        if model is not None:
            order = model.body if site.kind == "http" else model.arguments
        if site.kind == "inferred":
            order = tuple((k, INFERRED_ROLES[k]) for k in site.keywords)
        if site.kind in ("template", "template-file"):
            order = tuple((k, "template") for k in site.keywords)
        if site.kind == "agent":
            roles = dict(model.arguments) if model is not None else {}
            names, kept = list(site.keywords), ("clock", "memories")
            if model is not None and model.defaults:
                # one template the library joins from its parts (LangChain's ReAct prompt):
                # in the model's order, with the library's own text for a part left out, the
                # tools as tools and the closing part as a template (a flag's text only
                # with the flag)
                names = [k for k, role in model.arguments if k in site.keywords or
                         role != "memories" and model.default_text(k)]
                kept = ("clock", "memories", "tools", "template")
            order = tuple((k, roles[k] if roles.get(k) in kept else "system") for k in names)
            keywords, contexts = dict(site.keywords), dict(site.contexts)
            for key, value in site.keywords.items():
                # Dynamic instructions: what the function passed as the value returns.
                returned = lowerer.returned_by(value, site.contexts.get(key, ctx))
                if returned is not None:
                    keywords[key], contexts[key] = returned
            site = _Site(site.node, site.kind, keywords, contexts, site.base, site.origin,
                         site.model)
        self.messages.filled = None
        if site.kind in ("template", "chat-template") and isinstance(site.node, self.cst.Call):
            from .template_values import filled, filled_where_called

            def fill(module, node, at):
                return filled(lowerer, module, node, at) or \
                    filled_where_called(lowerer, self.project, module, node, at)

            found = fill(ctx.module, site.node, ctx)  # (the wrapper's module, for its sink)
            if found is None and isinstance(site.origin, self.cst.Call):
                # `make_template(SYSTEM)` of a wrapper that returns the template it makes:
                # filled where the caller's code takes it
                found = fill(self.module, site.origin, context_at(self.module, site.origin))
            self.messages.filled = found
        if site.kind == "guidance":
            from .guidance import blocks as guidance_blocks

            blocks.extend(guidance_blocks(self, site, ctx))
            order = ()
        if site.kind == "prompty":
            embed = lowerer.linker.prompty(site.node, lowerer, ctx)
            if embed is None:
                return None
            blocks.append(Block("messages", (embed,)))
            order = ()
        if model is not None and model.batched and order:
            site = self._one_of_batch(site, next(
                (k for k, _ in order if k.endswith("|0")), order[-1][0]), ctx)
        outer = ctx
        sink_module = site.base.module if site.base is not None else self.module
        earlier = _earlier_turn(sink_module, site.node, model) \
            if model is not None and model.turns else None
        for keyword, role in order:
            if earlier is not None and role in ("messages", "user"):
                # `chat.send_message(INSTRUCTIONS)` after `chat.send_message(article)`: the
                # chat's earlier turns and replies come first, as a conversation's history
                blocks.append(Block("messages", (Hole(
                    "value", f"the turns sent before (line {sink_module.line(earlier)})",
                    sink_module.span(earlier), ("history",), Scope.SESSION),)))
                earlier = None
            value = site.keywords.get(keyword)
            if value is None:
                default = model.default_text(keyword) if model is not None else ""
                if default:  # the library's own text where the call passes none
                    blocks.append(Block("user" if role == "template" else "system",
                                        (Text(default, None),)))
                continue
            ctx = site.contexts.get(keyword, outer)
            lowerer.block = len(blocks)
            if role == "stored":
                if lowerer.truth(value, ctx) is not False:  # (None: a first turn)
                    blocks.append(Block("messages", (Hole(
                        "value", f"{keyword}={shorten(ctx.module.source(value))}",
                        ctx.module.span(value), ("history",), Scope.SESSION),)))
            elif role == "clock":
                if isinstance(value, self.cst.Name) and value.value == "True":
                    # the library writes the time it is into the system text, here, at
                    # every run (even of an agent made when the module is imported)
                    blocks.append(Block("system", (self._library_value(
                        "datetime.now()", f"{keyword}=True", ctx.module.span(value)),)))
            elif role == "memories":
                if isinstance(value, self.cst.Name) and value.value == "True" and \
                        not any(b.role == "system" and b.segments and
                                isinstance(b.segments[0], Hole) and
                                b.segments[0].deps[0].startswith("memories@")
                                for b in blocks):
                    # what the library remembers of the user (memories a tool or each run
                    # adds to), written into the system text here; the flag's own text after
                    span = ctx.module.span(value)
                    path = f"memories@{span.path}:{span.line}:{span.column}"
                    lowerer.scopes[path] = Scope.USER
                    text = model.default_text(keyword) if model is not None else ""
                    blocks.append(Block("system", (
                        Hole("value", f"{keyword}=True", span, (path,), Scope.USER),
                        *((Text(text, None),) if text else ()))))
            elif role == "tools":
                blocks.append(self.messages.tools(value, ctx))
            elif role == "schema" and isinstance(value, self.cst.Name) and \
                    value.value == "None":
                continue  # `response_format=None`: no schema is sent
            elif role == "schema":
                blocks.append(Block("schema", tuple(lowerer.json_text(value, ctx))))
            elif role == "system" and model is not None and model.placeholders or \
                    site.kind == "inferred" and self._unfilled(value, ctx):
                # a template the code not in view fills later (`Prompt(system=TEXT)` with
                # `{fields}` in TEXT): its fields are holes, as a library template's are
                blocks.append(Block(role if site.kind == "inferred" else "system",
                                    tuple(self.messages.placeholders(
                                        value, ctx, double=site.kind == "inferred",
                                        state=model is not None and
                                        model.placeholders == "state"))))
            elif role == "system":
                blocks.append(Block("system", tuple(self.messages.system(value, ctx))))
            elif role == "template":
                blocks.append(Block("user", tuple(self.messages.placeholders(value, ctx))))
            elif role in ("user", "context") and not isinstance(value, self.cst.List):
                blocks.append(Block(role, tuple(lowerer.text(value, ctx))))
            elif role in ("user", "context") and \
                    (parts := self.messages.content_parts(value, ctx)) is not None:
                # `content=[{"type": "text", "text": dates}, {"type": "text", "text": ...}]`
                # of a thread's new message: one message of parts, in order
                blocks.append(Block(role, tuple(parts)))
            else:
                for message in self.messages.messages(value, ctx, consumed, len(blocks),
                                              template=site.kind == "chat-template"):
                    blocks.append(Block(message.role, tuple(message.segments)))
        if not blocks and model is not None and model.preamble:  # the library's default prompt
            blocks.append(Block("system", (Text(model.preamble, None),)))
        if blocks and model is not None and model.closing:  # the library's own instructions
            blocks.append(Block("system", (Text(model.closing, None),)))
        if blocks and model is not None:
            blocks.extend(self._added(model, site, outer))
        if not blocks:
            return None
        notes = [n for n in lowerer.notes if n.code == "PFX007"
                 or not (n.block == len(blocks) - 1 and blocks[-1].role == "user")]
        notes.extend(self.messages.breakpoint_notes(blocks))
        prompt = self.prompt_at(self.module.line(site.origin or site.node), tuple(blocks))
        if site.kind == "inferred" and not _prompt_like(blocks):
            if site.base is None:
                # `self.model.invoke([HumanMessage(content=prompt)])` in `def __call__(self,
                # prompt)`: no prompt here, but a client whose callers' text may read as one
                self.project.client_of(self, site, ctx, [(prompt, notes)], kept=False)
            return None
        sink = site.model.id if site.model is not None else site.kind
        if site.origin is not None and site.kind != "agent":
            sink = f"client of {sink}"
        prompt = _with_sink(prompt, sink)
        if site.model is not None:
            from dataclasses import replace

            from .destination import destination

            sent_to, sent_model = destination(lowerer, site, outer)
            if sent_to and self._implements_abstract(site):
                sent_to = sent_model = ""  # one backend of several: the deployment chooses
            prompt = replace(prompt, sent_to=sent_to, sent_model=sent_model)
        if site.base is None and site.kind not in ("agent", "messages"):
            if lowerer.variant and self._client is not None:
                # another whole prompt of the client's choice: measured alone with the first
                # when nothing calls it (at each call, the call's variants are built)
                self._client.alone += ((self._variant(prompt, lowerer.variant), notes),)
                return None
            known = len(self.project.by_key)
            if self.project.client_of(self, site, ctx, [(prompt, notes)]):
                if len(self.project.by_key) > known:  # (the one it registered last)
                    self._client = next(reversed(self.project.by_key.values()))
                return None  # built at each call of the project's client, with its arguments
        return prompt, notes

    def _one_of_batch(self, site: _Site, keyword: str, ctx) -> _Site:
        """The site with a batch (`llm.generate([prompt])`, or `prompts` of `prompts =
        [TEMPLATE.format(q=q) for q in questions]`) replaced by one of its requests: the
        element the list is written with, or the item its comprehension builds, read where
        it is built. Each element is a request of its own, and each is built alike. A list
        of role messages is one conversation, not a batch of them."""
        import dataclasses

        from .sites import _read_at

        cst = self.cst
        value = site.keywords.get(keyword)
        if value is None:
            return site
        found = self.lowerer.follow(value, site.contexts.get(keyword, ctx))
        if found is None:
            return site
        held, where = found
        if isinstance(held, (cst.ListComp, cst.GeneratorExp)):
            element = held.elt
        elif isinstance(held, cst.List) and held.elements and \
                not isinstance(held.elements[0], cst.StarredElement):
            element = held.elements[0].value
        else:
            return site
        if dict(site.model.arguments).get(keyword) == "messages" and \
                not isinstance(element, (cst.List, cst.ListComp)):
            return site  # `llm.chat([{"role": "user", ...}])`: one conversation
        at = dataclasses.replace(where, line=_read_at(where.module, held))
        return _Site(site.node, site.kind, {**site.keywords, keyword: element},
                     {**site.contexts, keyword: at}, site.base, site.origin, site.model)

    def _implements_abstract(self, site) -> bool:
        """Whether a sink sits in a method implementing one a project base class leaves
        abstract (`class OpenAI(BaseLLM)`'s `chat`, beside `Ollama(BaseLLM)`'s): callers
        reach whichever backend the deployment configures, so the provider this one's
        client names is not where their prompts are known to go."""
        from .calls import abstract

        module = site.base.module if site.base is not None else self.module
        function = module.enclosing_function(site.node)
        info = module.owner.get(id(function)) if function is not None else None
        if info is None:
            return False
        for base_name in info.bases:
            found = self.lowerer._class(base_name, module)
            method = self.lowerer._method(found[0], found[1], function.name.value, 0) \
                if found is not None else None
            if method is not None and abstract(method[0]):
                return True
        return False

    # -- blocks --------------------------------------------------------------------------

    def _unfilled(self, value, ctx) -> bool:
        """Whether text handed to code not in view is a template with `{fields}` it has not
        filled (constant text holding a format field, or only `{{ name }}` fields, and no
        hole of its own)."""
        from ...dialect import FORMAT_FIELD, value_fields_only

        if isinstance(value, self.cst.List):
            return False
        segments = self.lowerer.text(value, ctx)
        if not segments or not all(isinstance(s, Text) for s in segments):
            return False
        text = "".join(s.text for s in segments)
        return bool(FORMAT_FIELD.search(text)) or value_fields_only(text)

    def _added(self, model, site: _Site, ctx) -> list[Block]:
        """What the library adds after the arguments (`after` in its model): retrieved
        context (per request), then the conversation so far (per session)."""
        span = self.module.span(site.origin or site.node)
        added = []
        for role in model.after:
            if role == "context":
                added.append(Block("context", (self._library_value(
                    "retrieved_context", f"context retrieved by {model.id}", span),)))
            else:
                hole = Hole("value", "history", span, ("history",), Scope.SESSION)
                added.append(Block("messages", (hole,)))
        return added

    def _library_value(self, name: str, expr: str, span) -> Hole:
        """A per-request value a library writes into the prompt itself (the context it
        retrieved, the time it is), located at the code that asks for it."""
        path = f"{name}@{span.path}:{span.line}:{span.column}"
        self.lowerer.scopes[path] = Scope.REQUEST
        return Hole("value", expr, span, (path,), Scope.REQUEST)

    # -- Jinja templates built in code -----------------------------------------------------

    def _jinja_inline(self, site: _Site):
        cst = self.cst
        node = site.keywords["template"]
        ctx = self._context(site.node)
        segments = self.lowerer.text(node, ctx)
        if not all(isinstance(s, Text) for s in segments) or not segments:
            return None
        source = "".join(s.text for s in segments)
        origin = segments[0].span
        if origin is None or not isinstance(node, (cst.SimpleString, cst.ConcatenatedString,
                                                    cst.Name)):
            return None
        line = self.module.line(site.node)
        name = f"{self.module.path}:{line}"
        from ...prose import reads_as_prompt
        from ..prompt_config import PLACEHOLDER

        if not reads_as_prompt(PLACEHOLDER.sub(" ", source), ""):
            return None  # a page for people (an HTML report), not instructions to a model
        rendered = self._rendered(site.node, ctx)
        if rendered is not None:
            return rendered, []
        prompt = self.project.workspace.inline_prompt(name, source, origin)
        return prompt, []

    def _rendered(self, node, ctx):
        """`tmpl = env.from_string(TEXT)` (or `Template(TEXT)`), then `tmpl.render(k=v)` in
        the same function: the template as that call renders it, its values scoped by what
        is passed (a constructor's settings, a request's question) rather than by their
        names. None when no render call is in view, or it was not followed."""
        from .template_values import filled
        from .templates import Embed
        from .values import Context

        found = filled(self.lowerer, self.module, node, ctx, frozenset({"render"}))
        if found is None:
            return None
        call = found.call
        at = Context(self.module, self.module.enclosing_function(call), self.module.pos(call),
                     ctx.import_time, dict(ctx.bindings), ctx.depth, self.module.arms(call))
        segments = tuple(self.lowerer.text(call, at))
        if not any(isinstance(s, Embed) or isinstance(s, Text) and s.text.strip()
                   for s in segments):
            return None  # the render not followed: the template alone, scoped by names
        return self.prompt_at(self.module.line(node), (Block("user", segments),))

    def prompt_at(self, line: int, blocks: tuple, holes: tuple | None = None) -> Prompt:
        """A prompt of this module at `line`, made of `blocks` as the lowerer built them
        (with the files it read and the scopes it found); its holes are those of the blocks,
        with the holes inside embedded templates, unless given."""
        if holes is None:
            holes = tuple(h for b in blocks for s in b.segments if isinstance(s, Hole)
                          for h in (s, *getattr(s, "inner", ())))
        return Prompt(id=f"{self.module.path}:{line}", path=self.module.path, line=line,
                      kind="python", blocks=blocks, holes=holes,
                      renderer=SegmentRenderer(blocks),
                      files=(self.module.path, *sorted(self.lowerer.files - {self.module.path})),
                      suppressions=((self.module.path, self.suppressions),),
                      scopes=tuple(sorted(self.lowerer.scopes.items())), chat=True)


def _prompt_like(blocks) -> bool:
    """What an inferred sink passes reads as a prompt: a list of messages with roles, or
    constant text that reads as instructions to a model."""
    from ...prose import reads_as_prompt

    if any(b.role in ("system", "user", "assistant") and len(blocks) > 1 for b in blocks):
        return True
    text = "".join(s.text for b in blocks for s in b.segments if isinstance(s, Text))
    return reads_as_prompt(text, "prompt")


def _with_sink(prompt: Prompt, sink: str) -> Prompt:
    from dataclasses import replace

    return replace(prompt, sink=sink)


def _embedded(prompt: Prompt) -> str:
    from .templates import Embed

    return next((s.template for b in prompt.blocks for s in b.segments
                 if isinstance(s, Embed)), "")


def _in_arm(prompt: Prompt, line: int) -> Prompt:
    """A whole prompt of a choice other than the first, named by its call site and the line
    of the arm that assigns it."""
    return _renamed(prompt, f"{prompt.id} (arm at line {line})")


def _renamed(prompt: Prompt, new_id: str) -> Prompt:
    from dataclasses import replace

    return replace(prompt, id=new_id)


def _described(call) -> str:
    """The `desc=` a DSPy field is given, when it is written as a string ("" else)."""
    given = argument_of(call, "desc")
    text = literal_value(given) if given is not None else None
    return text if isinstance(text, str) else ""


# Words of a field's description that say it holds the conversation kept so far.
_HISTORY_WORDS = frozenset({"history", "conversation"})
_MAX_SIGNATURE_BASES = 4  # project classes between a signature and `dspy.Signature`


def _field(statement, cst) -> tuple[object, object]:
    """`question: str = dspy.InputField(...)` or `question = dspy.InputField()`: the name
    node and the call, or (None, None)."""
    if isinstance(statement, cst.AnnAssign) and isinstance(statement.target, cst.Name) and \
            isinstance(statement.value, cst.Call):
        return statement.target, statement.value
    if isinstance(statement, cst.Assign) and len(statement.targets) == 1 and \
            isinstance(statement.targets[0].target, cst.Name) and \
            isinstance(statement.value, cst.Call):
        return statement.targets[0].target, statement.value
    return None, None


# Generic wrappers an annotation names its class through: the class is their first argument.
_WRAPPING_TYPES = frozenset({"Generator", "AsyncGenerator", "Iterator",
                             "AsyncIterator", "ContextManager", "AsyncContextManager",
                             "AbstractContextManager", "AbstractAsyncContextManager",
                             "Awaitable", "Coroutine"})


def as_run(ctx, call):
    """The context of a request the module's own top level makes with `call` (a script's
    send, outside any loop there): made once a run of the script, so what the top level
    computed before it (a day's rows, the file given, today's date) is that run's, not a
    constant of the process that later requests share. Other contexts are returned as they
    are, and so is that of a call that makes an object (`Agent(system_prompt=...,
    tools=[...])`, named as a class is), which requests made later use."""
    from .interpreter import _constructor
    from .values import SENT

    if ctx.function is not None or not ctx.import_time:
        return ctx
    func = getattr(call, "func", None)
    if func is not None and _constructor(func):
        return ctx
    return dataclasses.replace(ctx, import_time=False, bindings={**ctx.bindings, SENT: None})


def _argument(node, wrapper):
    """The argument a call passes for a parameter the wrapper's prompt is built from (its
    messages parameter first), if any."""
    import libcst as cst

    from .project import MEMORY

    if wrapper.param == MEMORY:  # `self.generate_response()`: the object it runs on
        return node.func.value if isinstance(node.func, cst.Attribute) else None
    positional = [a.value for a in node.args if a.keyword is None and not a.star]
    for param, index in ((wrapper.param, wrapper.index), *wrapper.others):
        for arg in node.args:
            if arg.keyword is not None and arg.keyword.value == param:
                return arg.value
        if 0 <= index < len(positional):
            return positional[index]
    return None


def _copied_message(role, content) -> bool:
    """`{"role": m.role, "content": m.content}`: both fields read from one message object."""
    import libcst as cst

    return isinstance(role, cst.Attribute) and isinstance(content, cst.Attribute) and \
        role.attr.value == "role" and content.attr.value == "content" and \
        role.value.deep_equals(content.value)


def _has_role_dict(node) -> bool:
    """A list that is a chat: role dicts, or LangChain message objects, at least one of
    them not the model's own (a list of only AIMessages is a reply, not a prompt) nor a
    copy of a message that exists already (`{"role": m.role, "content": m.content}`: a
    transcript that records a reply after the messages sent)."""
    import libcst as cst

    return any(isinstance(element, cst.Element) and _sent_message(element.value)
               for element in node.elements)


def _sent_message(value) -> bool:
    """A message of a chat that is not the model's own (see `_has_role_dict`)."""
    import libcst as cst

    if isinstance(value, cst.Dict) and "role" in dict_fields(value):
        fields = dict_fields(value)
        role = fields["role"]
        return not (isinstance(role, cst.SimpleString) and role.evaluated_value == "assistant"
                    ) and not _copied_message(role, fields.get("content"))
    if isinstance(value, cst.Call):
        func = value.func
        name = func.attr.value if isinstance(func, cst.Attribute) else \
            func.value if isinstance(func, cst.Name) else ""
        if name in MESSAGE_CLASS_ROLES and name != "AIMessage":
            return True
        role = argument_of(value, "role")
        return role is not None and argument_of(value, "content") is not None and not (
            isinstance(role, cst.SimpleString) and role.evaluated_value == "assistant")
    return False


def _python_suppressions(source: str) -> Suppressions:
    """The `# prefixlint: ignore[...]` comments of a module (tokenized only when its text
    mentions prefixlint at all: most modules do not)."""
    comments: list[tuple[int, str]] = []
    if "prefixlint" not in source and "PFX" not in source.upper():
        return suppress.parse(comments)
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.COMMENT and ("prefixlint" in token.string or
                                                   "PFX" in token.string.upper()):
                comments.append((token.start[0], token.string))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass
    return suppress.parse(comments)


def _earlier_turn(module, node, model):
    """The first call before `node`, in the same function of `module`, of one of a model's
    `methods` on the same object (`chat.send_message(...)` twice): the chat keeps what it was
    sent, so `node` sends that first. None when there is none."""
    import libcst as cst

    if not (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)):
        return None
    receiver = module.source(node.func.value)
    function = module.enclosing_function(node)
    at = module.pos(node)
    return next((n for n in module.nodes
                 if isinstance(n, cst.Call) and n is not node and
                 isinstance(n.func, cst.Attribute) and n.func.attr.value in model.methods and
                 module.pos(n) < at and module.enclosing_function(n) is function and
                 module.source(n.func.value) == receiver), None)
