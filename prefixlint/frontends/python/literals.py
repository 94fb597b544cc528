"""Pure helpers over libcst nodes and prompt segments: literals, names, returns, iteration
sources, and text transforms that keep holes in place. Nothing here resolves a name."""

from __future__ import annotations

import codecs
import re
from typing import Callable, Iterable, Sequence

import libcst as cst

from ...ir import Hole, Span, Text
from .values import Context, Seg

MAX_DEPTH = 16
MAX_TEXT = 1_000_000  # characters of constant text built from one expression


def param_names(function: cst.FunctionDef | None) -> list[str]:
    if function is None:
        return []
    params = function.params
    names = [p.name.value for p in (*params.posonly_params, *params.params,
                                     *params.kwonly_params)]
    for extra in (params.star_arg, params.star_kwarg):
        if isinstance(extra, cst.Param):
            names.append(extra.name.value)
    return names


def own_class_of(node: cst.BaseExpression, function: cst.FunctionDef | None) -> str | None:
    """The receiver's name when `node` is its class (`self.__class__`, `type(self)`): an
    attribute read from there is a class attribute, fixed by the code."""
    receiver = param_names(function)[:1]
    if not receiver:
        return None
    if isinstance(node, cst.Attribute) and node.attr.value == "__class__":
        held = node.value
    elif isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and \
            node.func.value == "type" and len(node.args) == 1:
        held = node.args[0].value
    else:
        return None
    return receiver[0] if isinstance(held, cst.Name) and held.value == receiver[0] else None


def param_annotation(function: cst.FunctionDef | None, name: str) -> cst.BaseExpression | None:
    """The annotation of a function's parameter of that name, if it has one."""
    if function is None:
        return None
    params = function.params
    param = next((p for p in (*params.posonly_params, *params.params, *params.kwonly_params)
                  if p.name.value == name), None)
    return param.annotation.annotation if param is not None and param.annotation else None


def is_cast(node: cst.BaseExpression, qualified: str | None) -> bool:
    """`typing.cast(T, value)` (its callee's qualified name given): the value itself, to a
    reader of code."""
    return isinstance(node, cst.Call) and len(node.args) == 2 and \
        qualified in ("typing.cast", "typing_extensions.cast")


def dotted_name(node: cst.CSTNode) -> str:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return f"{dotted_name(node.value)}.{node.attr.value}"
    if isinstance(node, cst.Call):
        return dotted_name(node.func)
    return ""


def decorated(function: cst.FunctionDef | None, *names: str) -> bool:
    """Whether a function carries a decorator whose dotted name ends with one of `names`
    (`staticmethod`, `classmethod`)."""
    return function is not None and any(dotted_name(d.decorator).endswith(names)
                                        for d in function.decorators)


def empty_literal(node: object) -> bool:
    """Whether an expression is written as nothing: `None`, `""`, `[]`, `{}` or `()`."""
    if isinstance(node, cst.Name):
        return node.value == "None"
    if isinstance(node, cst.SimpleString):
        return node.evaluated_value in ("", b"")
    return isinstance(node, (cst.List, cst.Dict, cst.Tuple)) and not node.elements


def deeper(target: Context, source: Context) -> Context:
    target.depth = max(target.depth, source.depth + 1)
    return target


def shorten(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def unescape(text: str) -> str:
    try:
        return codecs.decode(text.encode("latin-1", "backslashreplace"), "unicode_escape")
    except (UnicodeDecodeError, ValueError):
        return text


_ESCAPE = r"\\(?:\r\n|\n|N\{[^}]*\}|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0-7]{1,3}|.)"
_ESCAPES = re.compile(_ESCAPE, re.S)
_ESCAPES_AND_BRACES = re.compile(_ESCAPE + r"|\{\{|\}\}", re.S)


def source_texts(raw: str, path: str, line: int, column: int, escapes: bool = True,
                 braces: bool = False) -> list[Text]:
    """A string literal's body as Text whose every position maps onto the source: each
    escape (and, in an f-string, each doubled brace) is a segment of its own, so a place
    found in the text (a placeholder) is the place in the file, whatever came before it."""
    pattern = _ESCAPES_AND_BRACES if braces else _ESCAPES if escapes else None
    out: list[Text] = []
    position = 0

    def piece(text: str, start: int, end: int) -> None:
        nonlocal line, column
        chunk = raw[start:end]
        newlines = chunk.count("\n")
        end_line = line + newlines
        end_column = (len(chunk) - chunk.rfind("\n")) if newlines else column + len(chunk)
        if text:
            out.append(Text(text, Span(path, line, column, end_line, end_column)))
        line, column = end_line, end_column

    for match in pattern.finditer(raw) if pattern is not None else ():
        token = match.group(0)
        if token[0] == "\\" and not escapes:
            continue
        piece(raw[position:match.start()], position, match.start())
        piece(token[0] if token in ("{{", "}}") else unescape(token), match.start(),
              match.end())
        position = match.end()
    piece(raw[position:], position, len(raw))
    return out


def spec_text(spec) -> str:
    if not spec:
        return ""
    return "".join(p.value for p in spec if isinstance(p, cst.FormattedStringText))


def format_constant(value: str, spec: str, conversion: str | None) -> str | None:
    """A constant formatted as an f-string would (None when its width would make text
    longer than any prompt: the width is not applied to a million characters)."""
    if conversion == "r":
        value = repr(value)
    widths = [int(w) for w in re.findall(r"\d+", spec)]
    if any(w > MAX_TEXT for w in widths):
        return None
    try:
        return format(value, spec)
    except ValueError:
        return value


def literal_value(node: cst.BaseExpression | None) -> object | None:
    if node is None:
        return None
    if isinstance(node, cst.SimpleString):
        return node.evaluated_value
    if isinstance(node, cst.ConcatenatedString):
        left, right = literal_value(node.left), literal_value(node.right)
        return left + right if isinstance(left, str) and isinstance(right, str) else None
    if isinstance(node, cst.Integer):
        try:
            return int(node.value, 0)
        except ValueError:  # over Python's limit of 4,300 digits: not a prompt's number
            return None
    if isinstance(node, cst.Float):
        return float(node.value)
    if isinstance(node, cst.Name) and node.value in ("True", "False"):
        return node.value == "True"
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        value = literal_value(node.expression)
        return -value if isinstance(value, (int, float)) else None
    return None


def dict_items(node: cst.Dict) -> dict[str, cst.BaseExpression]:
    return {k: e.value for e in node.elements if isinstance(e, cst.DictElement)
            for k in [literal_value(e.key)] if isinstance(k, str)}


def looked_up_in(node: cst.BaseExpression) -> cst.BaseExpression | None:
    """The table an expression looks an entry up in (`TABLE` of `TABLE[key]` and of
    `TABLE.get(key)`); None for anything else."""
    if isinstance(node, cst.Subscript):
        return node.value
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and \
            node.func.attr.value == "get" and node.args:
        return node.func.value
    return None


def ends_block(statement: cst.CSTNode, exits: tuple[type, ...] = (cst.Return, cst.Raise)
               ) -> bool:
    """Whether a statement ends its block: a line whose last statement returns or raises
    (what follows it in the block never runs), or is another of `exits` (`continue`)."""
    return isinstance(statement, cst.SimpleStatementLine) and bool(statement.body) and \
        isinstance(statement.body[-1], exits)


def reachable(statements: Sequence[cst.BaseStatement]) -> Sequence[cst.BaseStatement]:
    """A block's statements up to the first that ends it: the code an edit left below a
    `return` never runs."""
    for index, statement in enumerate(statements):
        if ends_block(statement):
            return statements[:index + 1]
    return statements


def unreachable(function: cst.FunctionDef) -> set[int]:
    """The ids of the nodes a function can never run: those of the statements below a
    `return` or `raise` in the same block (an older `return f"..."` left under the new one)."""
    dead: set[int] = set()
    for node in walk_body(function.body):
        if isinstance(node, cst.IndentedBlock):
            kept = len(reachable(node.body))
            for statement in node.body[kept:]:
                dead.update(id(n) for n in walk_body(statement))
    return dead


def return_statements(function: cst.FunctionDef) -> list[cst.Return]:
    """The function's own `return value` statements, in source order, except that those of
    `except` arms come first: the last one is what the function returns when it works
    (`return text` inside `try`, not `return f"Failed: {e}"` after it)."""
    handled = {id(node) for handler in walk_body(function.body)
               if isinstance(handler, cst.ExceptHandler) for node in walk_body(handler)}
    found = [node for node in walk_body(function.body)
             if isinstance(node, cst.Return) and node.value is not None]
    if len(found) > 1:
        dead = unreachable(function)
        found = [node for node in found if id(node) not in dead]
    if all(id(node) in handled for node in found):
        return found
    return [n for n in found if id(n) in handled] + [n for n in found if id(n) not in handled]


def yield_points(function: cst.FunctionDef,
                 ) -> list[tuple[cst.Yield, cst.For | cst.While | None]]:
    """A generator's own `yield` expressions in source order, each with the innermost loop
    of the function around it (None outside loops); empty for a function that yields
    nothing (nested functions and classes keep their own)."""
    out: list[tuple[cst.Yield, cst.For | cst.While | None]] = []
    stack: list[tuple[cst.CSTNode, cst.For | cst.While | None]] = [(function.body, None)]
    while stack:
        node, loop = stack.pop()
        if isinstance(node, cst.Yield):
            out.append((node, loop))
        for child in reversed(node.children):
            if isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                continue
            # only a loop's body is inside it (not its iterable, test or `else`)
            inside = isinstance(node, (cst.For, cst.While)) and child is node.body
            stack.append((child, node if inside else loop))
    return out


def _one_slice(node: cst.Subscript) -> cst.Slice | None:
    """The slice of `x[a:b:c]`, when the subscript is one slice."""
    if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Slice):
        return None
    return node.slice[0].slice


def is_slice_copy(node: cst.Subscript) -> bool:
    """`EXAMPLES[:]`: a slice copy of the whole sequence."""
    piece = _one_slice(node)
    return piece is not None and piece.lower is None and piece.upper is None and \
        piece.step is None


def none_comparison(test: cst.BaseExpression) -> tuple[cst.BaseExpression, bool] | None:
    """`x is None` -> (x, True), `x is not None` -> (x, False); None for any other test."""
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and \
            isinstance(test.comparisons[0].operator, (cst.Is, cst.IsNot)) and \
            isinstance(test.comparisons[0].comparator, cst.Name) and \
            test.comparisons[0].comparator.value == "None":
        return test.left, isinstance(test.comparisons[0].operator, cst.Is)
    return None


def is_truncation(node: cst.Subscript) -> bool:
    """`prompt[:limit]`, `text[0:4000]`: the text cut to a length, which keeps its beginning."""
    piece = _one_slice(node)
    if piece is None:
        return False
    start = piece.lower
    from_start = start is None or (isinstance(start, cst.Integer) and start.value == "0")
    return from_start and piece.upper is not None and piece.step is None


def cut_start(node: cst.Subscript) -> int | None:
    """How many characters `text[N:]` or `text[len("scheme://"):]` cuts off the start of a
    text, when the count is a literal."""
    piece = _one_slice(node)
    if piece is None or piece.upper is not None or piece.step is not None:
        return None
    start = piece.lower
    if isinstance(start, cst.Integer):
        return start.evaluated_value  # `0x0B` and `1_0` as Python reads them
    if isinstance(start, cst.Call) and isinstance(start.func, cst.Name) and \
            start.func.value == "len" and len(start.args) == 1:
        counted = literal_value(start.args[0].value)
        return len(counted) if isinstance(counted, str) else None
    return None


def is_reversal(node: cst.Subscript) -> bool:
    """`messages[::-1]`: the whole sequence, last item first."""
    piece = _one_slice(node)
    if piece is None:
        return False
    step = piece.step
    negative_one = (isinstance(step, cst.UnaryOperation) and isinstance(step.operator, cst.Minus)
                    and isinstance(step.expression, cst.Integer) and step.expression.value == "1")
    return piece.lower is None and piece.upper is None and negative_one


def walk_body(node: cst.CSTNode) -> Iterable[cst.CSTNode]:
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        for child in reversed(current.children):
            if not isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                stack.append(child)


def iter_root(node: cst.BaseExpression, ctx: Context) -> cst.BaseExpression:
    """What an iteration really reads: `EXAMPLES` in `EXAMPLES[:4]`, `sorted(EXAMPLES)`,
    `enumerate(EXAMPLES)`, `map(str, EXAMPLES)` or `catalog.items()`."""
    for _ in range(MAX_DEPTH):
        if isinstance(node, cst.Subscript):
            node = node.value
        elif isinstance(node, cst.Call) and node.args and ctx.module.qualname(node.func) in (
                "builtins.sorted", "builtins.list", "builtins.tuple", "builtins.reversed",
                "builtins.enumerate"):
            node = node.args[0].value
        elif isinstance(node, cst.Call) and len(node.args) == 2 and not node.args[1].star and \
                ctx.module.qualname(node.func) in ("builtins.map", "builtins.filter"):
            node = node.args[1].value  # `map(str, values)`: each of the values, in order
        elif isinstance(node, cst.Call) and not node.args and isinstance(node.func, cst.Attribute) \
                and node.func.attr.value in ("items", "values", "keys"):
            node = node.func.value
        else:
            break
    return node


def iter_source(node: cst.BaseExpression) -> cst.BaseExpression:
    if isinstance(node, (cst.GeneratorExp, cst.ListComp)):
        return node.for_in.iter
    return node


def transform_text(segments: list[Seg], function: Callable[[str], str]) -> list[Seg]:
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


def strip_text(segments: list[Seg], method: str) -> list[Seg]:
    """`strip`, `lstrip` or `rstrip` of text with holes: whitespace cut from the outer
    literals only, which keep their places in the source (a template file read and
    stripped still points at its own lines)."""
    out = list(segments)
    if method in ("strip", "lstrip"):
        while out and isinstance(out[0], Text):
            text = out[0].text.lstrip()
            if text:
                removed = out[0].text[:len(out[0].text) - len(text)]
                out[0] = Text(text, _shifted(out[0].span, removed))
                break
            out.pop(0)
    if method in ("strip", "rstrip"):
        while out and isinstance(out[-1], Text):
            text = out[-1].text.rstrip()
            if text:
                out[-1] = Text(text, out[-1].span)
                break
            out.pop()
    return out


def text_between(template: list[Seg], start: int, end: int) -> list[Seg]:
    """The text of a template of literals from offset `start` to `end`, a segment per piece
    of its own segments, each at its place in the source (`"...%s..." % x` keeps the
    lines of its constant text where they are written)."""
    out: list[Seg] = []
    position = 0
    for segment in template:
        size = len(segment.text)
        low, high = max(start, position), min(end, position + size)
        if low < high:
            span = segment.span
            if span is not None:
                line, column = _position_after(span, segment.text[:low - position])
                end_line, end_column = _position_after(span, segment.text[:high - position])
                span = Span(span.path, line, column, end_line, end_column)
            out.append(Text(segment.text[low - position:high - position], span))
        position += size
        if position >= end:
            break
    return out


def _shifted(span: Span | None, before: str) -> Span | None:
    """A literal's span once `before` is cut from its start."""
    if span is None or not before:
        return span
    line, column = _position_after(span, before)
    return Span(span.path, line, column, span.end_line, span.end_column)


def _position_after(origin: Span, before: str) -> tuple[int, int]:
    """The line and column in the source just after the text `before`, which starts where
    `origin` does."""
    line = origin.line + before.count("\n")
    column = len(before) - before.rfind("\n") if "\n" in before \
        else origin.column + len(before)
    return line, column


def find_placeholder(template: list[Seg], fmt: str, field_name: str,
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
            line, column = _position_after(origin, segment.text[: offset - position])
            return Span(origin.path, line, column, line, column + length)
        position += size
    return None



def names_read(node: cst.CSTNode, bases: bool = True, limit: int | None = None,
               ) -> list[cst.Name]:
    """The names an expression reads (`k` of `f"[{k}]"`); with `bases`, the object of an
    attribute too (`user` of `user.name`, never a name `name`), else attributes read none;
    at most `limit` of them."""
    found: list[cst.Name] = []
    pending = [node]
    while pending and (limit is None or len(found) < limit):
        current = pending.pop()
        if isinstance(current, cst.Name):
            found.append(current)
        elif isinstance(current, cst.Attribute):
            if bases:
                pending.append(current.value)
        else:
            pending.extend(reversed(current.children))
    return found
