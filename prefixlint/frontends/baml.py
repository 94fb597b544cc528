"""BAML files: each function's prompt, as the BAML runtime sends it.

A `.baml` file declares functions whose `prompt #"..."#` is a Jinja template of the
function's parameters. BAML sends it as one system message until `{{ _.role("user") }}`
(or another role) starts a message of that role; `{{ ctx.output_format }}` prints the
function's return type as a schema (constant text, written from the file's classes and
enums); `{{ NAME(...) }}` inlines a `template_string` declared in any BAML file of the run.
The placeholders are the function's parameters, each passed per call: their scopes come
from their names, as a template file's do, and a parameter whose name says nothing is a
request's value (a prompty file's inputs are read the same way). Nothing is rendered or
run: the text is read.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, replace
from typing import Callable, Iterable, Iterator

from ..ir import Block, Hole, Prompt, Scope, Text
from .prompt_config import Value, segments
# `function Name(params) -> Type {`, `template_string Name(params) #"`
_DECLARATION = re.compile(
    r"^[ \t]*(?P<kind>function|template_string)[ \t]+(?P<name>\w+)[ \t]*"
    r"(?:\((?P<params>[^)]{0,2000})\))?"
    r"(?:[ \t\r\n]*->[ \t]*(?P<returns>[^{#\n]{1,200}?))?[ \t\r\n]*(?P<open>\{|#+\")", re.M)
_PROMPT = re.compile(r"\bprompt[ \t\r\n]+(#+)\"")
# A declaration at the top of a file (a function's `client "Name"` line is none).
_TOP_LEVEL = re.compile(r"^(?:function|class|enum|client<|template_string|test|generator|"
                        r"retry_policy)\b", re.M)
_CLASS = re.compile(r"^[ \t]*(?P<kind>class|enum)[ \t]+(?P<name>\w+)[ \t]*\{", re.M)
_FIELD = re.compile(r"^[ \t]*(?P<name>\w+)[ \t]+(?P<type>[^@\n/]{1,200}?)[ \t]*(?P<rest>@.*)?$")
_DESCRIPTION = re.compile(r"@description\(\s*(#*)\"(?P<text>.*?)\"\1\s*\)", re.S)
_ROLE = re.compile(r"\{\{-?\s*_\.role\(\s*(['\"])(?P<role>\w+)\1\s*\)\s*-?\}\}")
_ANY_ROLE = re.compile(r"\{\{-?\s*_\.role\(")
_OUTPUT_FORMAT = re.compile(r"\{\{-?\s*ctx\.output_format\b")
_INLINED = re.compile(r"\{\{-?\s*(?P<name>\w+)\s*\(")
_MAX_INLINED = 4  # template strings inlined inside one another, at most
_MAX_SCHEMA_DEPTH = 4  # classes written inside one another in a schema, at most
_PRIMITIVES = frozenset({"string", "int", "float", "bool", "null", "image", "audio", "pdf"})


@dataclass(frozen=True)
class Body:
    """A raw string of a BAML file: the text between `#"` and `"#`, and where it starts."""

    path: str
    source: str
    text: str
    offset: int


@dataclass(frozen=True)
class Declarations:
    """What the run's BAML files declare that a prompt reads: template strings by name, and
    the classes (name → fields: name, type, description) and enums (name → values)."""

    templates: dict[str, Body]
    classes: dict[str, tuple[tuple[str, str, str], ...]]
    enums: dict[str, tuple[str, ...]]


def declarations(files: Iterable[tuple[str, str]]) -> Declarations:
    """The template strings, classes and enums of BAML files given as (path, text)."""
    templates: dict[str, Body] = {}
    classes: dict[str, tuple[tuple[str, str, str], ...]] = {}
    enums: dict[str, tuple[str, ...]] = {}
    for path, source in files:
        tops = _tops(source)
        for match in _DECLARATION.finditer(source):
            if match.group("kind") == "template_string" and match.group("open") != "{":
                body = _raw(path, source, match.end(), len(match.group("open")) - 1,
                            _next(tops, match.end(), len(source)))
                if body is not None:
                    templates.setdefault(match.group("name"), body)
        for match in _CLASS.finditer(source):
            limit = _next(tops, match.end(), len(source))
            end = source.find("\n}", match.end(), limit)
            inside = source[match.end():end if end >= 0 else limit]
            if match.group("kind") == "enum":
                enums.setdefault(match.group("name"), tuple(
                    word for line in inside.splitlines()
                    if (word := line.strip().split(" ")[0]) and word[0].isalpha()))
                continue
            fields = []
            for line in _field_lines(inside):
                found = _FIELD.match(line)
                if found is None or found.group("name").startswith("@"):
                    continue
                described = _DESCRIPTION.search(found.group("rest") or "")
                fields.append((found.group("name"), found.group("type").strip(),
                               " ".join(described.group("text").split()) if described else ""))
            classes.setdefault(match.group("name"), tuple(fields))
    return Declarations(templates, classes, enums)


def prompts(path: str, source: str, known: Declarations,
            scope_of: Callable[[str], Scope]) -> list[Prompt]:
    """One prompt for each function of the file that has one."""
    from .python.renderer import SegmentRenderer

    out = []
    tops = _tops(source)
    for match in _DECLARATION.finditer(source):
        if match.group("kind") != "function" or match.group("open") != "{":
            continue
        end = _next(tops, match.end(), len(source))
        found = _PROMPT.search(source, match.end(), end)
        if found is None:
            continue
        body = _raw(path, source, found.end(), len(found.group(1)), end)
        if body is None:
            continue
        schema = _schema(match.group("returns") or "", known)
        blocks = _blocks(_pieces(body, known, scope_of, schema, 0))
        if not blocks:
            continue
        line = source.count("\n", 0, match.start("kind")) + 1
        holes = tuple(s for b in blocks for s in b.segments if isinstance(s, Hole))
        # a parameter whose name says nothing is passed per call, as a prompty input is
        params = {p.split(":", 1)[0].strip() for p in (match.group("params") or "").split(",")}
        scopes = tuple(sorted({(d, Scope.REQUEST) for h in holes for d in h.deps
                               if d.split(".", 1)[0] in params
                               and scope_of(d) is Scope.UNKNOWN}))
        if scopes:
            declared = {d for d, _ in scopes}
            blocks = tuple(Block(b.role, tuple(
                replace(s, scope=Scope.REQUEST) if isinstance(s, Hole) and s.scope is
                Scope.UNKNOWN and set(s.deps) & declared else s for s in b.segments))
                for b in blocks)
            holes = tuple(s for b in blocks for s in b.segments if isinstance(s, Hole))
        files = tuple(dict.fromkeys([path] + [s.span.path for b in blocks for s in b.segments
                                              if isinstance(s, Hole) and s.span is not None]))
        out.append(Prompt(id=f"{path}:{line}", path=path, line=line, kind="config",
                          blocks=blocks, holes=holes, renderer=SegmentRenderer(blocks),
                          files=files, chat=True, sink=f"baml {match.group('name')}",
                          scopes=scopes, scope_notes=tuple(
                              (d, "the BAML function's parameters") for d, _ in scopes)))
    return out


def _raw(path: str, source: str, start: int, hashes: int, limit: int) -> Body | None:
    """The raw string that starts at `start` (just after its `#"`), closed by `"` and as
    many `#` before `limit` (the next declaration at the top of the file)."""
    end = source.find('"' + "#" * hashes, start, limit)
    return Body(path, source, source[start:end], start) if end >= 0 else None


def _tops(source: str) -> list[int]:
    """Where each declaration at the top of the file starts, found once per file (a file
    of thousands of functions is read in one pass)."""
    return [match.start() for match in _TOP_LEVEL.finditer(source)]


def _next(tops: list[int], start: int, end: int) -> int:
    """The first declaration at the top of the file after `start`, or the file's end."""
    index = bisect.bisect_right(tops, start)
    return tops[index] if index < len(tops) else end


def _field_lines(inside: str) -> Iterator[str]:
    """A class body's lines, a field's continuation (a block description) joined to it."""
    current = ""
    for line in inside.splitlines():
        if current and (current.count("#\"") > current.count("\"#") or
                        current.count("(") > current.count(")")):
            current += " " + line.strip()
            continue
        if current:
            yield current
        current = line
    if current:
        yield current


@dataclass(frozen=True)
class _Role:
    """A `{{ _.role("user") }}`: the message of that role starts here."""

    role: str


def _pieces(body: Body, known: Declarations, scope_of, schema: str, depth: int) -> list:
    """The text, holes and role marks of a prompt body, template strings inlined."""
    out: list = []
    for segment in segments(body.path, body.source, Value(("prompt",), body.text, body.offset),
                            scope_of, jinja=True):
        if not isinstance(segment, Hole):
            out.append(segment)
            continue
        role = _ROLE.fullmatch(segment.expr)
        if role is not None:
            out.append(_Role(role.group("role")))
            continue
        if _ANY_ROLE.match(segment.expr):
            continue  # `_.role(m.role)` in a loop over turns: the turns' own roles
        if _OUTPUT_FORMAT.match(segment.expr):
            out.append(Text(schema))
            continue
        inlined = _INLINED.match(segment.expr)
        template = known.templates.get(inlined.group("name")) if inlined else None
        if template is not None and depth < _MAX_INLINED:
            out.extend(_pieces(template, known, scope_of, schema, depth + 1))
            continue
        out.append(segment)
    return out


def _blocks(pieces: list) -> tuple[Block, ...]:
    """Messages of the pieces: a system message until a role mark starts another."""
    blocks: list[tuple[str, list]] = [("system", [])]
    for piece in pieces:
        if isinstance(piece, _Role):
            blocks.append((piece.role, []))
        else:
            blocks[-1][1].append(piece)
    out = []
    for role, pieces_of_role in blocks:
        kept = [s for s in pieces_of_role if isinstance(s, Hole) or s.text.strip()]
        if kept:
            out.append(Block(role, tuple(kept)))
    return tuple(out)


def _schema(returns: str, known: Declarations) -> str:
    """What `ctx.output_format` prints for a return type: BAML's instruction and the type
    written out (a class's fields with their descriptions as comments, nested classes
    inside, an enum's values)."""
    kind = returns.strip()
    if not kind or kind in ("string", "string?"):
        return ""
    if kind.endswith("[]"):
        return "Answer with a JSON Array using this schema:\n" + _written(kind, known, 0)
    if kind in known.enums:
        return "Answer with any of the categories:\n" + "\n".join(known.enums[kind])
    if kind in known.classes:
        return "Answer in JSON using this schema:\n" + _written(kind, known, 0)
    return f"Answer as a {kind}"


def _written(kind: str, known: Declarations, depth: int) -> str:
    """A type as BAML's schema writes it, nested classes inside (a few levels deep)."""
    kind = kind.strip()
    indent = "  " * depth
    if kind.endswith("[]"):
        return "[\n" + indent + "  " + _written(kind[:-2], known, depth + 1) + "\n" + indent + "]"
    if kind.endswith("?"):
        return _written(kind[:-1], known, depth) + " or null"
    if "|" in kind:
        return " or ".join(_written(part, known, depth) for part in kind.split("|"))
    if kind in known.enums:
        return " or ".join(f"'{value}'" for value in known.enums[kind])
    if kind in known.classes and depth < _MAX_SCHEMA_DEPTH:
        lines = ["{"]
        for name, field_type, description in known.classes[kind]:
            if description:
                lines.append(f"{indent}  // {description}")
            lines.append(f"{indent}  {name}: {_written(field_type, known, depth + 1)},")
        return "\n".join(lines + [indent + "}"])
    return kind if kind in _PRIMITIVES else "string"
