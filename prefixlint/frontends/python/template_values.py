"""The values a prompt template object is filled with where it is used.

`tmpl = ChatPromptTemplate.from_messages([...])` (or `PromptTemplate.from_template(...)`) is
filled later in the same function: `tmpl.invoke({"notes": notes})`, `await tmpl.ainvoke(m)`,
`tmpl.format_messages(question=q)`, or through a chain, `(tmpl | llm).invoke({...})` or
`LLMChain(prompt=tmpl, llm=llm).run(question=q)`, or an agent made with it, `executor =
AgentExecutor(agent=create_tool_calling_agent(llm, tools, tmpl))` then `executor.invoke(
{"input": text})` (also when a method returns the executor and the object keeps it), or
kept by the object (`self.chain = self.prompt | llm`, filled in another method). The
placeholders then take the scopes of the values passed, not guesses from their names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import libcst as cst

from .literals import walk_body

# Methods of a LangChain prompt (or a runnable chain built from it) that fill it.
FILLERS = frozenset({"invoke", "ainvoke", "stream", "astream", "batch", "abatch", "format",
                     "aformat", "format_messages", "aformat_messages", "format_prompt",
                     "aformat_prompt", "partial",
                     # a legacy chain made with the prompt (`LLMChain(prompt=tmpl, llm=llm)`)
                     "run", "arun", "predict", "apredict"})
_MAX_CHAIN = 4


@dataclass(frozen=True)
class Filled:
    """The values passed for a template's placeholders, and the call that passes them."""

    values: dict  # placeholder name -> (expression, Context)
    call: cst.Call


def filled(lowerer, module, site: cst.Call, ctx, methods: frozenset = FILLERS,
           ) -> Filled | None:
    """The first call in the function that builds `site` which fills the template it
    builds (by one of `methods`): on the name it is assigned to, or on a chain made from
    that name with `|`."""
    parent = module.parents.get(id(site))
    while isinstance(parent, cst.BinaryOperation) and isinstance(parent.operator, cst.BitOr):
        parent = module.parents.get(id(parent))  # `tmpl | llm`: the chain made from it
    chained = module.parents.get(id(parent))
    if isinstance(parent, cst.Attribute) and parent.attr.value in methods and \
            isinstance(chained, cst.Call) and chained.func is parent:
        # `SystemMessagePromptTemplate.from_template(T).format(name=...)`: filled at once
        values = _passed(lowerer, module, chained, ctx)
        return Filled(values, chained) if values else None
    if isinstance(parent, cst.Arg):
        return _filled_in_callee(lowerer, module, parent, ctx, methods)
    name = _assigned_name(parent)
    if name is None:
        return _filled_on_self(lowerer, module, parent, site, ctx, methods)
    return _filled_by_name(lowerer, module, module.enclosing_function(site), {name},
                           module.pos(site), ctx, methods)


def _filled_in_callee(lowerer, module, arg: cst.Arg, ctx, methods: frozenset,
                      ) -> Filled | None:
    """`client.run(make_template(T), {"kind": kind})`: a template handed to a project
    function that fills it with another of its parameters (`chain = template | self.llm`,
    then `chain.ainvoke(variables)`): what the caller passes for that parameter fills it."""
    from .values import Context

    outer = module.parents.get(id(arg))
    if not isinstance(outer, cst.Call) or arg.star:
        return None
    at = Context(module, module.enclosing_function(outer), module.pos(outer), ctx.import_time,
                 dict(ctx.bindings), ctx.depth + 1, module.arms(outer))
    found = lowerer._function_of(outer, at)
    if found is None:
        return None
    function, callee = found
    bound = lowerer._call_context(function, callee, outer, at)
    held = next((name for name, (value, _) in bound.bindings.items() if value is arg.value),
                None)
    if held is None:
        return None
    names = _grown(callee, function, {held}, callee.pos(function))
    for call in (n for n in callee.nodes if isinstance(n, cst.Call)):
        func = call.func
        if not (isinstance(func, cst.Attribute) and func.attr.value in methods and
                callee.enclosing_function(call) is function and
                (isinstance(func.value, cst.Name) and func.value.value in names or
                 _piped_from(func.value, names))):
            continue
        given = call.args[0].value if len(call.args) == 1 and call.args[0].keyword is None \
            and not call.args[0].star else None
        if not isinstance(given, cst.Name) or given.value not in bound.bindings:
            return None  # filled inside with its own values: read with the callee
        value, value_ctx = bound.bindings[given.value]
        values = {key: (item, item_ctx) for key, item, item_ctx
                  in lowerer.spread(value, value_ctx)}
        return Filled(values, outer) if values else None
    return None


def _filled_on_self(lowerer, module, statement, site: cst.Call, ctx,
                    methods: frozenset) -> Filled | None:
    """A template the object keeps (`self.prompt = ChatPromptTemplate.from_template(T)` in
    `__init__`), or a chain it keeps made from it (`self.chain = self.prompt | self.llm`):
    the first call in the class's methods that fills it (`self.chain.invoke({...})`)."""
    if not (isinstance(statement, cst.Assign) and len(statement.targets) == 1):
        return None
    kept = _on_self(statement.targets[0].target)
    function = module.enclosing_function(site)
    info = module.owner.get(id(function)) if function is not None else None
    if kept is None or info is None:
        return None

    def in_class(node) -> bool:
        return module.owner.get(id(module.enclosing_function(node))) is info

    names = {kept}
    for _ in range(_MAX_CHAIN):  # `self.chain = self.prompt | self.llm | parser`
        grown = {attr for n in module.nodes if isinstance(n, cst.Assign) and in_class(n)
                 and _self_piped(n.value, names)
                 for t in n.targets if (attr := _on_self(t.target)) is not None} - names
        if not grown:
            break
        names |= grown
    for call in (n for n in module.nodes if isinstance(n, cst.Call)):
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value in methods and \
                _self_piped(func.value, names) and in_class(call):
            values = _passed(lowerer, module, call, ctx)
            if values:
                return Filled(values, call)
    return None


def _self_piped(node: cst.BaseExpression, names: set[str]) -> bool:
    """Whether an expression is one of the object's `self.<name>`, or a `|` chain whose
    leftmost part is."""
    return _on_self(_leftmost(node)) in names


def _grown(module, function, names: set[str], after: int) -> set[str]:
    """`names` and the names that hold chains made from them in `function` (None: the
    module's top level) after `after`: `chain = tmpl | llm | parser`, `chain2 = chain |
    ...`, `LLMChain(prompt=tmpl, ...)`, `RunnableWithMessageHistory(chain, ...)`."""
    names = set(names)
    for _ in range(_MAX_CHAIN):
        grown = {t.target.value for n in module.nodes if isinstance(n, cst.Assign)
                 and module.pos(n) > after and module.enclosing_function(n) is function
                 and (_piped_from(n.value, names) or _made_with(n.value, names))
                 for t in n.targets if isinstance(t.target, cst.Name)} - names
        if not grown:
            break
        names |= grown
    return names


def _filled_by_name(lowerer, module, function, names: set[str], after: int, ctx,
                    methods: frozenset) -> Filled | None:
    """The first call after `after` in `function` that fills what `names` hold, or a chain
    made from them with `|`."""
    calls = [n for n in module.nodes if isinstance(n, cst.Call) and module.pos(n) > after
             and module.enclosing_function(n) is function]
    names = _grown(module, function, names, after)
    for call in calls:
        func = call.func
        if not (isinstance(func, cst.Attribute) and func.attr.value in methods):
            continue
        receiver = func.value
        if not (isinstance(receiver, cst.Name) and receiver.value in names
                or _piped_from(receiver, names)):
            continue
        values = _passed(lowerer, module, call, ctx)
        if values:
            return Filled(values, call)
    return _kept_filled(lowerer, module, function, names, after, ctx, methods)


def _filled_in_module(lowerer, module, names: list[str], methods: frozenset,
                      ) -> Filled | None:
    """A module's template constant, or a chain made of it at the top of the module
    (`chain = PROMPT | llm`, `chat = RunnableWithMessageHistory(chain, history_for, ...)`),
    filled in one of the module's functions or methods (`chat.invoke({"exam": self.exam,
    ...})`): the first such fill, in source order."""
    from .sites import context_at

    for function in module.nodes:
        if not isinstance(function, cst.FunctionDef) or \
                not any(n in names for n in _names_in(module, function)):
            continue
        first = function.body.body[0] if isinstance(function.body, cst.IndentedBlock) \
            else function.body
        found = _filled_by_name(lowerer, module, function, set(names), module.pos(function),
                                context_at(module, first), methods)
        if found is not None:
            return found
    return None


def _names_in(module, function) -> set[str]:
    """The names a function reads, found once per function."""
    return module.memo("names read", function, lambda: {
        n.value for n in walk_body(function.body) if isinstance(n, cst.Name)})


# Files calling a function that returns a template (or naming a template constant), read
# in turn for the first call that fills what it returns.
_MAX_FILES = 3


def filled_where_called(lowerer, project, module, site: cst.Call, ctx,
                        methods: frozenset = FILLERS) -> Filled | None:
    """A module's function that returns the template it builds (`def tasklist_prompt():
    return ChatPromptTemplate([...])`), filled where the project calls it (`prompt =
    tasklist_prompt()` then `prompt.invoke({"tasks": tasks})`, in another module): the
    first such call's values, read where they are passed."""
    function = module.enclosing_function(site)
    constant = _assigned_name(module.parents.get(id(site))) if function is None else None
    if constant is not None:
        # `INTENT = ChatPromptTemplate(...)`: filled where it is imported, or where a getter
        # that returns it (`def intent_prompt(): return INTENT`) is called
        functions = set(map(id, module.functions.values()))
        getters = list(dict.fromkeys(
            function for n in module.nodes
            if isinstance(n, cst.Return) and isinstance(n.value, cst.Name) and
            n.value.value == constant and
            (function := module.enclosing_function(n)) is not None and
            id(function) in functions))
        # (`chain = INTENT | llm` at the top of the module: filled by either name)
        names = sorted(_grown(module, None, {constant}, module.pos(site)),
                       key=lambda name: (name != constant, name))
        found = _filled_in_module(lowerer, module, names, methods)
        for name in names:
            found = found or _filled_where_named(lowerer, project, module, name, methods)
        for getter in getters:
            found = found or _filled_where_called(lowerer, project, module, getter, methods)
        return found
    if function is None or function not in module.functions.values() or \
            not _returns(module, function, site):
        return None
    return _filled_where_called(lowerer, project, module, function, methods)


def _filled_where_called(lowerer, project, module, function, methods: frozenset,
                         depth: int = 0) -> Filled | None:
    """The first call of a module's function, in the files that call it, whose result is
    filled: `prompt = intent_prompt()` then `(prompt | llm).invoke({...})`; or whose
    result a function of the caller's module returns in turn (a getter that makes the
    template once, `if _prompt is None: _prompt = make_prompt(T)`), filled where that is
    called."""
    from ..project_files import InputError
    from .sites import context_at

    name = function.name.value
    for path in project.calls_of(name)[:_MAX_FILES]:
        try:
            caller = project.module(path)
        except InputError:
            continue
        for call in caller.nodes:
            if not isinstance(call, cst.Call) or caller is module and \
                    module.enclosing_function(call) is function:
                continue
            func = call.func
            if not (isinstance(func, cst.Name) and func.value == name or
                    isinstance(func, cst.Attribute) and func.attr.value == name and
                    isinstance(func.value, cst.Name)):
                continue
            found = filled(lowerer, caller, call, context_at(caller, call), methods)
            outer = caller.enclosing_function(call)
            if found is None and depth < 1 and outer is not None and \
                    outer in caller.functions.values() and _returns(caller, outer, call):
                found = _filled_where_called(lowerer, project, caller, outer, methods,
                                             depth + 1)
            if found is not None:
                lowerer.files.add(path)
                return found
    return None


def _filled_where_named(lowerer, project, module, constant: str, methods: frozenset,
                        ) -> Filled | None:
    """A module's template constant imported by name into another module and filled in
    one of its functions (`(INTENT | llm).invoke({...})`): the first such fill."""
    from ..project_files import InputError
    from .import_lines import module_name
    from .sites import context_at

    for path in project.uses_of(constant)[:_MAX_FILES]:
        try:
            user = project.module(path)
        except InputError:
            continue
        if user is module or module_name(module.path) not in project.workspace.read(path):
            continue
        functions = []
        for node in user.nodes:
            if isinstance(node, cst.Name) and node.value == constant:
                function = user.enclosing_function(node)
                if function is not None and function not in functions:
                    functions.append(function)
        for function in functions:
            start = user.pos(function)
            found = _filled_by_name(lowerer, user, function, {constant}, start,
                                    context_at(user, function.body), methods)
            if found is not None:
                lowerer.files.add(path)
                return found
    return None


def _assigned_name(statement) -> str | None:
    """The one name a statement assigns (`name = ...`); None for anything else."""
    if isinstance(statement, cst.Assign) and len(statement.targets) == 1 and \
            isinstance(statement.targets[0].target, cst.Name):
        return statement.targets[0].target.value
    return None


def _returns(module, function, site: cst.Call) -> bool:
    """Whether a function returns what `site` builds: `return site` or `return name` of
    `name = site`."""
    parent = module.parents.get(id(site))
    if isinstance(parent, cst.Return):
        return True
    held = _assigned_name(parent)
    return held is not None and any(
        isinstance(n, cst.Return) and isinstance(n.value, cst.Name) and
        n.value.value == held and module.enclosing_function(n) is function
        for n in module.nodes)


def _kept_filled(lowerer, module, function, names: set[str], after: int, ctx,
                 methods: frozenset) -> Filled | None:
    """A method that returns what it makes from the template (`return AgentExecutor(
    agent=agent, tools=tools)`), whose result the object keeps (`self.executor =
    self._make_executor()`): the first call in the class that fills what it keeps
    (`self.executor.invoke({"input": text})`)."""
    info = module.owner.get(id(function)) if function is not None else None
    if info is None or not any(
            isinstance(n, cst.Return) and n.value is not None and module.pos(n) > after and
            module.enclosing_function(n) is function and
            (isinstance(n.value, cst.Name) and n.value.value in names or
             _piped_from(n.value, names) or _made_with(n.value, names))
            for n in module.nodes):
        return None
    kept = {t.target.attr.value for n in module.nodes if isinstance(n, cst.Assign)
            and isinstance(n.value, cst.Call) and _on_self(n.value.func) == function.name.value
            and module.owner.get(id(module.enclosing_function(n))) is info
            for t in n.targets if _on_self(t.target) is not None}
    for call in (n for n in module.nodes if isinstance(n, cst.Call)):
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value in methods and \
                _on_self(func.value) in kept and \
                module.owner.get(id(module.enclosing_function(call))) is info:
            values = _passed(lowerer, module, call, ctx)
            if values:
                return Filled(values, call)
    return None


def _on_self(node: cst.BaseExpression) -> str | None:
    """`attr` of `self.attr`; None for anything else."""
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and \
            node.value.value == "self":
        return node.attr.value
    return None


def _passed(lowerer, module, call: cst.Call, ctx) -> dict:
    """The placeholder values one filling call passes: by keyword, or spread from a dict
    (`invoke({"q": q})`, `format(**values)`), each with the context where it is read."""
    from .values import Context

    at = Context(module, module.enclosing_function(call), module.pos(call), ctx.import_time,
                 dict(ctx.bindings), ctx.depth, module.arms(call))
    values: dict = {}
    for arg in call.args:
        if arg.keyword is not None:
            values[arg.keyword.value] = (arg.value, at)
        elif arg.star == "**" or arg is call.args[0]:
            values.update({key: (value, value_ctx) for key, value, value_ctx
                           in lowerer.spread(arg.value, at)})
    return values


def _made_with(node: cst.BaseExpression, names: set[str]) -> bool:
    """Whether an expression makes a chain or an agent of one of `names` (`LLMChain(
    prompt=tmpl, llm=llm)`, `create_tool_calling_agent(llm, tools, tmpl)`, then
    `AgentExecutor(agent=agent, tools=tools)`): a call given the template as its `prompt`
    (or, to a function that makes an agent, in any place), or given such an agent."""
    if not isinstance(node, cst.Call):
        return False
    func = node.func
    name = func.attr.value if isinstance(func, cst.Attribute) else \
        func.value if isinstance(func, cst.Name) else ""
    agent_maker = _AGENT_MAKER.match(name) is not None
    if name in _WRAPPERS and node.args and node.args[0].keyword is None and \
            isinstance(node.args[0].value, cst.Name) and node.args[0].value.value in names:
        return True  # `RunnableWithMessageHistory(chain, get_history, ...)`
    return any(isinstance(a.value, cst.Name) and a.value.value in names and (
        a.keyword is not None and a.keyword.value in ("prompt", "agent", "runnable") or
        a.keyword is None and agent_maker) for a in node.args)


# LangChain's runnables that run the one given first, filled with what they are invoked
# with (a conversation's history added under its own key).
_WRAPPERS = frozenset({"RunnableWithMessageHistory"})


# LangChain's agent constructors, given the agent's prompt (`create_tool_calling_agent`,
# `create_openai_functions_agent`, `create_react_agent`, `create_structured_chat_agent`).
_AGENT_MAKER = re.compile(r"create_\w*agent$")


def _piped_from(node: cst.BaseExpression, names: set[str]) -> bool:
    """Whether an expression is a `|` chain whose leftmost part is one of `names`."""
    node = _leftmost(node)
    return isinstance(node, cst.Name) and node.value in names


def _leftmost(node: cst.BaseExpression) -> cst.BaseExpression:
    """The first part of a `|` chain (`tmpl` of `tmpl | llm | parser`); the expression itself
    when it is no chain."""
    while isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr):
        node = node.left
    return node
