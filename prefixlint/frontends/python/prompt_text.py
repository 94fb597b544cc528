"""Prompt text with no sink in view: a module constant, a class attribute or a function's
returned f-string / `.format` / `%` text that reads as a prompt (instructions in natural
language with placeholders) is measured on its own, the way a template file is. Its holes
take their scopes from their names (a parameter, a `{placeholder}`). When a sink in the run
sends the same text, the sink's measurement is the one reported and this one is dropped (see
`PythonProject.remaining_texts`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import libcst as cst

from ...dialect import FORMAT_FIELD, PRINTF_FIELD, VALUE_FIELD, is_jinja
from ...ir import Block, Hole, Prompt, Span, Text
from ...prose import reads_as_prompt
from ...template_kinds import is_markup
from ..project_files import InputError
from .flow import in_dead_arm, richness, subscript_key
from .literals import literal_value, reachable, return_statements
from .registries import registry_key

if TYPE_CHECKING:
    from .sinks import SinkFinder

_NAME_HINT = re.compile(r"prompt|instruction|template|message|system", re.IGNORECASE)
_LOCAL_HINT = re.compile(r"prompt|instruct|template|system", re.IGNORECASE)
_RECORD_HINT = re.compile(r"prompt|instruct", re.IGNORECASE)
_JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.DOTALL)
# An f-string's escaped field (`{{topic}}`), left for a later `.format` or a framework to fill.
_ESCAPED_FIELD = re.compile(r"\{\{[A-Za-z_]\w*\}\}")


@dataclass(frozen=True)
class Candidate:
    """Prompt text found without a sink: the prompt, and the node span it was read from."""

    prompt: Prompt
    span: Span
    fills: Span | None = None  # where the text filled here by keyword stands (`RULES`)
    function: Span | None = None  # the function that fills it: a prompt it sends holds it
    # The function whose text it is (`build_prompt`, `.system_prompt` for a method): where
    # code calls it, the text is used.
    caller: str = ""
    # The module constant or class attribute it is (`QUERY_PROMPT`; `PROMPTS.answer` for a
    # table's entry): where another file reads it, the text is used.
    constant: str = ""


def find(finder: SinkFinder) -> list[Candidate]:
    """Every piece of prompt text of the finder's module that has a placeholder."""
    module = finder.module
    out: list[Candidate] = []
    for name, value in _constants(module.tree):
        built = _constant(finder, name, value)
        if built is not None:
            out.append(replace(built, constant=name))
    for name, value in _chats(module.tree):
        built = _chat(finder, name, value)
        if built is not None:
            out.append(built)
    for name, value in _keywords(module, finder):
        built = _constant(finder, name, value) if _string_node(value) else \
            _chat(finder, name, value)
        if built is not None:
            out.append(built)
    for function in _functions(module):
        built = _returned(finder, function) or _tool_specs(finder, function)
        if built is not None:
            out.append(_called_as(finder, built, function))
    for name, value in _locals(module):
        lines = _lines(value)
        built = None if lines else _constant(finder, name, value)
        if lines:  # measured as the text the lines make, one per line
            separator = module.made(cst.SimpleString('"\\n"'), value)
            value = module.made(cst.Call(cst.Attribute(separator, cst.Name("join")),
                                         [cst.Arg(value)]), value)
        if built is None and (isinstance(value, cst.FormattedString) or _fills_text(value, module)
                              or _joins_fstring(value) or lines or _replaces_slot(value)):
            # `prompt = f"...{context}..."`: holes of its own; `prompt = RULES.format(k=v)`:
            # a constant (of this module or another) filled here, each placeholder reported
            # where it stands with the scope of the value passed for it
            from .values import Context

            ctx = Context(module, module.enclosing_function(value), module.pos(value), False,
                          arms=module.arms(value))
            segments = finder.lowerer.text(value, ctx)
            if isinstance(value, cst.FormattedString):
                segments = _own_fields(finder, value, ctx, segments, module.span(value))
            built = _candidate(finder, name, segments, value, None)
            if built is not None and (_fills_text(value, module) or _replaces_slot(value)):
                built = _filling(finder, built, value, ctx)
        if built is not None:
            out.append(_called_as(finder, built, module.enclosing_function(value)))
    return out


def _called_as(finder: SinkFinder, built: Candidate, function) -> Candidate:
    """Text built in a module's function or a class's method that returns a value: with the
    name code calls it by (`.name` for a method), so the places that call it can be named
    as where the text is used (see `PythonProject.remaining_texts`)."""
    if function is None or function.name.value.startswith("__") or \
            not return_statements(function):
        return built
    module = finder.module
    if function in module.functions.values():
        name = function.name.value
    elif any(function in info.methods.values() for info in module.classes.values()):
        name = "." + function.name.value
    else:
        return built  # a function defined inside another: handed on, not called by name
    return replace(built, caller=name)


def _within(inner: Span | None, outer: Span) -> bool:
    """Whether a text's span lies inside a node's span."""
    return inner is not None and inner.path == outer.path and \
        (outer.line, outer.column) <= (inner.line, inner.column) and \
        (inner.end_line, inner.end_column) <= (outer.end_line, outer.end_column)


def _own_fields(finder: SinkFinder, node, ctx, segments: list, span: Span) -> list:
    """An f-string's text with the `{name}` fields of its own literal parts as holes (its
    escaped braces); the text of a constant it puts in (`{EXAMPLES}`: code with `{i: 0}`)
    is text, never a field, and so is what one of its expressions writes in place
    (`{json.dumps(SHAPES)}`, whose JSON holds "{day}" as an answer's shape)."""
    module = finder.module
    written = [module.span(part) for part in getattr(node, "parts", ())
               if isinstance(part, cst.FormattedStringExpression)]
    out: list = []
    run: list = []
    for segment in [*segments, None]:
        if isinstance(segment, Text) and _within(segment.span, span) and \
                not any(_within(segment.span, at) for at in written):
            run.append(segment)
            continue
        if run:
            out.extend(finder.messages._matched_fields(node, ctx, run))
        run = []
        root = _marker(segment)
        if root is not None:  # `{DATE_TAG}` of `DATE_TAG = "{{CURRENT_DATE}}"`
            out.append(Hole("value", segment.text.strip(),
                            _placed_at(finder, node, ctx, segment), (root,),
                            finder.lowerer.scope_of(root)))
        elif segment is not None:
            out.append(segment)
    return out


def _placed_at(finder: SinkFinder, node: cst.FormattedString, ctx, segment) -> Span:
    """Where an f-string puts the constant text `segment` holds: its `{NAME}` field."""
    for part in node.parts:
        if isinstance(part, cst.FormattedStringExpression):
            made = finder.lowerer.text(part.expression, ctx)
            if len(made) == 1 and isinstance(made[0], Text) and made[0].text == segment.text:
                return finder.module.span(part)
    return segment.span or finder.module.span(node)


def _marker(segment) -> str | None:
    """The name of the one placeholder a constant put into an f-string is made of
    (`CURRENT_DATE` of `DATE_TAG = "{{CURRENT_DATE}}"`, replaced later by the code that
    sends the text), a field of the f-string's own; None for any other text."""
    if not isinstance(segment, Text):
        return None
    text = segment.text.strip()
    if not (VALUE_FIELD.fullmatch(text) or FORMAT_FIELD.fullmatch(text)):
        return None
    return re.match(r"\{+-?\s*([A-Za-z_]\w*)", text).group(1)


def _locals(module):
    """(name, string node) of a function's own assignments of a string literal or an
    f-string to a name that says it holds prompt text (`P_SUM_INSTRUCT = ("Reference:
    {reference}" ...)`, then handed to the project's prompt class; `prompt = f"..."`, then
    passed to a helper whose model object is not in view) or of an f-string that leaves
    fields for a later fill to any name, and of the object's own attributes so set
    (`self.summary_prompt = "..."`, formatted by another method)."""
    handed = _handed_names(module)
    for node in module.nodes:
        if isinstance(node, cst.AnnAssign) and node.value is not None:
            target = node.target  # `Prompt: str = f"""..."""`
        elif isinstance(node, cst.Assign) and len(node.targets) == 1:
            target = node.targets[0].target
        else:
            continue
        if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and \
                target.value.value == "self":
            target = target.attr  # `self.summary_prompt = """..."""` in `__init__`
        if isinstance(target, cst.Name) and (_LOCAL_HINT.search(target.value) or
                                             _leaves_fields(node.value) or
                                             _handed_as_prompt(module, node, target.value,
                                                               handed)) \
                and module.enclosing_function(node) is not None and \
                not in_dead_arm(module.parents, node):
            value = _unwrapped(node.value)
            name = target.value
            if (_string_node(value) or isinstance(value, cst.FormattedString)) and \
                    not _extends(value, name) or _fills_text(value, module) or _lines(value) or \
                    _replaces_slot(value):
                yield name, value
            elif isinstance(value, cst.Dict) and _LOCAL_HINT.search(name):
                # `meta_prompt_dict = {"en": "...{user_name}..."}` returned by a helper: each
                # entry's text, as a module's table of prompts is read
                yield from _entries(name, value)


# A method that takes what it is given as the model's instructions, whatever the name that
# holds them says (`conversation.append_system_message(msg)`, `agent.set_instructions(text)`).
_PROMPT_METHOD = re.compile(r"system|prompt|instruct", re.IGNORECASE)


def _handed_names(module) -> set[tuple[int, str]]:
    """(id of the function, name) of each name a function gives to a method named for
    instructions (`self.chat.append_system_message(msg)`), found in one pass."""
    return {(id(module.enclosing_function(n)), a.value.value) for n in module.nodes
            if isinstance(n, cst.Call) and isinstance(n.func, cst.Attribute)
            and _PROMPT_METHOD.search(n.func.attr.value)
            for a in n.args if isinstance(a.value, cst.Name)}


def _handed_as_prompt(module, node, name: str, handed: set[tuple[int, str]]) -> bool:
    """Whether a function's f-string text (`msg = ("..." f"{props}" "...")`) is given by
    its name to a method named for instructions: prompt text sent by an object whose sink
    lives elsewhere."""
    value = node.value
    return (isinstance(value, cst.FormattedString) or isinstance(value, cst.ConcatenatedString)
            and any(isinstance(part, cst.FormattedString) for part in _parts(value))) and \
        (id(module.enclosing_function(node)), name) in handed


def _parts(value) -> list:
    """The literals a concatenation of strings is made of, in order."""
    if isinstance(value, cst.ConcatenatedString):
        return _parts(value.left) + _parts(value.right)
    return [value]


def _leaves_fields(value) -> bool:
    """`writer_task = f"Write about '{{topic}}' ... {config.length} words ..."`: an f-string
    that leaves `{name}` fields for a later fill (a crew's task, a chain's template) is a
    template whatever its name says."""
    value = _unwrapped(value)
    return isinstance(value, cst.FormattedString) and any(
        isinstance(part, cst.FormattedStringText) and _ESCAPED_FIELD.search(part.value)
        for part in value.parts)


def _lines(value) -> bool:
    """`system_prompt = ["You are ...", f"... {patient} ...", "", ...]`: the lines of a
    prompt written as a list of literals and f-strings, joined where it is sent."""
    return isinstance(value, cst.List) and len(value.elements) >= 3 and all(
        isinstance(e, cst.Element) and (_string_node(e.value) or
                                        isinstance(e.value, cst.FormattedString))
        for e in value.elements) and any(_joins_fstring(e.value) for e in value.elements)


def _joins_fstring(value) -> bool:
    """`("You write notes.\n" f"- in {language}.\n" "Rules: ...")`: literals joined with an
    f-string of their own, whose fields are the prompt's values."""
    while isinstance(value, cst.ConcatenatedString):
        if isinstance(value.left, cst.FormattedString):
            return True
        value = value.right
    return isinstance(value, cst.FormattedString)


def _replaces_slot(value) -> bool:
    """`STYLES[style].replace("<INSERT_EXTRACT>", extract)`: a text whose marked slot the
    code fills with a value (one `.replace` of a chain of them is enough)."""
    while isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and \
            value.func.attr.value == "replace" and len(value.args) >= 2:
        if isinstance(literal_value(value.args[0].value), str) and \
                literal_value(value.args[1].value) is None:
            return True
        value = value.func.value
    return False


def _filled(value: cst.Call) -> cst.BaseExpression:
    """The text a `.format(...)` or a chain of `.replace(...)` calls fills."""
    while isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and \
            value.func.attr.value in ("format", "replace"):
        value = value.func.value
    return value


def _fills_text(value, module) -> bool:
    """`TEMPLATE.format(key=value, ...)` or `TEMPLATE.format(**values)`: a named text filled
    by keyword (or a text a table holds by name, `PROMPTS["summary"].format(...)`, or one an
    imported module holds, `prompts.TEMPLATE.format(...)`)."""
    return isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and \
        value.func.attr.value == "format" and (
            isinstance(value.func.value, cst.Name) or
            registry_key(value.func.value) is not None or
            _imported_attribute(value.func.value, module)) and \
        any(arg.keyword is not None or arg.star == "**" for arg in value.args)


def _imported_attribute(node, module) -> bool:
    """`prompts.TEMPLATE`: a name another module defines, read through its import."""
    return isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and \
        node.value.value in module.imports


def _keywords(module, finder: SinkFinder):
    """(keyword, string node) of literal text passed under a prompt-ish keyword to a call
    of the project's own (`Conversation(name=..., system_message=TEXT)` registering a
    template, the class defined here or imported from a project module): the text a
    project object holds, with its placeholders. Calls of a library are left to the
    library models and to inferred sinks."""
    own: dict[str, bool] = {}

    def project_name(name: str) -> bool:
        if name in module.classes or name in module.functions:
            return True
        if name not in own:  # `from .models import PromptTemplate`
            origin, attr = module.imports.get(name, ("", ""))
            own[name] = bool(attr) and \
                finder.lowerer.load_module(origin, module.path) is not None
        return own[name]

    for node in module.nodes:
        if isinstance(node, cst.Arg) and node.keyword is not None and \
                _LOCAL_HINT.search(node.keyword.value) and _string_node(node.value):
            call = module.parents.get(id(node))
            func = call.func if isinstance(call, cst.Call) else None
            head = func
            while isinstance(head, cst.Attribute):
                head = head.value
            if isinstance(head, cst.Name) and project_name(head.value):
                yield node.keyword.value, node.value
        elif isinstance(node, cst.Arg) and node.keyword is not None and \
                _LOCAL_HINT.search(node.keyword.value) and _role_pairs(node.value):
            # `MessageTemplate(template=[("system", "..."), ("user", "...{content}...")])`:
            # a chat a project class or a library not in view holds, its messages written out
            yield node.keyword.value, node.value


_CHAT_ROLES = {"system": "system", "user": "user", "human": "user", "assistant": "assistant",
               "ai": "assistant"}


def _role_pairs(value) -> list[tuple[str, cst.BaseExpression]]:
    """The (role, text) pairs of a list of `("system", "...")` tuples or `{"role": "system",
    "content": "..."}` dicts of literal text; [] for anything else."""
    if not isinstance(value, cst.List) or not value.elements:
        return []
    pairs = []
    for element in value.elements:
        item = element.value
        if isinstance(item, cst.Tuple) and len(item.elements) == 2:
            role, text = item.elements[0].value, _unwrapped(item.elements[1].value)
        elif isinstance(item, cst.Dict) and len(item.elements) == 2:
            fields = {literal_value(e.key): e.value for e in item.elements
                      if isinstance(e, cst.DictElement)}
            role, text = fields.get("role"), _unwrapped(_text_part(fields.get("content")))
        else:
            return []
        if not (isinstance(role, cst.SimpleString) and _string_node(text)):
            return []
        role = _CHAT_ROLES.get(str(role.evaluated_value).lower())
        if role is None:
            return []
        pairs.append((role, text))
    return pairs


def _text_part(content):
    """The text of a message's content given as one text part (`"content": [{"type": "text",
    "text": "..."}]`, as the OpenAI playground writes a chat), else the content itself."""
    if isinstance(content, cst.List) and len(content.elements) == 1 and \
            isinstance(content.elements[0].value, cst.Dict):
        fields = {literal_value(e.key): e.value for e in content.elements[0].value.elements
                  if isinstance(e, cst.DictElement)}
        if set(fields) == {"type", "text"} and literal_value(fields["type"]) == "text":
            return fields["text"]
    return content


def _chats(tree: cst.Module):
    """(name, list node) of chats written out at module level with `{placeholders}`, alone
    or inside a table of them (`INTROS = {"hints": {"messages": [{"role": "system",
    "content": "..."}, ...]}}`), named by the table's keys."""
    pending = []
    for statement in tree.body:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, (cst.Assign, cst.AnnAssign)) and small.value is not None:
                    target = small.targets[0].target if isinstance(small, cst.Assign) \
                        else small.target
                    if isinstance(target, cst.Name) and \
                            isinstance(small.value, (cst.List, cst.Dict)):
                        pending.append((target.value, small.value, 0))
    while pending:
        name, value, depth = pending.pop(0)
        pairs = _role_pairs(value) if isinstance(value, cst.List) else []
        if pairs:
            if any(FORMAT_FIELD.search(literal)
                   for _, text in pairs if isinstance(literal := literal_value(text), str)):
                yield name, value
        elif isinstance(value, cst.Dict) and depth < 3:
            for element in value.elements:
                key = literal_value(element.key) if isinstance(element, cst.DictElement) \
                    else None
                if isinstance(key, str) and isinstance(element.value, (cst.List, cst.Dict)):
                    pending.append((f"{name}.{key}", element.value, depth + 1))


def _extends(value, name: str) -> bool:
    """`system = f"{system}\n\nKeep answers short."` (or `(f"{system}\n\n" "Keep ...")`): a
    prompt made elsewhere, extended here; measured alone it would be only its tail, after a
    value standing for the rest."""
    while isinstance(value, cst.ConcatenatedString):
        value = value.left
    if not isinstance(value, cst.FormattedString):
        return False
    first = value.parts[0] if value.parts else None
    return isinstance(first, cst.FormattedStringExpression) and \
        isinstance(first.expression, cst.Name) and first.expression.value == name


def _string_node(value) -> bool:
    return isinstance(value, (cst.SimpleString, cst.ConcatenatedString))


def _unwrapped(value):
    """`textwrap.dedent(TEXT)`, `TEXT.strip()`, `TextPrompt("...")` (a prompt class made from
    its text alone): the string literal inside."""
    for _ in range(3):
        called = (value.func.value if isinstance(value.func, cst.Name) else
                  value.func.attr.value if isinstance(value.func, cst.Attribute) else "") \
            if isinstance(value, cst.Call) else ""
        if called in ("dedent", "cleandoc") and value.args:
            value = value.args[0].value
        elif called.endswith(("Prompt", "Template")) and len(value.args) == 1 and \
                value.args[0].keyword is None and not value.args[0].star and \
                _string_node(value.args[0].value):
            value = value.args[0].value
        elif isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and \
                value.func.attr.value in ("strip", "lstrip", "rstrip") and not value.args:
            value = value.func.value
        else:
            break
    return value


def _constants(tree: cst.Module):
    """(name, string node) of module-level and class-level assignments of a string, of the
    entries of a dict literal so assigned, and of `TABLE["key"] = "..."` (named by the key)."""
    bodies = [tree.body]
    for statement in tree.body:
        if isinstance(statement, cst.ClassDef):
            bodies.append(statement.body.body)
    for body in bodies:
        for statement in body:
            if not isinstance(statement, cst.SimpleStatementLine):
                continue
            for small in statement.body:
                target = value = None
                if isinstance(small, cst.Assign) and len(small.targets) == 1:
                    target, value = small.targets[0].target, small.value
                elif isinstance(small, cst.AnnAssign) and small.value is not None:
                    target, value = small.target, small.value
                if value is None:
                    continue
                key = _entry_key(target)
                if isinstance(target, cst.Name) or key:
                    value = _unwrapped(value)
                    if _string_node(value) or isinstance(value, (cst.FormattedString,
                                                                 cst.BinaryOperation)) and \
                            _LOCAL_HINT.search(key or target.value) and \
                            _spelled_or_joined(value):
                        yield key or target.value, value
                    elif isinstance(value, cst.BinaryOperation) and _spelled_or_joined(value):
                        # `VOTE = PREFIX + DEBATE_SO_FAR + """..."""`: kept only when the text
                        # joined is Jinja (see `_constant`), a template whatever its name
                        yield key or target.value, value
                    elif isinstance(target, cst.Name) and (isinstance(value, cst.Dict) or
                                                           _dict_call(value)):
                        yield from _entries(target.value, value)
                    elif isinstance(target, cst.Name) and isinstance(value, (cst.List,
                                                                             cst.Tuple)):
                        yield from _records(target.value, value)


def _spelled_or_joined(value) -> bool:
    """An f-string, or text joined with `+` from literals and names (`"...{job}..." +
    LAYOUT`, a constant of another module) of which one at least is spelled out here."""
    if not isinstance(value, cst.BinaryOperation):
        return True
    leaves, literal = [value], False
    while leaves:
        leaf = leaves.pop()
        if isinstance(leaf, cst.BinaryOperation) and isinstance(leaf.operator, cst.Add):
            leaves += [leaf.left, leaf.right]
        elif _string_node(leaf):
            literal = True
        elif not isinstance(leaf, (cst.Name, cst.Attribute)):
            return False
    return literal


def _entry_key(target) -> str:
    """`PROMPTS.answer` for `PROMPTS["answer"] = ...`, a table of prompts filled entry by
    entry (the table's name and the key both say what the text is)."""
    found = subscript_key(target)
    return f"{found[0]}.{found[1]}" if found is not None else ""


def _dict_call(node) -> bool:
    """`dict(classify="...", ...)`: a dict written as the keywords of a call of `dict`."""
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and \
        node.func.value == "dict" and any(a.keyword is not None for a in node.args)


def _entries(name: str, table: cst.Dict | cst.Call, depth: int = 0):
    """(`TABLE.key`, string node) of a dict literal of prompts, `{"classify": "...", ...}`,
    or of one written as `dict(classify="...", ...)`; and of the dicts it nests, a few
    levels deep (`PROMPTS["openai"]["with_history"]["eli5"]`: `PROMPTS.openai.with_history
    .eli5`), a table of prompts by provider and style."""
    if isinstance(table, cst.Call):
        for arg in table.args:
            value = _unwrapped(arg.value)
            if arg.keyword is not None and _string_node(value):
                yield f"{name}.{arg.keyword.value}", value
        return
    for element in table.elements:
        if isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString):
            key, value = element.key.evaluated_value, _unwrapped(element.value)
            if isinstance(key, str) and _string_node(value):
                yield f"{name}.{key}", value
            elif isinstance(key, str) and isinstance(value, cst.Dict) and \
                    depth < _NESTED_TABLES:
                yield from _entries(f"{name}.{key}", value, depth + 1)


_NESTED_TABLES = 3  # levels of dicts inside a table of prompts read for their entries


def _records(name: str, listing: cst.List | cst.Tuple):
    """(`TABLE[0].key`, string node) of a list of prompt records, `[{"name": "summary",
    "user_prompt_template": "..."}, ...]`: seed data a project stores and loads again, so
    the text is sent from where no code in view reads it. The entries a prompt key names, or
    every entry when the list's own name says it holds prompts (`DEFAULT_PROMPTS`; not a
    list of report or e-mail `TEMPLATES`)."""
    for index, element in enumerate(listing.elements):
        record = _unwrapped(element.value)
        if isinstance(record, cst.Dict) or _dict_call(record):
            for entry, text in _entries(f"{name}[{index}]", record):
                if _RECORD_HINT.search(name) or _RECORD_HINT.search(entry.rpartition(".")[2]):
                    yield entry, text


def _functions(module):
    """The module's functions, its classes' methods, and the functions defined inside a
    function (`def instructions(context): return f"..."`, handed to an agent as a callable
    that builds its instructions on every step)."""
    seen = []
    for function in module.functions.values():
        seen.append(function)
    for info in module.classes.values():
        seen.extend(info.methods.values())
    seen.extend(module.nested)
    return seen


def _constant(finder: SinkFinder, name: str, node) -> Candidate | None:
    if isinstance(node, cst.FormattedString):
        # `prompt_template = f"""...{{context}}..."""`: constant once its own expressions
        # are (escaped braces are the template's fields)
        ctx = finder._context(node)
        segments = finder.lowerer.text(node, ctx)
        if not segments or not all(isinstance(s, Text) for s in segments):
            return None
        span = finder.module.span(node)
        own = "".join(s.text for s in segments if _within(s.span, span))
        text = "".join(s.text for s in segments)
        if not (FORMAT_FIELD.search(own) or any(_marker(s) is not None for s in segments)) or \
                not reads_as_prompt(FORMAT_FIELD.sub(" ", text), name):
            return None
        return _candidate(finder, name, _own_fields(finder, node, ctx, segments, span), node,
                          span)
    try:
        text = None if isinstance(node, cst.BinaryOperation) else node.evaluated_value
    except Exception:  # noqa: BLE001 - bytes, or a string libcst cannot evaluate
        return None
    if text is None and isinstance(node, (cst.ConcatenatedString, cst.BinaryOperation)):
        text = _joined_constants(finder, node)  # `"..." f"{RULES}" "..."`, `TEXT + LAYOUT`
    if not isinstance(text, str):
        return None
    jinja = is_jinja(text)
    fields = FORMAT_FIELD.findall(text) if not jinja else []
    printf = not (jinja or fields) and bool(PRINTF_FIELD.search(text))
    if not (jinja or fields or printf) or isinstance(node, cst.BinaryOperation) and \
            not jinja and not _LOCAL_HINT.search(name):
        return None
    constant = _JINJA.sub(" ", text) if jinja else \
        PRINTF_FIELD.sub(" ", text) if printf else FORMAT_FIELD.sub(" ", text)
    if not reads_as_prompt(constant, name):
        return None
    module = finder.module
    span = module.span(node)
    line = span.line
    if jinja:
        segments = finder.lowerer.text(node, finder._context(node))
        if not segments or not all(isinstance(s, Text) for s in segments) or \
                segments[0].span is None or is_markup(text):
            return None  # (a page's template, `<div>{{ #label }}...`, is no prompt)
        try:
            prompt = finder.project.workspace.inline_prompt(
                f"{module.path}:{line}", "".join(s.text for s in segments), segments[0].span)
        except InputError:
            return None  # braces of another template language: not a Jinja prompt
        return Candidate(replace(prompt, sink="text"), span)
    if printf:
        ctx = finder._context(node)
        segments = finder.messages._matched_fields(node, ctx, finder.lowerer.text(node, ctx),
                                                   PRINTF_FIELD, name)
        return _candidate(finder, name, segments, node, span)
    segments = _formatted_where_filled(finder, name)
    if segments is None:
        segments = finder.messages.placeholders(node, finder._context(node))
    return _candidate(finder, name, segments, node, span)


def _formatted_where_filled(finder: SinkFinder, name: str) -> list | None:
    """A module constant as the module's first `NAME.format(key=value, ...)` fills it: its
    placeholders, still reported where they stand in the constant, take the scopes of the
    values passed there (`cmd = "ctrl"` chosen by the platform is deploy-scoped, not an
    unknown), as a template file's placeholders take them from its render site. None when
    the module fills it nowhere by keyword."""
    from .values import Context

    module = finder.module
    for node in module.nodes:
        if _fills_text(node, finder.module) and node.func.value.value == name:
            ctx = Context(module, module.enclosing_function(node), module.pos(node), False,
                          arms=module.arms(node))
            segments = finder.lowerer.text(node, ctx)
            if any(isinstance(s, Text) and s.text.strip() for s in segments):
                return segments
            return None
    return None


def _joined_constants(finder: SinkFinder, node) -> str | None:
    """The text of implicitly joined literals whose f-string parts are all constants the
    analysis knows (`"Rules:" f"{POLICY}"`); None when a part is not known."""
    segments = finder.lowerer.text(node, finder._context(node))
    if not segments or not all(isinstance(s, Text) for s in segments):
        return None
    return "".join(s.text for s in segments)


def _returned(finder: SinkFinder, function) -> Candidate | None:
    """A function whose last `return` is text with holes (an f-string, `.format`, a
    concatenation, a join of parts, or a name that says it holds a prompt): measured with
    its parameters unknown."""
    final = _final_return(function)
    if final is None:
        return None
    returns = [final]
    value = _one_message_text(final.value)
    text = _unwrapped(value)  # `return f"""...""".strip()`: the text, its edges trimmed
    if isinstance(text, (cst.SimpleString, cst.ConcatenatedString)) and \
            isinstance(literal_value(text), str):
        # `def get_template(self): return """...${title}..."""`: a template a base class
        # fills, named as one
        return _constant(finder, function.name.value, text) \
            if _NAME_HINT.search(function.name.value) else None
    if not isinstance(text, (cst.FormattedString, cst.Call, cst.BinaryOperation,
                             cst.ConcatenatedString, cst.Name)):
        return None
    if isinstance(text, cst.Call) and not (isinstance(text.func, cst.Attribute) and
                                           text.func.attr.value in ("format", "substitute",
                                                                    "join")):
        return None  # `"\n".join(parts)`: parts built by the statements before
    if isinstance(text, cst.Name) and not _NAME_HINT.search(text.value + function.name.value):
        return None  # `return prompt` in `build_prompt`: a name that says it is prompt text
    literal = _literal_text(text)
    if literal is not None and not reads_as_prompt(literal, function.name.value):
        return None  # decided on the literal text alone, before any lowering
    from .values import Context

    module = finder.module
    ctx = Context(module, function, module.pos(returns[-1]), False,
                  arms=module.arms(returns[-1]))
    segments = finder.lowerer.text(value, ctx)
    built = _candidate(finder, function.name.value, segments, value, None)
    if built is not None and _fills_text(value, module):
        # `return RULES.format(themes=themes)`: the constant filled, which a prompt that
        # calls the function and sends its text holds (measured there, not again here)
        built = _filling(finder, built, value, ctx)
    return built


def _filling(finder: SinkFinder, built: Candidate, value, ctx) -> Candidate:
    """Prompt text that fills a constant (`RULES.format(k=v)`, `.replace` of its slots) in
    the function ctx stands in: with where that constant stands and that function, so a
    prompt that sends the constant, or what the function returns, is where it is measured."""
    held = finder.lowerer.follow(_filled(value), ctx, attributes=True)
    if held is None:
        return built
    return replace(built, fills=held[1].module.span(_unwrapped(held[0])),
                   function=ctx.module.span(ctx.function))


def _one_message_text(value: cst.BaseExpression) -> cst.BaseExpression:
    """The text of the last message of a returned list (`return [user_message(f"...")]`,
    `return [*self.system(), {"role": "user", "content": f"..."}]`), the message a caller
    sends last; else the value itself."""
    if not isinstance(value, (cst.List, cst.Tuple)) or not value.elements or \
            isinstance(value.elements[-1], cst.StarredElement):
        return value
    item = value.elements[-1].value
    if isinstance(item, cst.Dict):
        content = next((e.value for e in item.elements if isinstance(e, cst.DictElement) and
                        isinstance(e.key, cst.SimpleString) and
                        e.key.evaluated_value == "content"), None)
    elif isinstance(item, cst.Call) and len(item.args) == 1 and item.args[0].keyword is None \
            and not item.args[0].star:
        content = item.args[0].value
    else:
        content = None
    return content if isinstance(content, (cst.FormattedString, cst.ConcatenatedString)) \
        else value


def _final_return(function) -> cst.Return | None:
    """The `return` with a value that is a function's final statement; when that statement
    is an `if`/`else` whose every arm ends so (`if candidates: return (...) else: return
    (...)`), the arm's return that spells the most text. Only final statements are looked
    at (walking every function for its returns would cost more than the rest of the
    analysis)."""
    body = reachable(function.body.body) if isinstance(function.body, cst.IndentedBlock) \
        else ()
    return _ending_return(body[-1]) if body else None


def _ending_return(last, depth: int = 0) -> cst.Return | None:
    if isinstance(last, cst.SimpleStatementLine) and last.body and \
            isinstance(last.body[-1], cst.Return) and last.body[-1].value is not None:
        return last.body[-1]
    if not isinstance(last, cst.If) or depth > 4:
        return None
    arms, current = [], last
    while isinstance(current, cst.If):  # `if` / `elif` ... / `else`
        arms.append(current.body)
        current = current.orelse
    if current is None:
        return None  # no `else`: the function may go on past it
    arms.append(current.body)
    returns = []
    for arm in arms:
        statements = arm.body if isinstance(arm, cst.IndentedBlock) else ()
        found = _ending_return(statements[-1], depth + 1) if statements else None
        if found is None:
            return None
        returns.append(found)
    return max(returns, key=lambda r: richness(r.value))


def _tool_specs(finder: SinkFinder, function) -> Candidate | None:
    """A function whose last `return` is a list of tool specs written out (`name`,
    `description` and `parameters`, or `{"type": "function", "function": {...}}`), a
    plugin's `get_spec()` that a manager not in view hands to the model: measured as the
    tools block, when a value that changes at least daily (`Today is {date}` in a
    description) is in it. Tools come before everything else of a request."""
    final = _final_return(function)
    value = final.value if final is not None else None
    if not isinstance(value, cst.List) or not value.elements or \
            not all(_is_tool_spec(e.value) for e in value.elements):
        return None
    from ...ir import Scope
    from .values import Context

    module = finder.module
    ctx = Context(module, function, module.pos(final), False, arms=module.arms(final))
    block = finder.messages.tools(value, ctx)
    holes = [s for s in block.segments if isinstance(s, Hole)]
    if not any(Scope.DAY <= h.scope < Scope.UNKNOWN for h in holes):
        return None
    prompt = replace(finder.prompt_at(module.line(value), (block,), tuple(holes)),
                     sink="text")
    return Candidate(prompt, module.span(value))


def _is_tool_spec(node) -> bool:
    """A dict literal written as a function tool's spec."""
    if not isinstance(node, cst.Dict):
        return False
    keys = {k for k in (_key(e) for e in node.elements) if k}
    if keys >= {"type", "function"}:
        inner = next(e.value for e in node.elements if _key(e) == "function")
        return _is_tool_spec(inner)
    return keys >= {"name", "description"} and bool(keys & {"parameters", "input_schema"})


def _key(element) -> str | None:
    """The literal string key of a dict element, or None."""
    if isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString):
        key = element.key.evaluated_value
        return key if isinstance(key, str) else None
    return None


def _literal_text(value) -> str | None:
    """The constant text of an f-string or of a string literal's `.format(...)`, read from
    the syntax alone; None when it cannot be known without following names."""
    if isinstance(value, cst.FormattedString):
        return "".join(p.value for p in value.parts if isinstance(p, cst.FormattedStringText))
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and \
            value.func.attr.value == "format" and isinstance(value.func.value, cst.SimpleString):
        text = value.func.value.evaluated_value
        return FORMAT_FIELD.sub(" ", text) if isinstance(text, str) else None
    return None


def _chat(finder: SinkFinder, name: str, node) -> Candidate | None:
    """A chat written out as (role, text) pairs with `{placeholders}`, measured on its own:
    one block a message, in order."""
    ctx = finder._context(node)
    blocks = tuple(Block(role, tuple(finder.messages.placeholders(text, ctx)))
                   for role, text in _role_pairs(node))
    return _measured_alone(finder, name, blocks, node, None)


def _candidate(finder: SinkFinder, name: str, segments: list, node, span: Span | None,
               ) -> Candidate | None:
    role = "system" if "system" in name.lower() else "user"
    return _measured_alone(finder, name, (Block(role, tuple(segments)),), node, span)


def _measured_alone(finder: SinkFinder, name: str, blocks: tuple, node, span: Span | None,
                    ) -> Candidate | None:
    """Prompt text with no sink as a prompt of its own, when it has a placeholder and its
    constant text reads as a prompt."""
    holes = [s for b in blocks for s in b.segments if isinstance(s, Hole)]
    constant = "".join(s.text for b in blocks for s in b.segments if isinstance(s, Text))
    if not holes or not reads_as_prompt(constant, name):
        return None
    module = finder.module
    prompt = replace(finder.prompt_at(module.line(node), blocks, tuple(holes)), sink="text")
    return Candidate(prompt, span or module.span(node))
