"""Placeholders in text known here, filled with the values a call passes: `.format` and
`.format_map`, `string.Template.substitute`, a Jinja template written in code and rendered
(`Template(TEXT).render(...)`, `env.from_string(TEXT).render(values)`), and `TEXT.replace
("{{PHASE}}", value)`. Each filled placeholder is reported where it stands in the text, with
the scope of the value passed. A mixin of the interpreter: these methods call back into
`text`, `resolve`, `spread` and `hole`."""

from __future__ import annotations

import dataclasses
import re
import string
from typing import Callable, Iterable

import libcst as cst

from ...ir import Hole, Scope, Span, Text
from .literals import (MAX_DEPTH, dict_items, dotted_name, find_placeholder, literal_value,
                       names_read, offset_span, shorten)
from .values import Context, Seg

DOLLAR = re.compile(r"\$(?:(\w+)|\{(\w+)\}|\$)")
# `{{ expr }}` and `{% tag %}` of a Jinja template written in code (comments are text).
JINJA_PLACEHOLDER = re.compile(r"\{\{-?\s*(?P<expr>.+?)\s*-?\}\}|\{%-?\s*(?P<tag>.+?)\s*-?%\}",
                               re.DOTALL)
_JINJA_WORDS = frozenset({"if", "elif", "else", "endif", "for", "endfor", "in", "not", "and",
                          "or", "is", "set", "with", "endwith", "raw", "endraw", "none",
                          "true", "false", "loop", "defined", "endset"})
_DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")
MAX_KEYS = 32  # keys of a dict a `.replace` loop is unrolled over
# A field of a template object's text: `${name}`, `$name`, `{{ name }}` or `{name}`.
_OBJECT_FIELD = re.compile(r"\$\{(\w+)\}|\$(\w+)|\{\{\s*(\w+)\s*\}\}|\{(\w+)\}")
# The argument a template object is made with its text by (else its first positional one).
_TEMPLATE_KEYWORDS = frozenset({"template", "text", "prompt", "content", "source"})


def _jinja_name(expression: str, tag: bool) -> tuple[str | None, str, str]:
    """The first name a Jinja expression or tag reads, the attributes after it, and the
    hole it makes: `user.name | upper` → (user, name, value); `for doc in docs` → (docs, "",
    loop); `if premium` → (premium, "", branch); `endif` → (None, "", "")."""
    text = expression.split("|", 1)[0]
    kind = "value"
    if tag:
        words = text.split()
        if not words or words[0] not in ("if", "elif", "for"):
            return None, "", ""
        kind = "loop" if words[0] == "for" else "branch"
        if kind == "loop" and " in " in text:
            text = text.split(" in ", 1)[1]
        else:
            text = text.split(None, 1)[1] if len(words) > 1 else ""
    for dotted in _DOTTED.findall(text):
        if dotted.split(".")[0].lower() not in _JINJA_WORDS:
            root, _, rest = dotted.partition(".")
            return root, rest, kind
    return None, "", ""


def _makes_jinja(call: cst.Call, ctx: Context) -> bool:
    """`jinja2.Template(text)` or `env.from_string(text)`."""
    return ctx.module.qualname(call.func) == "jinja2.Template" or \
        isinstance(call.func, cst.Attribute) and call.func.attr.value == "from_string"


def _makes_dollar(call: cst.Call, ctx: Context) -> bool:
    """`string.Template(text)`."""
    return ctx.module.qualname(call.func) == "string.Template"


def _runs_filled(segments: list[Seg], fill) -> list[Seg] | None:
    """The segments with each run of constant text between values replaced by what `fill`
    makes of it, the values kept where they are; None when `fill` gives None for a run."""
    out: list[Seg] = []
    run: list[Seg] = []
    for segment in [*segments, None]:
        if isinstance(segment, Text):
            run.append(segment)
            continue
        if run:
            filled = fill(run)
            if filled is None:
                return None
            out.extend(filled)
            run = []
        if segment is not None:
            out.append(segment)
    return out


class FillOps:
    """Filling placeholders (see the module doc and `interpreter.Lowerer`)."""

    def _render_text(self, receiver: cst.BaseExpression, args,
                     ctx: Context) -> list[Seg] | None:
        """`Template(TEXT).render(...)` / `env.from_string(TEXT).render(variables)` of text
        known here (a constant, a setting read from a configuration file): each `{{ expr }}`
        takes the scope of the value passed for its first name (keywords, a dict passed
        whole or with `**`), reported at the placeholder; a `{% if %}` or `{% for %}` is a
        branch or a loop on the value it reads, and the text inside it is kept. None when
        the template is not such a call on known text."""
        found = self._template_made(receiver, ctx, _makes_jinja)
        if found is None:
            return None
        template, template_ctx = found
        segments = self.text(template.args[0].value, template_ctx)
        if not segments:
            return None
        if not all(isinstance(s, Text) for s in segments):
            return self._fill_between_values(segments, args, ctx, receiver)
        return self._fill_jinja(segments, "".join(s.text for s in segments), args, ctx,
                                receiver)

    def _fill_between_values(self, segments: list[Seg], args, ctx: Context,
                             receiver: cst.BaseExpression) -> list[Seg] | None:
        """Text that already holds values rendered again (`from_string(instructions)
        .render(**data)` of instructions another template made): the values stay where they
        are, and each run of constant text between them is filled as `_fill_jinja` fills
        it. None when a run holds a tag (`{% if %}` could span a value)."""
        def fill(run: list[Seg]) -> list[Seg] | None:
            text = "".join(s.text for s in run)
            return None if "{%" in text else self._fill_jinja(run, text, args, ctx, receiver)

        return _runs_filled(segments, fill)

    def _fill_jinja(self, segments: list[Seg], text: str, args, ctx: Context,
                    receiver: cst.BaseExpression) -> list[Seg] | None:
        """Jinja text known here (`segments`, read as `text`: the same length, Mustache
        turned into Jinja) filled with a render call's values: see `_render_text`."""
        keywords: dict[str, tuple[cst.BaseExpression, Context]] = {}
        mapping = None
        for arg in args:
            if arg.keyword is not None:
                keywords[arg.keyword.value] = (arg.value, ctx)
            elif arg.star == "*":
                return None
            else:  # `render(values)` or `render(**values)`: a mapping built in code
                mapping = arg.value
                for key, value, value_ctx in self.spread(arg.value, ctx):
                    keywords.setdefault(key, (value, value_ctx))
        out: list[Seg] = []
        position = 0
        for match in JINJA_PLACEHOLDER.finditer(text):
            out.append(Text(text[position:match.start()], None))
            position = match.end()
            expression = match.group("expr") or match.group("tag")
            name, rest, kind = _jinja_name(expression, bool(match.group("tag")))
            if name is None:
                continue  # `{% endif %}`, `{% else %}`: nothing read
            span = offset_span(segments, match.start(), len(match.group(0)))
            if name in keywords:
                value, value_ctx = keywords[name]
                held = self.text(value, value_ctx)
                if rest and held and isinstance(held[0], Hole):
                    held = [self.hole(value, value_ctx,
                                      f"{self.path_of(value, value_ctx)}.{rest}")]
                if kind == "value":
                    out.extend(Hole(h.kind, match.group(0), span, h.deps, h.scope,
                                    h.passed or h.span)
                               if isinstance(h, Hole) and span is not None else h
                               for h in held)
                    continue
                holes = [h for h in held if isinstance(h, Hole)]
                if not holes:
                    continue  # a test or loop on a constant: the text inside is sent
                worst = max(holes, key=lambda h: int(h.scope.varies_like))
                out.append(Hole(kind, match.group(0), span or worst.span, worst.deps,
                                worst.scope, worst.passed or worst.span))
                continue
            base = self.path_of(mapping, ctx) if mapping is not None else None
            path = ".".join(p for p in (base, name, rest) if p)
            out.append(Hole(kind, match.group(0), span or ctx.module.span(receiver),
                            (path,), self.scope_for(path)))
        out.append(Text(text[position:], None))
        return [s for s in out if not (isinstance(s, Text) and not s.text)]

    def _template_made(self, receiver: cst.BaseExpression, ctx: Context,
                       makes) -> tuple[cst.Call, Context] | None:
        """The call that made the template object a method is called on (one `makes`
        accepts, with its text as first argument), followed through names, `self.attr` and
        the project functions that return it (`self.plan.substitute(...)` of
        `self.plan = load_template("plan.md")`); None when it is not one."""
        found = self.follow(receiver, ctx, attributes=True)
        for _ in range(MAX_DEPTH):
            if found is None or not isinstance(found[0], cst.Call):
                return None
            if makes(*found):
                return found if found[0].args else None
            returned = self.last_return(*found)
            found = returned and (self.follow(*returned, attributes=True) or returned)
        return None

    def _substitute(self, receiver: cst.BaseExpression, args, ctx: Context) -> list[Seg] | None:
        """`string.Template(text).substitute(name=...)`: `$name` and `${name}` are holes
        with the scopes of the values passed."""
        found = self._template_made(receiver, ctx, _makes_dollar)
        if found is None:
            return None
        template, template_ctx = found
        segments = self.text(template.args[0].value, template_ctx)
        if not all(isinstance(s, Text) for s in segments):
            return None
        return self._filled(segments, DOLLAR, receiver, args, ctx)

    def _template_object(self, receiver: cst.BaseExpression, method: str, args,
                         ctx: Context) -> list[Seg] | None:
        """`QUERY_PROMPT.to_string(question=q)` of `QUERY_PROMPT = PromptTemplate(name=...,
        template="...${question}...")`: an object a library class makes from constant text
        with fields, filled by a method given values for them by name (`${name}`, `$name`,
        `{name}` or `{{ name }}`). Not a class of the project that defines the method."""
        keywords = {a.keyword.value for a in args if a.keyword is not None}
        found = self.follow(receiver, ctx) if keywords else None
        if found is None or not isinstance(found[0], cst.Call) or \
                not isinstance(found[0].func, (cst.Name, cst.Attribute)):
            return None
        made, at = found
        if not dotted_name(made.func).rsplit(".", 1)[-1][:1].isupper():
            return None
        own = self._class_named(made.func, at)
        if own is not None and self._method(own[0], own[1], method, 0) is not None:
            return None  # the project's own method runs: followed as a method call
        given = next((a.value for a in made.args if a.keyword is not None and
                      a.keyword.value in _TEMPLATE_KEYWORDS), None) or \
            next((a.value for a in made.args if a.keyword is None and not a.star), None)
        segments = self.text(given, at) if given is not None else []
        if not segments or not all(isinstance(s, Text) for s in segments):
            return None
        text = "".join(s.text for s in segments)
        if not any(any(g in keywords for g in m.groups() if g)
                   for m in _OBJECT_FIELD.finditer(text)):
            return None
        return self._filled(segments, _OBJECT_FIELD, receiver, args, ctx, only=keywords)

    def _string_template(self, receiver: cst.BaseExpression,
                         ctx: Context) -> tuple[cst.BaseExpression, Context] | None:
        """The text of a LangChain string template a `.format(...)` fills
        (`PromptTemplate(template=load("planner"), input_variables=[...])`,
        `PromptTemplate.from_template(TEXT)`): its `{fields}` and `{{` escapes are
        `str.format`'s. None for anything else, and for a Jinja or Mustache template."""
        found = self.follow(receiver, ctx, attributes=True) or (receiver, ctx)
        made, at = found
        if not isinstance(made, cst.Call):
            return None
        func = made.func
        if isinstance(func, cst.Attribute) and func.attr.value == "from_template":
            func = func.value
        qualified = at.module.qualname(func) or ""
        if not (qualified.startswith("langchain") and qualified.endswith(".PromptTemplate")):
            return None
        if any(a.keyword is not None and a.keyword.value == "template_format" and
               literal_value(a.value) not in (None, "f-string") for a in made.args):
            return None
        given = next((a.value for a in made.args
                      if a.keyword is not None and a.keyword.value == "template"), None) or \
            next((a.value for a in made.args if a.keyword is None and not a.star), None)
        return (given, at) if given is not None else None

    def _filled(self, segments: list[Seg], fields: re.Pattern, receiver, args, ctx: Context,
                only: set | None = None) -> list[Seg]:
        """Constant text whose fields (`fields`, a name in its groups; a match naming none
        is `$$`) become holes of the values passed for them by name; a field no value is
        passed for is a hole of its own name (one `only` leaves out stays text)."""
        text = "".join(s.text for s in segments)
        args = list(args)
        keywords = {a.keyword.value: (a.value, ctx) for a in args if a.keyword is not None}
        mapping = next((a.value for a in args if a.keyword is None), None)
        if isinstance(mapping, cst.Dict):
            keywords.update((k, (v, ctx)) for k, v in dict_items(mapping).items())
            mapping = None
        elif mapping is not None:
            # `safe_substitute(**kwargs)` of a helper's keywords, `substitute(values)`: the
            # keys a dict built in code holds (`substitute(PROMPT, NAME=name)`)
            for key, value, value_ctx in self.spread(mapping, ctx):
                keywords.setdefault(key, (value, value_ctx))
        out: list[Seg] = []
        position = 0
        for match in fields.finditer(text):
            name = next((g for g in match.groups() if g), None)
            if only is not None and name not in only:
                continue
            out.append(Text(text[position:match.start()], None))
            position = match.end()
            if name is None:
                out.append(Text("$", None))
                continue
            span = offset_span(segments, match.start(), len(match.group(0)))
            if name in keywords:
                found = self.text(*keywords[name])
                out.extend(Hole(h.kind, match.group(0), span, h.deps, h.scope,
                                h.passed or h.span)
                           if isinstance(h, Hole) and span is not None else h for h in found)
            else:
                base = self.path_of(mapping, ctx) if mapping is not None else None
                path = f"{base}.{name}" if base else name
                out.append(Hole("value", match.group(0), span or ctx.module.span(receiver),
                                (path,), self.scope_for(path)))
        out.append(Text(text[position:], None))
        return [s for s in out if not (isinstance(s, Text) and not s.text)]

    def _format(self, receiver: cst.BaseExpression, args: Iterable[cst.Arg],
                ctx: Context) -> list[Seg]:
        made = self._string_template(receiver, ctx)
        template = self.text(*made) if made is not None else self.text(receiver, ctx)
        args = list(args)
        positional = [a.value for a in args if a.keyword is None and not a.star]
        keywords = {a.keyword.value: a.value for a in args if a.keyword is not None}
        contexts: dict[str, Context] = {}
        mappings = [a.value for a in args if a.star == "**"]
        for mapping in mappings:  # `**values`: the keys a dict built in code holds
            for key, value, value_ctx in self.spread(mapping, ctx):
                if key not in keywords:
                    keywords[key], contexts[key] = value, value_ctx
        if not any(isinstance(s, Text) for s in template):
            # Text not known here, formatted with known values: one hole that varies as
            # the most volatile of them.
            holes = [h for s in template if isinstance(s, Hole) for h in (s,)]
            for arg in args:
                holes.extend(h for h in self.text(arg.value, ctx) if isinstance(h, Hole))
            return [max(holes, key=lambda h: int(h.scope.varies_like))]
        # Known text with holes in it (an f-string part, a clock): each run of text is
        # formatted on its own and the holes stay where they are.
        counter = [0]
        out = _runs_filled(template, lambda run: self._format_run(
            run, receiver, ctx, positional, keywords, contexts, mappings, counter))
        return out if out is not None else [self.hole(receiver, ctx)]

    def _format_run(self, template: list[Seg], receiver, ctx: Context, positional: list,
                    keywords: dict, contexts: dict, mappings: list, counter: list[int],
                    ) -> list[Seg] | None:
        """One run of known text of a `.format` receiver, its fields filled from the call's
        arguments (`counter` numbers the automatic fields across runs); None when the text
        is no format string."""
        fmt = "".join(s.text for s in template)
        out: list[Seg] = []
        try:
            parsed = list(string.Formatter().parse(fmt))
        except ValueError:
            return None
        search_from = 0
        for literal, field_name, _spec, _conversion in parsed:
            if literal:  # placed where it stands in the source (`_placed_after` names it)
                at = fmt.find(literal, search_from)
                out.append(Text(literal, offset_span(template, at, 0)
                                if at >= 0 else None))
                search_from = at + len(literal) if at >= 0 else search_from
            if field_name is None:
                continue
            root, _, rest = field_name.partition(".")
            root = root.split("[", 1)[0]
            if root == "" or root.isdigit():
                number = counter[0] if root == "" else int(root)
                counter[0] += root == ""
                value = positional[number] if number < len(positional) else None
            else:
                value = keywords.get(root)
            placeholder_span, search_from = find_placeholder(template, fmt, field_name,
                                                              search_from)
            if value is None:
                mapping = mappings[0] if mappings else None
                base = self.path_of(mapping, ctx) if mapping is not None else None
                path = f"{base}.{root}" if base else root
                out.append(Hole("value", "{" + field_name + "}", placeholder_span or
                                ctx.module.span(receiver), (path,), self.scope_of(path)))
                continue
            value_ctx = contexts.get(root, ctx)
            segments = self.text(value, value_ctx)
            if rest and segments and isinstance(segments[0], Hole):
                segments = [self.hole(value, value_ctx,
                                      f"{self.path_of(value, value_ctx)}.{rest}")]
            out.extend(self.filled_at(segments, "{" + field_name + "}", placeholder_span,
                                      value, value_ctx))
        return out

    def filled_at(self, segments: list[Seg], field: str, placeholder: Span | None,
                  value: cst.BaseExpression, value_ctx: Context) -> list[Seg]:
        """What a value passed into a template's placeholder (`{name}`, `%s`) puts there.
        A value that is text with holes of its own (a persona template formatted first)
        keeps them where they stand in that text: the fix is made there. One whose own text
        is only labels around its values (`## {title} ({id})` lines joined from a loop) is
        reported at the placeholder in the constant, scoped by the argument: one hole that
        varies as the most volatile of the argument's values."""
        known = sum(len(s.text.strip()) for s in segments
                    if isinstance(s, Text)) >= _OWN_TEXT
        if placeholder is None or known:
            # (its values name the line that passes them into the template: `passed at`)
            at = value_ctx.module.span(value)
            return [dataclasses.replace(s, passed=s.passed or at)
                    if isinstance(s, Hole) and at.path != s.span.path else s
                    for s in segments]
        holes = [h for h in segments if isinstance(h, Hole)]
        out: list[Seg] = []
        for segment in segments:
            if not isinstance(segment, Hole):
                out.append(segment)
            elif segment is holes[0]:
                worst = max(holes, key=lambda h: (int(h.scope.varies_like),
                                                  h.scope is not Scope.UNKNOWN))
                # (passed into a template of another file by the line that fills it, when
                # the value came into the filling file from a third one: named from there)
                out.append(Hole(worst.kind if len(holes) == 1 else "value", field, placeholder,
                                tuple(dict.fromkeys(d for h in holes for d in h.deps)),
                                worst.scope,
                                _filled_by(worst, placeholder, value_ctx.module.span(value))))
        return out

    def _slots_to_fields(self, pattern: cst.BaseExpression, replacement: cst.BaseExpression,
                         text: cst.BaseExpression, ctx: Context) -> list[Seg] | None:
        r"""`re.sub(r"<<([^>>]+)>>", r"{\1}", template)`: each slot of the text written
        between two fixed delimiters becomes what the replacement makes of its name (a
        format field, filled next). The pattern is read, never run: only that shape (fixed
        delimiters around one group of `[^...]+`, `\w+` or `.+?`) is followed; None
        otherwise."""
        written, making = literal_value(pattern), literal_value(replacement)
        if not isinstance(written, str) or not isinstance(making, str):
            return None
        shape, made = _SLOT_PATTERN.match(written), _GROUP_REPLACEMENT.match(making)
        if shape is None or made is None:
            return None
        inside = _slot_inside(shape.group("inner"))
        opening, closing = _unescaped(shape.group("open")), _unescaped(shape.group("close"))
        out: list[Seg] = []
        for segment in self.text(text, ctx):
            if not isinstance(segment, Text) or opening not in segment.text:
                out.append(segment)
                continue
            body, position, start = segment.text, 0, 0
            while (found := body.find(opening, start)) >= 0:
                end = _slot_end(body, found + len(opening), closing, inside)
                if end is None:
                    start = found + 1
                    continue
                if found > position:
                    out.append(Text(body[position:found], offset_span([segment], position, 0)))
                name = body[found + len(opening):end]
                out.append(Text(made.group("before") + name + made.group("after"),
                                offset_span([segment], found, 0)))
                position = start = end + len(closing)
            if position < len(body):
                out.append(Text(body[position:], offset_span([segment], position, 0)))
        return out

    def _replace(self, receiver: cst.BaseExpression, old: cst.BaseExpression,
                 new: cst.BaseExpression, ctx: Context) -> list[Seg] | None:
        """`TEMPLATE.replace("{{PHASE}}", value)`: a placeholder filled by hand; each place
        it stands in the text becomes the value, a hole reported at the placeholder. None
        when the placeholder is not constant text (a literal, or a constant it names:
        `.replace(DATE_TAG, today)`)."""
        needle = literal_value(old)
        if not isinstance(needle, str) and isinstance(old, (cst.Name, cst.Attribute)):
            named = self.text(old, ctx)
            if named and all(type(s) is Text for s in named):
                needle = "".join(s.text for s in named)
        if not isinstance(needle, str) and isinstance(old, (cst.FormattedString, cst.Call,
                                                            cst.BinaryOperation)):
            return self._replace_each(receiver, old, new, ctx)
        if not isinstance(needle, str) or not needle:
            return None
        template = self.text(receiver, ctx)
        if not any(isinstance(s, Text) and needle in s.text for s in template):
            return self._replaced_unseen(template, new, ctx)
        return _put(template, needle, self.text(new, ctx), ctx.module.span(new))

    def _replace_each(self, receiver: cst.BaseExpression, old: cst.BaseExpression,
                      new: cst.BaseExpression, ctx: Context) -> list[Seg] | None:
        """`for k in values: text = text.replace(f"[{k}]", values[k])`: the placeholder made
        from each key of a dict known here, filled with that key's value, in the dict's
        order (`for key, value in values.items()`: filled with `value`). None when the tag
        is not made from a loop over such a dict."""
        import dataclasses

        from .values import LoopItem

        names = names_read(old, bases=False, limit=8)
        found = next(((n.value, item) for n in names
                      if isinstance(item := self.resolve(n.value, ctx), LoopItem)), None)
        if found is None:
            return None
        var, item = found
        iterable = item.iterable
        value_name = None
        if _no_args_call(iterable, "items"):
            # `for key, value in data.items()`: the tag made from the key, filled with value
            pair = _pair_target(item.ctx.module, iterable)
            if pair is None or pair[0] != var:
                return None
            value_name, iterable = pair[1], iterable.func.value
        elif _no_args_call(iterable, "keys"):
            iterable = iterable.func.value
        entries = self.spread(iterable, item.ctx)
        if not entries or len(entries) > MAX_KEYS:
            return None
        template = self.text(receiver, ctx)
        looked_up = isinstance(new, cst.Subscript) and len(new.slice) == 1 and \
            isinstance(new.slice[0].slice, cst.Index) and \
            isinstance(new.slice[0].slice.value, cst.Name) and \
            new.slice[0].slice.value.value == var and \
            dotted_name(new.value) == dotted_name(iterable)
        for key, value, value_ctx in entries:
            key_node = value_ctx.module.made(cst.SimpleString(repr(key)), value)
            bindings = {**ctx.bindings, var: (key_node, value_ctx)}
            if value_name is not None:
                bindings[value_name] = (value, value_ctx)
            bound = dataclasses.replace(ctx, bindings=bindings)
            tag = self.text(old, bound)
            if not tag or not all(type(s) is Text for s in tag):
                return None
            needle = "".join(s.text for s in tag)
            filling = self.text(value, value_ctx) if looked_up else self.text(new, bound)
            template = _put(template, needle, filling)
        return template

    def _replaced_unseen(self, template: list[Seg], new: cst.BaseExpression,
                         ctx: Context) -> list[Seg]:
        """A placeholder replaced in text not in view (a configured system prompt with
        `{time}` in it): the value lands somewhere in it, so the text varies as the most
        volatile of the two, reported at the value passed, where the fix is made."""
        holes = [s for s in template if isinstance(s, Hole)]
        filled = [s for s in self.text(new, ctx) if isinstance(s, Hole)]
        if not holes or not filled:
            return template
        value = max(filled, key=lambda h: int(h.scope.varies_like))
        if value.scope.varies_like <= max(int(h.scope.varies_like) for h in holes):
            return template
        deps = tuple(dict.fromkeys(d for h in (*filled, *holes) for d in h.deps))
        merged = Hole(value.kind, shorten(ctx.module.source(new)), ctx.module.span(new), deps,
                      value.scope)
        out: list[Seg] = []
        for segment in template:
            if isinstance(segment, Hole):
                if merged not in out:
                    out.append(merged)
            else:
                out.append(segment)
        return out


# Characters of constant text a value passed to `.format` holds before it is text of its own
# (a persona template), not labels around its values.
_OWN_TEXT = 120


MAX_SLOT_NAME = 80  # characters of a slot's name (`<<CURRENT_TIME>>`) looked at, at most
# A regular expression that finds slots between fixed delimiters: text with no special
# characters, one group of a slot's name, text again (`<<([^>>]+)>>`, `\[\[(\w+)\]\]`).
_LITERAL = r"(?:\\.|[^\\()\[\]{}.*+?^$|])+"
_SLOT_PATTERN = re.compile(r"(?P<open>" + _LITERAL + r")\((?P<inner>\[\^[^\]\\-]+\]\+|"
                           r"\\w\+|\.\+\?)\)(?P<close>" + _LITERAL + r")\Z")
# A replacement that writes the group between fixed text (`{\1}`, `{{\g<1>}}`).
_GROUP_REPLACEMENT = re.compile(r"(?P<before>[^\\]*)\\(?:1|g<1>)(?P<after>[^\\]*)\Z")


def _no_args_call(node: cst.BaseExpression, method: str) -> bool:
    """Whether node is `x.method()` with no arguments (`data.items()`)."""
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and \
        node.func.attr.value == method and not node.args


def _pair_target(module, iterable: cst.BaseExpression) -> tuple[str, str] | None:
    """The two names of the `for key, value in ...` whose iterable is `iterable` (the
    module's loops by their iterables, found once per module)."""
    loops = module.memo("loops by iterable", module, lambda: {
        id(n.iter): n for n in module.nodes if isinstance(n, cst.For)})
    loop = loops.get(id(iterable))
    if loop is None or not isinstance(loop.target, (cst.Tuple, cst.List)) or \
            len(loop.target.elements) != 2 or \
            not all(isinstance(e.value, cst.Name) for e in loop.target.elements):
        return None
    return loop.target.elements[0].value.value, loop.target.elements[1].value.value


def _unescaped(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def _slot_inside(inner: str) -> Callable[[str], bool]:
    r"""What a slot's name may hold, as the pattern's group says: no character of a
    `[^...]` set, word characters for `\w+`, anything but a line break for `.+?`."""
    if inner.startswith("[^"):
        excluded = set(_unescaped(inner[2:-2]))
        return lambda c: c not in excluded and c != "\n"
    if inner.startswith("\\w"):
        return lambda c: c.isalnum() or c == "_"
    return lambda c: c != "\n"


def _slot_end(body: str, start: int, closing: str,
              inside: Callable[[str], bool]) -> int | None:
    """Where a slot's name that starts at `start` ends (the closing delimiter follows it
    there), or None when no name of one to MAX_SLOT_NAME characters is closed (the bound
    keeps a text of many openings and no closing linear)."""
    end, last = start, min(len(body), start + MAX_SLOT_NAME)
    while end < last and inside(body[end]) and not body.startswith(closing, end):
        end += 1
    return end if end > start and body.startswith(closing, end) else None


def _filled_by(hole: Hole, placeholder: Span, at: Span | None) -> Span:
    """The line that passes a value into a placeholder of a text: where it came from,
    unless it came into the filling file from a third one, then the line that fills it."""
    passed = hole.passed or hole.span
    if at is not None and passed.path != at.path and at.path != placeholder.path:
        return at
    return passed


def _put(template: list[Seg], needle: str, filling: list[Seg],
         at: Span | None = None) -> list[Seg]:
    """The template with each place `needle` stands in its text replaced by `filling`, a
    hole of it reported at that place; passed in by the line that fills it (`at`) when the
    value came into the filling file from a third one, as `filled_at` has it."""
    out: list[Seg] = []
    for segment in template:
        if not (isinstance(segment, Text) and needle in segment.text):
            out.append(segment)
            continue
        text, position = segment.text, 0
        while (found := text.find(needle, position)) >= 0:
            if found > position:
                out.append(Text(text[position:found], offset_span([segment], position, 0)))
            span = offset_span([segment], found, len(needle))
            out.extend(Hole(s.kind, needle, span, s.deps, s.scope, _filled_by(s, span, at))
                       if isinstance(s, Hole) and span is not None else s for s in filling)
            position = found + len(needle)
        if position < len(text):
            out.append(Text(text[position:], offset_span([segment], position, 0)))
    return out


