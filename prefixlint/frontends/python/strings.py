"""What string operations and library calls do to prompt text: f-strings, `%`, `join`,
`json.dumps`, repetition, and reads of template files (placeholders filled by a call are
`fills.py`). A mixin of the interpreter: these methods call back into `text`, `resolve` and
`hole`."""

from __future__ import annotations

import dataclasses
import inspect
import json
import re
import textwrap
from typing import TYPE_CHECKING

import libcst as cst

from ...ir import Hole, Scope, Text
from .literals import (MAX_DEPTH, deeper, dict_items, dotted_name, format_constant, is_cast,
                       iter_source, literal_value, shorten, source_texts, spec_text,
                       names_read, offset_span, strip_text, text_between,
                       transform_text)
from .calls import RETURNING, launched
from .json_text import json_segments
from .pure import CHANGING
from .sites import generated
from .sources import CLOCKS, COMMAND_LINE, SCHEMA_METHODS, source_scope
from .templates import PACKAGE_READS, default_of
from .turns import INPUT, asked_before_turns

# Modules whose functions give another result on the same constants (time, chance, the
# machine's files and state): never a constant's fixed rendering.
_CHANCE_MODULES = frozenset({"random", "secrets", "uuid", "time", "datetime", "os", "glob",
                             "pathlib", "shutil", "subprocess", "socket", "requests", "httpx",
                             "numpy", "faker", "itertools"})
# String methods whose result varies as the text they are called on (`reply.split("##")`).
_DERIVING_METHODS = frozenset({"split", "rsplit", "partition", "rpartition", "splitlines",
                               "lower", "upper", "title", "capitalize", "casefold",
                               "removeprefix", "removesuffix"})
# Methods that make another text of a constant text alone (`NAME.lower()`).
_CASE_METHODS = frozenset({"lower", "upper", "title", "capitalize", "casefold"})
# What measures a text (`prompt.count("Example")`, `len(prompt)`): a number that varies as
# the text does, whatever the text is called.
_MEASURING_METHODS = frozenset({"count", "find", "rfind", "index", "rindex", "startswith",
                                "endswith"})
# Builtins that make a number of one value (`len(prompt)`, `int(round(level * 100))`).
_NUMBER_OF = frozenset({"builtins.len", "builtins.int", "builtins.float", "builtins.round",
                        "builtins.abs"})
# Builtins that hold values within bounds (`max(1, min(week, 18))`).
_BOUNDS = frozenset({"builtins.max", "builtins.min"})
# Methods a template object is filled by, with its fields' values by name.
_FILLING = frozenset({"to_string", "render", "fill", "substitute", "safe_substitute",
                      "format_prompt"})
# `json.dumps` and the drop-in libraries that write the same text (`import rapidjson as json`).
JSON_DUMPS = ("json.dumps", "simplejson.dumps", "ujson.dumps", "rapidjson.dumps")
from .messages import argument_of
from .values import ArmGuard, Context, HoleItem, LoopItem, Parts, Seg, constant_chars

if TYPE_CHECKING:
    from .interpreter import Lowerer

PERCENT = re.compile(r"%(?:\((\w+)\))?[-#0 +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[diouxXeEfFgGcrsa%]")
# A name that says a path leads to prompt text the code ships, not to a caller's document.
_PROMPT_FILE = re.compile(r"prompt|template|instruction|system", re.IGNORECASE)
# Functions that render a Mustache template (text first) with a mapping of values.
MUSTACHE_RENDERS = frozenset({"chevron.render", "chevron.renderer.render", "pystache.render"})
# The method of an output parser (LangChain's) that writes how to format the answer.
FORMAT_INSTRUCTIONS = "get_format_instructions"
# Calls that list what a folder holds when the code runs (`Path.glob`, `os.listdir`).
_LISTINGS = frozenset({"glob", "rglob", "iglob", "iterdir", "listdir", "scandir"})
# Data the project ships, parsed from a file: JSON and the drop-in readers of JSON with
# comments or of its relaxed forms (`commentjson.load(file)` of a setup file), YAML, TOML
# and CSV.
DATA_LOADERS = frozenset({"json.load", "commentjson.load", "json5.load", "pyjson5.load",
                          "hjson.load", "simplejson.load", "ujson.load", "rapidjson.load",
                          "yaml.safe_load", "yaml.load", "yaml.full_load", "tomllib.load",
                          "tomli.load", "toml.load", "tomlkit.load", "csv.reader",
                          "csv.DictReader"})


def _given(args) -> list[cst.Arg]:
    """A call's arguments, each value of a list or tuple given as its own (`query_texts=
    [question]` gives the question); `*spread` ones left out."""
    out: list[cst.Arg] = []
    for arg in args:
        if arg.star:
            continue
        if isinstance(arg.value, (cst.List, cst.Tuple)):
            out.extend(cst.Arg(e.value) for e in arg.value.elements
                       if isinstance(e, cst.Element))
        else:
            out.append(arg)
    return out


def writes_schema(node: cst.BaseExpression) -> bool:
    """Whether a call writes out a data class's JSON schema (`Answer.model_json_schema()`)."""
    return isinstance(node, cst.Call) and not node.args and \
        isinstance(node.func, cst.Attribute) and node.func.attr.value in SCHEMA_METHODS


class StringOps:
    """String and library-call semantics of the interpreter (see `interpreter.Lowerer`)."""

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

    def _fstring(self, node: cst.FormattedString, ctx: Context) -> list[Seg]:
        out: list[Seg] = []
        raw = "r" in node.prefix.lower()
        for part in node.parts:
            if isinstance(part, cst.FormattedStringText):
                span = ctx.module.span(part)
                out.extend(source_texts(part.value, span.path, span.line, span.column,
                                        escapes=not raw, braces=True))
                continue
            spec = spec_text(part.format_spec)
            inner = self.text(part.expression, ctx)
            if spec:
                inner = self._as_format(inner, spec)
            if all(isinstance(s, Text) for s in inner) and not spec and part.conversion is None:
                out.extend(inner)
            elif all(isinstance(s, Text) for s in inner):
                formatted = format_constant("".join(s.text for s in inner), spec,
                                            part.conversion)
                if formatted is None:  # a width past any real prompt (`{x:>50000000}`)
                    out.append(self.hole(part.expression, ctx))
                else:
                    out.append(Text(formatted, ctx.module.span(part)))
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
        keyed = dict_items(right) if isinstance(right, cst.Dict) else {}
        out: list[Seg] = []
        position = 0
        index = 0
        for match in PERCENT.finditer(fmt):
            out.extend(text_between(template, position, match.start()))
            position = match.end()
            if match.group(0) == "%%":
                out.append(Text("%", None))
                continue
            # (a value is placed as `.format` places it: at the `%s` of a constant template)
            placeholder = offset_span(template, match.start(), len(match.group(0)))
            if match.group(1) and match.group(1) in keyed:
                value = keyed[match.group(1)]
                out.extend(self.filled_at(self.text(value, ctx), match.group(0), placeholder,
                                          value, ctx))
            elif not keyed and index < len(positional):
                element = positional[index]
                value = element.value if isinstance(element, cst.Element) else element
                out.extend(self.filled_at(self.text(value, ctx), match.group(0), placeholder,
                                          value, ctx))
                index += 1
            else:
                out.append(self.hole(right, ctx, self.path_of(right, ctx)))
        out.extend(text_between(template, position, len(fmt)))
        return [s for s in out if not (isinstance(s, Text) and not s.text)]

    def varies_as(self, node: cst.CSTNode, operands: list, ctx: Context,
                  unclassified: bool = False) -> list[Seg] | None:
        """A value computed from others (a count of text, `level * 100`): one hole as volatile
        as the most volatile of them, the deployment's when none varies; when one is of
        unknown scope, None (its name then says more), or with `unclassified` one hole of
        unknown scope named by the values it is made of."""
        holes = [s for operand in operands for s in self.text(operand, ctx)
                 if isinstance(s, Hole)]
        if any(h.scope is Scope.UNKNOWN for h in holes):
            if not unclassified:
                return None
            return [Hole("value", shorten(ctx.module.source(node)), ctx.module.span(node),
                         tuple(dict.fromkeys(d for h in holes for d in h.deps)), Scope.UNKNOWN)]
        top = max(holes, key=lambda h: int(h.scope.varies_like), default=None)
        if top is None:
            return [self.hole(node, ctx, scope=Scope.DEPLOY)]
        return [Hole("value", shorten(ctx.module.source(node)), ctx.module.span(node),
                     tuple(dict.fromkeys(d for h in holes for d in h.deps)), top.scope)]

    def _call(self, node: cst.Call, ctx: Context) -> list[Seg]:
        qualified = ctx.module.qualname(node.func) or ""
        func = node.func
        method = func.attr.value if isinstance(func, cst.Attribute) else None
        scope = source_scope(qualified, self.sources)
        if scope is None and method in COMMAND_LINE:
            scope = Scope.DEPLOY
        if scope is None and writes_schema(node):
            scope = Scope.DEPLOY  # a data class's JSON schema: its fields, written in the code
        if scope is None and method == FORMAT_INSTRUCTIONS and not node.args:
            # an output parser's instructions for its answer class: a paragraph and the
            # class's schema, the same for every request, sampled at their usual length
            return [self.hole(node, ctx, FORMAT_INSTRUCTIONS.removeprefix("get_"),
                              Scope.DEPLOY)]
        if scope is not None:
            if ctx.import_time and scope >= Scope.DAY and qualified.startswith(CLOCKS) and \
                    self.converses:
                # read at the start of a chat program's run: the same for the whole session
                hole = self.hole(node, dataclasses.replace(ctx, import_time=False),
                                 qualified + "()", Scope.SESSION)
                if qualified == "time.strftime" and node.args:
                    return self._as_format([hole], literal_value(node.args[0].value))
                return [hole]
            if ctx.import_time and scope >= Scope.DAY and qualified.startswith(CLOCKS):
                self.note("PFX007", ctx.module.span(node),
                          f"'{shorten(ctx.module.source(node))}' is read once (when the module "
                          "is imported, or when an object kept for the process is made): the "
                          "prefix stays cacheable, but the time it shows grows stale")
            if qualified == INPUT and asked_before_turns(ctx.module, node):
                # a console chat's setup question, asked before its turn loop: the run's
                return [self.hole(node, ctx, scope=Scope.SESSION)]
            hole = self.hole(node, ctx, qualified + "()", scope)
            if qualified == "time.strftime" and node.args:  # the clock, formatted to the day
                return self._as_format([hole], literal_value(node.args[0].value))
            return [hole]
        ran = launched(node, ctx.module) if method in RETURNING else None
        if ran is not None:  # `await asyncio.to_thread(read, path)`: what `read(path)` returns
            return self.text(ran, ctx)
        if is_cast(node, qualified):
            return self.text(node.args[1].value, ctx)  # `cast(Template, t)` is `t`
        if qualified in DATA_LOADERS:  # data the project ships, read at run time
            return [self.hole(node, ctx, scope=Scope.DEPLOY)]
        if method == "strftime" and isinstance(func, cst.Attribute):
            fmt = literal_value(node.args[0].value) if node.args else None
            return self._as_format(self.text(func.value, ctx), fmt)
        if method == "format" and isinstance(func, cst.Attribute):
            return self._format(func.value, node.args, ctx)
        if method in ("substitute", "safe_substitute") and isinstance(func, cst.Attribute):
            substituted = self._substitute(func.value, node.args, ctx)
            if substituted is not None:
                return substituted
        if method in _FILLING and isinstance(func, cst.Attribute):
            filled = self._template_object(func.value, method, node.args, ctx)
            if filled is not None:
                return filled
        if method == "replace" and isinstance(func, cst.Attribute) and len(node.args) >= 2:
            replaced = self._replace(func.value, node.args[0].value, node.args[1].value, ctx)
            if replaced is not None:
                return replaced
        if qualified == "re.sub" and len(node.args) >= 3 and _plain_pattern(node.args[0].value):
            # `re.sub(r"<task>", task, TEMPLATE)`: a slot filled as `.replace` fills it
            replaced = self._replace(node.args[2].value, node.args[0].value,
                                     node.args[1].value, ctx)
            if replaced is not None:
                return replaced
        if qualified == "re.sub" and len(node.args) == 3:
            # `re.sub(r"<<([^>>]+)>>", r"{\1}", text)`: a file's slots made format fields
            converted = self._slots_to_fields(node.args[0].value, node.args[1].value,
                                              node.args[2].value, ctx)
            if converted is not None:
                return converted
        if qualified == "re.sub" and len(node.args) >= 3 and \
                isinstance(literal_value(node.args[1].value), str):
            # `re.sub(r"\n{3,}", "\n\n", prompt)`: a tidy-up of the text with a fixed
            # replacement (blank lines, spaces) keeps it what it was; the pattern is not
            # run (a pattern from the analyzed code could take any time)
            return self.text(node.args[2].value, ctx)
        if method == "format_map" and isinstance(func, cst.Attribute) and node.args:
            return self._format(func.value, [cst.Arg(node.args[0].value, star="**")], ctx)
        if self.linker is not None and qualified in MUSTACHE_RENDERS:
            rendered = self._mustache_render(node, ctx)
            if rendered is not None:
                return rendered
        if self.linker is not None and isinstance(func, cst.Attribute):
            linked = self._linked(node, func, method, ctx)
            if linked is not None:
                return linked
        if self.linker is not None and qualified in PACKAGE_READS[:2]:
            path = self.linker.package_file(node, ctx)  # `read_text(package, resource)`
            if path is not None:
                self.files.add(path)
                return self.linker.text(path)
            return [self.hole(node, ctx, scope=Scope.DEPLOY)]  # a file the package ships
        if method == "join" and isinstance(func, cst.Attribute) and node.args:
            return self._join(func.value, node.args[0].value, ctx)
        if method == "getvalue" and isinstance(func, cst.Attribute) and not node.args and \
                self.sequence(func.value, ctx) is not None:
            # `buffer.getvalue()` of an `io.StringIO` its `write` calls filled: what they
            # wrote, joined as written
            return self._join(ctx.module.made(cst.SimpleString('""'), node), func.value, ctx)
        if qualified in ("textwrap.dedent", "inspect.cleandoc") and node.args:
            transform = textwrap.dedent if qualified == "textwrap.dedent" else inspect.cleandoc
            return transform_text(self.text(node.args[0].value, ctx), transform)
        if method in ("strip", "lstrip", "rstrip") and isinstance(func, cst.Attribute):
            if not node.args:
                return strip_text(self.text(func.value, ctx), method)
            return transform_text(self.text(func.value, ctx), getattr(str, method))
        if method in _CASE_METHODS and isinstance(func, cst.Attribute) and not node.args:
            # `name.lower()` of a constant (`"Data Explorer"`): the text it makes
            base = self.text(func.value, ctx)
            if base and all(isinstance(s, Text) for s in base):
                return [Text(getattr("".join(s.text for s in base), method)(),
                             ctx.module.span(node))]
        if qualified in ("builtins.str",) and node.args:
            return self._stringify(node.args[0].value, ctx, node)
        if qualified == "builtins.repr" and node.args:
            return self._stringify(node.args[0].value, ctx, node)
        if qualified in JSON_DUMPS and node.args:
            return self._dumps(node, ctx)
        if _template_object(qualified):  # `PromptTemplate(TEXT)`: the text it holds
            held = argument_of(node, "template") or argument_of(node, "0")
            if held is not None:
                return self.text(held, ctx)
        helper = self._lambda_call(node, ctx) or self._helper(node, ctx)
        if helper is not None:
            return helper
        if qualified in _BOUNDS and node.args and not any(a.star for a in node.args):
            # `max(1, min(week, 18))`: a value held within bounds varies as the value does
            # (the name `max` says nothing of it; unclassified when the value is)
            operands = [a.value for a in node.args if a.keyword is None]
            return self.varies_as(node, operands, ctx, unclassified=True)
        receiver = func.value if isinstance(func, cst.Attribute) else None
        measured = receiver if method in _MEASURING_METHODS else node.args[0].value \
            if qualified in _NUMBER_OF and node.args and not node.args[0].star else None
        if isinstance(measured, (cst.Name, cst.Attribute, cst.Call, cst.BinaryOperation)):
            # (the text so far, `prompt.count("Example")` of constant few-shot examples: the
            # deployment's; of a document, as the document varies; `int(level * 100)`)
            derived = self.varies_as(node, [measured], ctx)
            if derived is not None:
                return derived
        if isinstance(receiver, cst.Call) or method in _DERIVING_METHODS and \
                isinstance(receiver, (cst.Name, cst.Attribute)):
            # A method on a clock reading or an id (`date.today().isoformat()`) changes
            # exactly as often as the value it is called on; a string method on text the code
            # put together (`reply.split("####")[-1]` of `reply += chunk.content` over a
            # model's stream) as its most volatile part.
            base = self.text(receiver, ctx)
            known = [s for s in base if isinstance(s, Hole) and s.scope is not Scope.UNKNOWN]
            if known and (len(base) == 1 or not isinstance(receiver, cst.Call)):
                top = max(known, key=lambda h: int(h.scope.varies_like))
                return [Hole(top.kind, shorten(ctx.module.source(node)),
                             ctx.module.span(node), top.deps, top.scope)]
        rows: dict[int, str] = {}  # what `_table_item` says of each argument, asked once

        def row(arg: cst.Arg) -> str:
            if id(arg) not in rows:
                rows[id(arg)] = self._table_item(arg, ctx)
            return rows[id(arg)]

        if node.args and (dotted_name(func) if isinstance(func, (cst.Name, cst.Attribute))
                          else "").partition(".")[0] in ctx.module.imports and \
                any(self._code_object(a, ctx) or row(a) == "code" for a in node.args) and \
                all(self._code_object(a, ctx) or self._constant_arg(a, ctx) or row(a)
                    for a in node.args):
            # `tool.spec(ask_followups)`, `to_openai_tool(SearchArgs)`, `StructuredTool
            # .from_function(func=run, name="sql", args_schema=SqlArgs)`: what a library makes
            # of the project's functions and classes (and constants) is fixed by the code:
            # deploy-scoped.
            return [self.hole(node, ctx, scope=Scope.DEPLOY)]
        if self._fixed_library_object(node, ctx, 0):
            # `MCPToolset(server_info=StreamableHttpServerInfo(url="..."), tool_names=[...])`:
            # a library's object made of constants only is the deployment's
            return [self.hole(node, ctx, scope=Scope.DEPLOY)]
        if len(node.args) == 1 and not node.args[0].star and node.args[0].keyword is None and \
                isinstance(func, cst.Name) and func.value in ctx.module.imports and \
                (qualified or "").partition(".")[0] not in _CHANCE_MODULES and \
                isinstance(data := self.json_value(node.args[0].value, ctx), (list, dict)):
            # `format_as_xml(SQL_EXAMPLES)`: what a library function writes out of constant
            # data is the same text on every request (a random pick of it is not); measured
            # as the data written out, about as long as that text
            return [Text(json.dumps(data, ensure_ascii=False, indent=1), ctx.module.span(node))]
        if generated(node):  # `self.model(messages)`, `llm.invoke(prompt)`: the model's reply
            return [self.hole(node, ctx, f"{dotted_name(func)}()", Scope.REQUEST)]
        # `format_docs(docs)`, `retriever.search(question)`: a library function applied to
        # values is named (and scoped) by the most volatile of them.
        arguments = [p for a in _given(node.args) if not isinstance(a.value, cst.Call)
                     and not self._code_object(a, ctx)  # `args_schema=Question`: a type
                     for p in [self.path_of(a.value, ctx)] if p]
        classified = [p for p in arguments if self.scope_of(p) is not Scope.UNKNOWN]
        if classified:
            return [self.hole(node, ctx, max(classified, key=lambda p: (
                int(self.scope_of(p).varies_like), -classified.index(p))))]
        return [self.hole(node, ctx, self.path_of(node, ctx))]

    def _constant_arg(self, arg: cst.Arg, ctx: Context) -> bool:
        """Whether an argument is constant: a literal, or a name for constant text."""
        if arg.star:
            return False
        if literal_value(arg.value) is not None:
            return True
        if not isinstance(arg.value, cst.Name):
            return False
        segments = self.text(arg.value, ctx)
        return bool(segments) and all(isinstance(s, Text) for s in segments)

    def _fixed_library_object(self, node: cst.BaseExpression, ctx: Context,
                              depth: int) -> bool:
        """Whether an expression makes an object of a library class (named as a class,
        imported from outside the project) from constants only: literals, and other such
        objects (by name or written in place), two levels deep at most."""
        if depth > 2 or not isinstance(node, cst.Call) or not node.args or \
                not isinstance(node.func, (cst.Name, cst.Attribute)):
            return False
        last = dotted_name(node.func).rsplit(".", 1)[-1]
        first = dotted_name(node.func).partition(".")[0]
        if not last[:1].isupper() or first not in ctx.module.imports or \
                (ctx.module.qualname(node.func) or "").partition(".")[0] in _CHANCE_MODULES or \
                self.load_module(ctx.module.imports[first][0], ctx.module.path) is not None:
            return False
        for arg in node.args:
            value = arg.value
            if arg.star or (literal_value(value) is None and
                            not isinstance(self.json_value(value, ctx), (list, dict))):
                found = self.follow(value, ctx) if not arg.star else None
                if found is None or not self._fixed_library_object(found[0], found[1],
                                                                   depth + 1):
                    return False
        return True

    def _code_object(self, arg: cst.Arg, ctx: Context) -> bool:
        """Whether an argument names a function or class of the project (defined in the
        module, in the function around the call, or imported), not a value."""
        value = arg.value
        if arg.star or not isinstance(value, cst.Name):
            return False
        name = value.value
        module = ctx.module
        if _names_code(name, module):
            return True
        enclosing = module.enclosing_function(arg)
        return enclosing is not None and any(
            isinstance(statement, (cst.FunctionDef, cst.ClassDef)) and
            statement.name.value == name for statement in enclosing.body.body)

    def _table_item(self, arg: cst.Arg, ctx: Context) -> str:
        """`for model, name, description in TOOL_DEFS`: a loop variable over a table the code
        writes, rows of literals and names of the project's classes and functions: "code"
        when the rows name code, "constant" when they hold literals only, else ""."""
        value = arg.value
        if arg.star or not isinstance(value, cst.Name) or \
                not _loop_target(value, ctx.module):
            return ""  # (only a name a `for` around the call binds is looked up)
        held = self.resolve(value.value, ctx)
        found = self.follow(held.iterable, held.ctx) if isinstance(held, LoopItem) else None
        if found is None or not isinstance(found[0], (cst.List, cst.Tuple)):
            return ""
        code = False
        for element in found[0].elements:
            row = element.value
            for cell in row.elements if isinstance(row, (cst.List, cst.Tuple)) else [row]:
                cell = cell.value if isinstance(cell, cst.BaseElement) else cell
                if isinstance(cell, cst.Name) and _names_code(cell.value, found[1].module):
                    code = True
                elif literal_value(cell) is None:
                    return ""
        return "code" if code else "constant"

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
                path = self._version_file(self._read_path(func.value, ctx))
                if path is None:
                    return [self._per_item_file(node, func.value, ctx) or
                            self._per_call_file(node, func.value, ctx) or
                            self._listed_file(node, func.value, ctx) or
                            self.hole(node, ctx, scope=Scope.DEPLOY)]
        elif method == "read_text":
            path = linker.path(self, func.value, ctx) or self._version_file((func.value, ctx))
            if path is None:
                return [self._per_item_file(node, func.value, ctx) or
                        self._per_call_file(node, func.value, ctx) or
                        self._listed_file(node, func.value, ctx) or
                        self.hole(node, ctx, scope=Scope.DEPLOY)]
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
                embedded = self._embedded(name, node.args, node, ctx)
                if embedded is not None:
                    return embedded
            return self._render_text(func.value, node.args, ctx)
        if path is None:
            return None
        self.files.add(path)
        return linker.text(path)

    def _version_file(self, read: tuple[cst.BaseExpression | None, Context]) -> str | None:
        """The file a read takes of the versions a path with one unknown folder names
        (`TemplateLinker.versions`): each is measured, one per variant of the prompt."""
        target, at = read
        files = self.linker.versions(self, target, at) if target is not None else []
        if not files:
            return None
        self.variants = max(self.variants, len(files))
        chosen = files[min(self.variant, len(files) - 1)]
        self.variant_files.setdefault(self.variant, chosen)
        return chosen

    def _read_path(self, opened: cst.BaseExpression, ctx: Context,
                   ) -> tuple[cst.BaseExpression | None, Context]:
        """The path expression of what a read is called on (`open(path)`, `Path(path)
        .open()`, `Path(path)` of `.read_text()`), following names, with its context."""
        found = self.follow(opened, ctx)
        if found is None or not isinstance(found[0], cst.Call):
            return None, ctx
        call, at = found
        target = call.func.value if isinstance(call.func, cst.Attribute) and \
            call.func.attr.value in ("open", "read_text") else \
            call.args[0].value if call.args else None
        return target, at

    def _per_item_file(self, read: cst.Call, opened: cst.BaseExpression,
                       ctx: Context) -> Hole | None:
        """A file read by a name a loop gives (`for name in os.listdir(folder): open(
        os.path.join(folder, name)).read()`): one document per item, not a prompt file the
        deployment ships; a value of the loop's items. None for any other read."""
        target, at = self._read_path(opened, ctx)
        if target is None and isinstance(opened, cst.Name):  # `for path in folder.glob(...)`
            target, at = opened, ctx  # then `path.read_text()`
        for name in names_read(target) if target is not None else ():
            item = self.resolve(name.value, at)
            if isinstance(item, LoopItem):
                return self.hole(read, ctx, self.item_path(item, at))
        return None

    def _listed_file(self, read: cst.Call, opened: cst.BaseExpression,
                     ctx: Context) -> Hole | None:
        """A file read from what a run finds in a folder (`txt_files = list(out.glob(
        "*.txt"))`, then `open(txt_files[0]).read()`): the run's input, new with each run,
        not a file the deployment ships. None for any other read."""
        target, at = self._read_path(opened, ctx)
        for _ in range(4):
            if isinstance(target, cst.Subscript):
                target = target.value
            found = self.follow(target, at) if isinstance(target, cst.Name) else None
            if found is not None:
                target, at = found
            if isinstance(target, cst.Call) and isinstance(target.func, cst.Name) and \
                    target.func.value in ("list", "sorted") and target.args:
                target = target.args[0].value
                continue
            break
        if not isinstance(target, cst.Call):
            return None
        name = target.func.attr.value if isinstance(target.func, cst.Attribute) else \
            target.func.value if isinstance(target.func, cst.Name) else ""
        if name not in _LISTINGS:
            return None
        return self.hole(read, ctx, scope=Scope.REQUEST)

    def _per_call_file(self, read: cst.Call, opened: cst.BaseExpression,
                       ctx: Context) -> Hole | None:
        """A file read by a path a caller gives (`def restructure(note_path): open(os.path
        .join(VAULT, note_path)).read()`): the caller's document, per call, named by the
        parameter (scoped by its name, or by what a caller passes); not a file the
        deployment ships. None when the path is built from constants and settings, or
        names a prompt (`prompt_file`, `template_path`)."""
        target, at = self._read_path(opened, ctx)
        pending = [(target, at, 0)] if target is not None else []
        while pending:
            node, where, depth = pending.pop()
            option = self._input_option(node, where)
            if option is not None:
                return self.hole(read, ctx, option, Scope.REQUEST)
            for name in names_read(node):
                if name.value in ("self", "cls") or _PROMPT_FILE.search(name.value):
                    continue
                resolved = self.resolve(name.value, where)
                if resolved == "param" and not isinstance(literal_value(
                        default_of(where.function, name.value)), str):
                    # (a default path, `def load(path="notes/today.md")`, is the file read)
                    return self.hole(read, ctx, name.value)
                if isinstance(resolved, tuple) and depth < 6 and \
                        isinstance(resolved[0], cst.BaseExpression):
                    pending.append((resolved[0], resolved[1], depth + 1))
        return None

    def _input_option(self, node: cst.BaseExpression, ctx: Context) -> str | None:
        """The command-line option a read's path comes from (`open(args.requirements)`,
        `os.path.join(args.folder, "notes.md")`): the file the user points this run at is
        the run's input, new with each run, unlike the other options (settings). None when
        no option is read, or the option names prompt text or settings the deployment
        gives (`args.prompt_file`, `args.config`)."""
        pending = [node]
        while pending:
            current = pending.pop()
            if isinstance(current, cst.Attribute) and isinstance(current.value, cst.Name):
                option = current.attr.value
                if self._command_line(current.value, ctx):
                    if _PROMPT_FILE.search(option) or \
                            self.scope_of(option) is Scope.DEPLOY:
                        return None
                    return f"{current.value.value}.{option}"
                continue
            pending.extend(reversed(current.children))
        return None

    def _template_source(self, node: cst.BaseExpression, ctx: Context) -> str | None:
        """The file behind `Template(open(p).read())` or `env.from_string(Path(p)
        .read_text())`, following names."""
        for _ in range(3):  # through helpers that return it (`template = _template()`)
            found = self.follow(node, ctx, attributes=True)
            if found is None:
                return None
            node, ctx = found
            if not isinstance(node, cst.Call):
                return None
            qualified = ctx.module.qualname(node.func) or ""
            if node.args and (qualified == "jinja2.Template" or (
                    isinstance(node.func, cst.Attribute) and
                    node.func.attr.value == "from_string")):
                return self._file_read(node.args[0].value, ctx)
            returned = self.last_return(node, ctx)
            if returned is None:
                return None
            node, ctx = returned
        return None

    def _file_read(self, node: cst.BaseExpression, ctx: Context) -> str | None:
        """The project file whose whole text an expression is (`Path(p).read_text()`,
        `open(p).read()`, a name bound to one), or None."""
        segments = self.text(node, ctx)
        if len(segments) == 1 and isinstance(segments[0], Text) and segments[0].span \
                and segments[0].span.line == 1 and segments[0].span.column == 1 \
                and not segments[0].span.path.endswith(".py"):
            return segments[0].span.path
        return None

    def _mustache_render(self, node: cst.Call, ctx: Context) -> list[Seg] | None:
        """`chevron.render(Path(p).read_text(), {...})`, `pystache.render(text, values)`: a
        Mustache template file of the project rendered with a mapping, embedded as a Jinja
        template file rendered with it is (frontends/mustache.py reads one as the other)."""
        template = argument_of(node, "template") or argument_of(node, "0")
        if template is None:
            return None
        data = argument_of(node, "data") or argument_of(node, "context") or \
            argument_of(node, "1")
        args = [cst.Arg(data)] if data is not None else []
        name = self._file_read(template, ctx)
        if name is None:  # `chevron.render(RULES, {"task": task})`: text known here
            segments = self.text(template, ctx)
            if not segments or not all(isinstance(s, Text) for s in segments):
                return None
            from ..mustache import jinja_source

            return self._fill_jinja(segments, jinja_source("".join(s.text for s in segments)),
                                    args, ctx, template)
        return self._embedded(name, args, node, ctx)

    def _embedded(self, name: str, args, node: cst.Call, ctx: Context) -> list[Seg] | None:
        """A template file of the project rendered by `node` with the values `args` pass,
        its files read; None when it cannot be loaded."""
        embed = self.linker.embed(name, args, self, ctx, ctx.module.span(node))
        if embed is None:
            return None
        self.files.update(embed.renderer.inner.workspace.load(name))
        return [embed]

    def _stringify(self, value: cst.BaseExpression, ctx: Context, call: cst.Call) -> list[Seg]:
        if is_set(value, ctx, self):
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
                kwargs = {a.keyword.value: literal_value(a.value) for a in node.args[1:]
                          if a.keyword is not None and literal_value(a.value) is not None}
                return [Text(json.dumps(constant, **kwargs), ctx.module.span(node))]
            except (TypeError, ValueError):
                pass
        held = self.follow(value, ctx)  # a dict or list written out here or where assigned
        if held is not None and isinstance(held[0], cst.Call):
            # `payload = build_payload(week, cards)`: the one dict or list it returns
            returned = self.bound_returns(held[0], held[1])
            if len(returned) == 1 and isinstance(returned[0][0], (cst.Dict, cst.List)):
                held = returned[0]
        schema = held is not None and writes_schema(held[0])
        if not sort_keys and not schema and not _keys_in_code_order(held):
            args = list(node.args)
            given = next((i for i, a in enumerate(args) if a.keyword is not None
                          and a.keyword.value == "sort_keys"), None)
            if given is not None:  # `sort_keys=False`: its value changes, never a second one
                args[given] = args[given].with_changes(value=cst.Name("True"))
            else:
                args[-1] = args[-1].with_changes(comma=cst.Comma(
                    whitespace_after=cst.SimpleWhitespace(" ")))
                args.append(cst.Arg(cst.Name("True"), keyword=cst.Name("sort_keys"),
                                    equal=cst.AssignEqual(cst.SimpleWhitespace(""),
                                                          cst.SimpleWhitespace(""))))
            fixed = ctx.module.tree.code_for_node(node.with_changes(args=args))
            # `json.dumps(x, **options)` may already pass sort_keys: adding it could make the
            # call fail (a keyword given twice), so that is no fix to apply blindly
            spread = given is None and any(a.star == "**" for a in node.args)
            # Python keeps a dict's keys in the order they were put in, so only data built
            # from a set is shown to change order between processes; data not in view is
            # said (info: shown when asked for), not called an error
            unordered = held is not None and _from_set(held[0], held[1], self)
            self.note("PFX010", ctx.module.span(node),
                      f"'{shorten(ctx.module.source(node))}' serializes "
                      + ("data built from a set, whose key order is not fixed" if unordered
                         else "data whose key order is not in view")
                      + "; pass sort_keys=True"
                      + (" (not offered as a fix: the ** arguments may hold it)" if spread
                         else ""), None if spread else (ctx.module.span(node), fixed),
                      None if unordered else "info")
        if schema:  # a data class's schema written out: fixed by the code
            return [self.hole(node, ctx, scope=Scope.DEPLOY)]
        if held is not None:  # written out here: its constant parts, in the JSON's order
            written = json_segments(self, node, (held[0], deeper(held[1], ctx)))
            if written is not None:
                return written
        shown = self._display_hole(node, held, ctx)
        return [shown] if shown is not None else [self.hole(node, ctx, self.path_of(value, ctx))]

    def _display_hole(self, node: cst.Call, held: tuple | None, ctx: Context) -> Hole | None:
        """The JSON of a dict or list written out in the code (`held`, as `follow` found it)
        varies as the most volatile of the values it holds (`{"model": model, "region":
        region}`: as a deployment)."""
        if held is None or not isinstance(held[0], (cst.Dict, cst.List, cst.Tuple)):
            return None
        display, at = held
        if not all(isinstance(e, (cst.DictElement, cst.Element)) for e in display.elements):
            return None  # `**other`, `*rest`: what they hold is not written here
        holes = [segment for element in display.elements
                 for segment in self.text(element.value, deeper(at, ctx))
                 if isinstance(segment, Hole)]
        if not holes:
            return None
        worst = max(holes, key=lambda h: int(h.scope))
        return Hole(worst.kind, shorten(ctx.module.source(node)), ctx.module.span(node),
                    worst.deps, worst.scope)

    def _join(self, separator: cst.BaseExpression, iterable: cst.BaseExpression,
              ctx: Context) -> list[Seg]:
        sep = self.text(separator, ctx)
        items = self.sequence(iterable, ctx)
        if items is None:
            if is_set(iterable, ctx, self) or iterates_set(iterable, ctx, self):
                self.note("PFX010", ctx.module.span(iterable),
                          "a set is joined into prompt text: its order changes from process "
                          "to process (PYTHONHASHSEED); sort it first",
                          (ctx.module.span(iterable),
                           f"sorted({ctx.module.tree.code_for_node(iterable)})"))
                if constant_set(iter_source(iterable), ctx, self):
                    # fixed content, order fixed per process: PFX010 says it all
                    return [self.hole(iterable, ctx, scope=Scope.DEPLOY, kind="loop")]
            if isinstance(iterable, (cst.GeneratorExp, cst.ListComp)) and \
                    self._random_pick(iterable.for_in.iter, ctx) is not None:
                return self.text(iterable, ctx)  # a shuffled copy: PFX011 at the shuffle
            if self._part_of_constant(iter_source(iterable), ctx) or \
                    self._read_at_import(iter_source(iterable), ctx):
                return [self.hole(iterable, ctx, scope=Scope.DEPLOY, kind="loop")]
            split = self._split_text(iterable, ctx)
            if split is not None:
                return self.text(*split)
            source = _items_of(iter_source(iterable))
            if source is not iter_source(iterable) and isinstance(source, cst.Name) and \
                    source.value in ctx.bindings:
                # `", ".join(sorted(verbs))` of the caller's `verbs`: varies as what the
                # caller gives does (a list an object was made with is the deployment's)
                held = self.text(source, ctx)
                if len(held) == 1 and type(held[0]) is Hole and \
                        held[0].scope is not Scope.UNKNOWN:
                    return [Hole("loop", shorten(ctx.module.source(iterable)),
                                 ctx.module.span(iterable), held[0].deps, held[0].scope)]
            return [self.hole(iterable, ctx, self.path_of(iter_source(iterable), ctx),
                              kind="loop")]
        out: list[Seg] = []
        guard = ArmGuard()  # (the items an arm adds, and the separators before them)
        for index, (item, item_ctx) in enumerate(items):
            part = (sep if index else []) + self.text(item, item_ctx)
            if isinstance(item, HoleItem) and item.hole.kind == "branch" and item_ctx.arms:
                guard.opens(item.hole, item_ctx.arms)
            else:
                part = guard.mark(part, item_ctx.arms)
            out.extend(part)
        return out

    def _split_text(self, node: cst.BaseExpression, ctx: Context,
                    ) -> tuple[cst.BaseExpression, Context] | None:
        """The text whose lines are joined again (`"\\n".join(text.splitlines())`, or of
        `[line for line in lines if not line.startswith("#")]` of them: the lines a filter
        drops are kept, a close upper bound), following names; None for anything else."""
        for _ in range(MAX_DEPTH):
            if isinstance(node, (cst.ListComp, cst.GeneratorExp)) and \
                    node.for_in.inner_for_in is None and isinstance(node.elt, cst.Name) and \
                    isinstance(node.for_in.target, cst.Name) and \
                    node.elt.value == node.for_in.target.value:
                node = node.for_in.iter  # the lines a filter keeps
                continue
            if isinstance(node, cst.Name):
                found = self.follow(node, ctx)
                if found is None or found[0] is node:
                    return None
                node, ctx = found
                continue
            break
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and \
                node.func.attr.value == "splitlines":
            return node.func.value, ctx
        return None

    def _read_at_import(self, node: cst.BaseExpression, ctx: Context) -> bool:
        """Whether a function joins a module's name whose value the module reads when it is
        loaded (`DISHES = json.load(handle)` at the top level), or fills when it is loaded
        (`LABELS = {}` then `for key in SCHEMAS: LABELS[key] = ...`): made once per process,
        what is joined of it is the deployment's, as the name itself is. Read through what
        keeps the items (`sorted(LABELS.items(), key=...)`)."""
        node = _items_of(node)
        if not isinstance(node, cst.Name) or ctx.function is None or \
                node.value in ctx.bindings:
            return False
        found = self.follow(node, ctx)
        if found is None or found[1].function is not None or found[0] is node:
            return False
        module = found[1].module
        filled = module.memo("filled at import", found[0],
                             lambda: _filled_at_import(module, found[0]))
        if filled is None:
            return False  # changed as the program runs
        holes = [s for s in self.text(node, ctx) if isinstance(s, Hole)]
        if holes:
            return all(h.scope is Scope.DEPLOY for h in holes)
        return filled

    def _part_of_constant(self, node: cst.BaseExpression, ctx: Context) -> bool:
        """Whether `node` reads a part of a parameter the caller bound to a value made of
        constants only (`profiles.facts` of `render(EXAMPLE[1])`, an example object built at
        import): what is joined of it is the same on every request."""
        for _ in range(MAX_DEPTH):
            while isinstance(node, (cst.Attribute, cst.Subscript)):
                node = node.value
            if not isinstance(node, cst.Name) or node.value in ctx.bindings:
                break
            local = self.resolve(node.value, ctx)  # `lines = [... for p in profiles.facts]`
            if not isinstance(local, tuple):
                return False
            node, ctx = iter_source(local[0]), deeper(local[1], ctx)
        if not isinstance(node, cst.Name) or node.value not in ctx.bindings:
            return False
        value, value_ctx = ctx.bindings[node.value]
        if not isinstance(value, (cst.Call, cst.Subscript, cst.Name)):
            return False
        # the value itself, written where the module is loaded (not a parameter a caller
        # passes on, which an object's constructor may hold for its lifetime)
        held = self.follow(value, deeper(value_ctx, ctx)) \
            if not isinstance(value, cst.Call) else (value, value_ctx)
        if held is None or not held[1].import_time:
            return False
        segments = self.text(held[0], deeper(held[1], ctx))
        return all(not isinstance(s, Hole) or s.scope <= Scope.DEPLOY for s in segments)

    def json_value(self, node: cst.BaseExpression, ctx: Context) -> object | None:
        """A literal value (following names) as Python data, or None when not constant."""
        literal = literal_value(node)
        if literal is not None or isinstance(node, cst.Name) and node.value == "None":
            return literal
        if isinstance(node, cst.Name):
            resolved = self.resolve(node.value, ctx)
            if isinstance(resolved, tuple):
                return self.json_value(resolved[0], deeper(resolved[1], ctx))
            if isinstance(resolved, Parts):
                items = self._parts_sequence(resolved, ctx)
                values = [self.json_value(n, c) for n, c in items] if items is not None else []
                return values if items is not None and None not in values else None
            return None
        if isinstance(node, cst.Attribute) and ctx.depth < MAX_DEPTH:
            # `message.role` of a `Message(role="user", ...)` made by the caller
            resolved = self.attribute_value(node, ctx)
            return self.json_value(resolved[0], deeper(resolved[1], ctx)) \
                if isinstance(resolved, tuple) else None
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
                key, value = literal_value(element.key), self.json_value(element.value, ctx)
                if not isinstance(key, str) or value is None:
                    return None
                out[key] = value
            return out
        if isinstance(node, cst.BinaryOperation) and \
                isinstance(node.operator, (cst.Add, cst.Subtract)):
            # `indent + 1` passed down by a recursive describer: a count known at each depth
            left, right = self.json_value(node.left, ctx), self.json_value(node.right, ctx)
            if _small_int(left) and _small_int(right):
                return left + right if isinstance(node.operator, cst.Add) else left - right
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
                return self.json_text(resolved[0], deeper(resolved[1], ctx))
            items = self._parts_sequence(resolved, ctx) if isinstance(resolved, Parts) else None
            if items is not None:
                return self._json_list(items)
            if resolved is None and (self._defines_class(node.value, ctx) or
                                     self._defines_function(node.value, ctx)):
                # `response_format=Decision`, `tools=[search_schema, ...]`: the schema of a
                # class or function written in the code
                return [self.hole(node, ctx, node.value, Scope.DEPLOY)]
            return [self.hole(node, ctx, node.value)]
        made = node
        if isinstance(node, cst.IfExp):  # `page_schema() if json_mode else None`: when sent
            made = next((arm for arm, other in ((node.body, node.orelse),
                                                (node.orelse, node.body))
                         if isinstance(other, cst.Name) and other.value == "None"), node)
        if made is node and isinstance(node, cst.IfExp):
            chosen = self._json_either(node, ctx)
            if chosen is not None:
                return chosen
        if isinstance(made, cst.Call) and ctx.depth < MAX_DEPTH:
            returned = self.last_return(made, ctx)
            if returned is not None and (
                    isinstance(returned[0], (cst.Dict, cst.List)) or
                    isinstance(returned[0], cst.Name) and
                    self._defines_function(returned[0].value, returned[1])):
                # `response_format=page_schema()`: the structure the project's function
                # returns; `create_lookup_tool(storage)`: the tool function it defines
                return self.json_text(*returned)
        if isinstance(made, cst.Call) and not made.args and isinstance(made.func, cst.Name) \
                and self._defines_class(made.func.value, ctx):
            # `tools=[WebSearchTool()]`: an object of the project's class made with nothing
            # passed in describes itself as its class writes it
            return [self.hole(node, ctx, made.func.value, Scope.DEPLOY)]
        if isinstance(node, (cst.Attribute, cst.Call)) or self._written_lists(node, ctx):
            # `tools=self.action_tools`, set from a method that builds the list, extended in
            # one arm of an `if` (`tools += [...]`), or lists the code writes joined
            # (`BASE + ([advisor()] if ... else [])`): the list's items, each as JSON
            items = self.sequence(node, ctx)
            if items and all(isinstance(item, cst.BaseExpression) for item, _ in items):
                return self._json_list(items)
        if isinstance(node, (cst.List, cst.Tuple)):
            return self._json_list([(element.value, ctx) for element in node.elements])
        if isinstance(node, cst.Dict):
            out = [Text("{", None)]
            for index, element in enumerate(node.elements):
                if index:
                    out.append(Text(", ", None))
                if isinstance(element, cst.DictElement):
                    key = literal_value(element.key)
                    out.append(Text(json.dumps(str(key)) + ": ", None))
                    out.extend(self.json_text(element.value, ctx))
                else:
                    out.append(self.hole(element.value, ctx))
            return out + [Text("}", None)]
        segments = self.text(node, ctx)
        return [Text('"', None)] + segments + [Text('"', None)]

    def _written_lists(self, node: cst.BaseExpression, ctx: Context) -> bool:
        """Whether an expression joins lists the code writes out with `+`: each operand a
        list literal, a name for one, or a choice between two (`[tool()] if on else []`)."""
        if not (isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add)):
            return False
        operands = []
        while isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add):
            operands.append(node.right)
            node = node.left
        operands.append(node)
        for operand in operands:
            arms = [operand.body, operand.orelse] if isinstance(operand, cst.IfExp) \
                else [operand]
            for arm in arms:
                found = self.follow(arm, ctx) if isinstance(arm, cst.Name) else (arm, ctx)
                if found is None or not isinstance(found[0], cst.List):
                    return False
        return True

    def _json_either(self, node: cst.IfExp, ctx: Context) -> list[Seg] | None:
        """`{"type": "json_object"} if get_json else {"type": "text"}`: each arm is JSON, and
        the arm sent is chosen as `text` chooses one (the arm a known test takes, else the
        richer arm when the test is a setting); None when the test varies per request, a
        branch on it."""
        known = self.truth(node.test, ctx) if ctx.bindings else None
        if known is not None:
            return self.json_text(node.body if known else node.orelse, ctx)
        if self._deps_hole(node.test, ctx).scope.varies_like >= Scope.DAY:
            return None
        body, orelse = self.json_text(node.body, ctx), self.json_text(node.orelse, ctx)
        return orelse if constant_chars(orelse) > constant_chars(body) else body

    def _json_list(self, items: list[tuple[cst.BaseExpression, Context]]) -> list[Seg]:
        """A JSON array of the items, each written by `json_text` where it was read."""
        out: list[Seg] = [Text("[", None)]
        for index, (item, item_ctx) in enumerate(items):
            out.extend(([Text(", ", None)] if index else []) + self.json_text(item, item_ctx))
        return out + [Text("]", None)]


def _template_object(qualified: str) -> bool:
    """A LlamaIndex prompt template object made from its text (`PromptTemplate(text)`):
    read as that text where it is passed on (a chat engine's `context_template=`, a query
    engine's `text_qa_template=`). LangChain's are filled where they are used
    (`template_values`)."""
    parts = qualified.split(".")
    return len(parts) > 1 and parts[-1] == "PromptTemplate" and parts[0] == "llama_index"


def is_set(node: cst.BaseExpression, ctx: Context, lowerer: Lowerer) -> bool:
    """Whether an expression holds a set's items in the set's order: a set, or a list or
    tuple made from one (`list(set(tags))`), following names."""
    if isinstance(node, (cst.Set, cst.SetComp)):
        return True
    if isinstance(node, cst.Call):
        qualified = ctx.module.qualname(node.func)
        if qualified in ("builtins.list", "builtins.tuple") and len(node.args) == 1 and \
                not node.args[0].star:
            return is_set(node.args[0].value, ctx, lowerer)
        return qualified in ("builtins.set", "builtins.frozenset")
    if isinstance(node, cst.Name):
        resolved = lowerer.resolve(node.value, ctx)
        if isinstance(resolved, tuple) and ctx.depth < MAX_DEPTH:
            return is_set(resolved[0], deeper(resolved[1], ctx), lowerer)
    return False


def constant_set(node: cst.BaseExpression, ctx: Context, lowerer: Lowerer,
                 depth: int = 0) -> bool:
    """Whether a set (or a list made from one) holds constant items: a literal of strings,
    `set(NAMES)` of a constant, or a name for one. Its text is the same for the life of a
    process, in an order that changes between processes."""
    if depth > 6:
        return False
    if isinstance(node, cst.Call) and len(node.args) == 1 and not node.args[0].star and \
            ctx.module.qualname(node.func) in ("builtins.list", "builtins.tuple",
                                               "builtins.set", "builtins.frozenset"):
        return constant_set(node.args[0].value, ctx, lowerer, depth + 1)
    if isinstance(node, (cst.Set, cst.List, cst.Tuple)):
        return all(isinstance(e, cst.Element) and isinstance(e.value, cst.SimpleString)
                   for e in node.elements)
    if isinstance(node, cst.Name):
        resolved = lowerer.resolve(node.value, ctx)
        return isinstance(resolved, tuple) and \
            constant_set(resolved[0], deeper(resolved[1], ctx), lowerer, depth + 1)
    return False


def iterates_set(node: cst.BaseExpression, ctx: Context, lowerer: Lowerer) -> bool:
    if isinstance(node, (cst.GeneratorExp, cst.ListComp)):
        return is_set(node.for_in.iter, ctx, lowerer)
    return False


def _small_int(value: object) -> bool:
    """An int a count or an index is (not a bool, not a number past any prompt's length)."""
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= 1_000_000


def _from_set(node: cst.BaseExpression, ctx: Context, lowerer: Lowerer) -> bool:
    """Whether data is made from a set's items in the set's order: a list of one, or a
    dict or list comprehension over one (`{name: describe(name) for name in TOOLS}`)."""
    if isinstance(node, cst.DictComp):
        return is_set(node.for_in.iter, ctx, lowerer)
    return iterates_set(node, ctx, lowerer) or is_set(node, ctx, lowerer)


def _keys_in_code_order(held: tuple | None) -> bool:
    """A dict written out in the code (`{"name": name, "values": values}`; `held` as `follow`
    found it): Python keeps its keys in the order written, so its JSON's order is fixed
    without sort_keys."""
    return held is not None and isinstance(held[0], cst.Dict) and all(
        isinstance(e, cst.DictElement) and literal_value(e.key) is not None
        for e in held[0].elements)


_REGEX_SYNTAX = frozenset(".^$*+?{}[]\\|()")


def _plain_pattern(node: cst.BaseExpression) -> bool:
    """A regular expression that matches only its own text (`r"<task_description>"`): its
    substitution is a plain replacement."""
    pattern = literal_value(node)
    return isinstance(pattern, str) and bool(pattern) and not (set(pattern) & _REGEX_SYNTAX)


def _names_code(name: str, module) -> bool:
    """Whether a name is a function or class the module defines or a class it imports
    (`from app.tools import Search`)."""
    if name in module.functions or name in module.classes:
        return True
    return name in module.imports and module.imports[name][1][:1].isupper()



def _loop_target(name: cst.Name, module) -> bool:
    """Whether a `for` around `name` (within its function) binds it: `for model, label in
    TABLE: make(model)`."""
    node = module.parents.get(id(name))
    while node is not None and not isinstance(node, cst.FunctionDef):
        if isinstance(node, cst.For) and \
                any(n.value == name.value for n in names_read(node.target)):
            return True
        node = module.parents.get(id(node))
    return False


# Calls that hand on the items of what they are given, in some order (`sorted(x, key=...)`,
# `x.items()`): what they iterate is made of the same items.
_ITEM_CALLS = frozenset({"sorted", "list", "tuple", "reversed"})
_ITEM_METHODS = frozenset({"items", "keys", "values"})


def _items_of(node: cst.BaseExpression) -> cst.BaseExpression:
    """The container whose items `node` iterates (`LABELS` of
    `sorted(LABELS.items(), key=...)`), or `node` itself."""
    for _ in range(4):
        if isinstance(node, cst.Call) and node.args and isinstance(node.func, cst.Name) and \
                node.func.value in _ITEM_CALLS and node.args[0].keyword is None:
            node = node.args[0].value
        elif isinstance(node, cst.Call) and not node.args and \
                isinstance(node.func, cst.Attribute) and node.func.attr.value in _ITEM_METHODS:
            node = node.func.value
        else:
            break
    return node


def _filled_at_import(module, value: cst.BaseExpression) -> bool | None:
    """Whether `value`, bound at a module's top level to a name, is an empty container
    (`LABELS: dict[str, str] = {}`) that statements at the top level fill (an item set, a
    method that adds): its content is fixed once the module is loaded. None when a function
    of the module changes what the name holds (`RECENT[intent] = when`, `global RECENT`):
    then it changes as the program runs, whatever it was made of."""
    statement = module.parents.get(id(value))
    target = statement.target if isinstance(statement, cst.AnnAssign) else \
        statement.targets[0].target if isinstance(statement, cst.Assign) and \
        len(statement.targets) == 1 else None
    if not isinstance(target, cst.Name) or module.enclosing_function(statement) is not None:
        return False
    empty = isinstance(value, (cst.Dict, cst.List, cst.Set)) and not value.elements or \
        isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and \
        value.func.value in ("dict", "list", "set") and not value.args
    name, filled = target.value, False
    for node in module.nodes:
        if isinstance(node, cst.Global) and any(n.name.value == name for n in node.names):
            return None
        if not (isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name) and
                node.value.value == name and _is_target(module, node) or
                isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and
                isinstance(node.func.value, cst.Name) and node.func.value.value == name and
                node.func.attr.value in CHANGING):
            continue
        if module.enclosing_function(node) is not None:
            return None
        filled = True
    return filled and empty


def _is_target(module, node: cst.CSTNode) -> bool:
    """Whether `node` is what an assignment statement assigns to (`LABELS[key] = ...`)."""
    parent = module.parents.get(id(node))
    if isinstance(parent, cst.AssignTarget):
        return True
    return isinstance(parent, (cst.AugAssign, cst.AnnAssign)) and parent.target is node
