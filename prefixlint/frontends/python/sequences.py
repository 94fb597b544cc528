"""Sequences in prompts: the items of a list built in code (literals, `+`, `append`/`extend`
statements, filters, `sorted` constants, a project function's returned list), the items a
loop variable stands for, the keys and values a `**mapping` passes, and lists shuffled or
sampled at random (PFX011).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from ...ir import Hole, Scope, Span
from ...volatility import is_history
from .literals import (MAX_DEPTH, deeper, dotted_name, is_cast, is_reversal, is_slice_copy,
                       iter_root, iter_source, literal_value, shorten, walk_body, yield_points)
from .flow import INSERTS, REWRITES, added_later, entry_name, module_loop, windowed
from .messages import MESSAGE_CLASS_ROLES, dict_fields
from .sources import RANDOM_EXAMPLES
from .values import STARRED, Context, ExtendedItem, HoleItem, LoopItem, Parts

if TYPE_CHECKING:
    from .interpreter import Lowerer


def _copied_local(node: cst.BaseExpression, ctx: Context) -> cst.Name | None:
    """The local list a call copies (`history.copy()`, `copy.deepcopy(turns)`), else None.
    An object's kept list (`self._messages.copy()`) is left to stand as the conversation."""
    if not isinstance(node, cst.Call):
        return None
    if isinstance(node.func, cst.Attribute) and node.func.attr.value == "copy" and \
            not node.args:
        copied = node.func.value
    elif len(node.args) == 1 and not node.args[0].keyword and not node.args[0].star and \
            ctx.module.qualname(node.func) in ("copy.copy", "copy.deepcopy"):
        copied = node.args[0].value
    else:
        return None
    return copied if isinstance(copied, cst.Name) else None


def _filtered(node: cst.BaseExpression) -> bool:
    """A comprehension that only filters a sequence, keeping each item as it is
    (`[part for part in parts if part]`): its items are the sequence's, in order, less
    some (measured as if all were kept)."""
    if not isinstance(node, (cst.ListComp, cst.GeneratorExp)):
        return False
    clause = node.for_in
    return clause.inner_for_in is None and not clause.asynchronous and \
        isinstance(clause.target, cst.Name) and isinstance(node.elt, cst.Name) and \
        node.elt.value == clause.target.value


# The most items of a known list that a comprehension is read over, one by one.
MAX_MAPPED = 16


def _mapped(node: cst.BaseExpression) -> bool:
    """A comprehension that makes one element of each item of one sequence, keeping them
    all (`[format_message(m) for m in messages]`, or numbered: `[f"{i + 1}. {rule}" for i,
    rule in enumerate(RULES)]`)."""
    if not isinstance(node, (cst.ListComp, cst.GeneratorExp)):
        return False
    clause = node.for_in
    return clause.inner_for_in is None and not clause.asynchronous and not clause.ifs and \
        (isinstance(clause.target, cst.Name) or _numbering(clause) is not None)


def _numbering(clause: cst.CompFor) -> tuple[str, str, cst.BaseExpression, int] | None:
    """(index name, item name, sequence, first number) of `for i, x in enumerate(seq[,
    start])`; None for any other loop."""
    target, source = clause.target, clause.iter
    if not (isinstance(target, cst.Tuple) and len(target.elements) == 2 and
            all(isinstance(e.value, cst.Name) for e in target.elements) and
            isinstance(source, cst.Call) and isinstance(source.func, cst.Name) and
            source.func.value == "enumerate" and 1 <= len(source.args) <= 2):
        return None
    start = literal_value(source.args[1].value) if len(source.args) == 2 else 0
    if not isinstance(start, int) or isinstance(start, bool):
        return None
    index, item = (e.value.value for e in target.elements)
    return index, item, source.args[0].value, start


def _copy_of(node: cst.BaseExpression, name: str) -> bool:
    """Whether an expression is the item `name` or a copy of it that keeps what it says: a
    dict comprehension over its items that leaves some keys out (`{k: v for k, v in
    m.items() if k not in INTERNAL}`), `dict(m)`, `{**m}`, `m.copy()`, either arm of
    `... if isinstance(m, dict) else m`."""
    if isinstance(node, cst.Name):
        return node.value == name
    if isinstance(node, cst.IfExp):
        return _copy_of(node.body, name) and _copy_of(node.orelse, name)
    if isinstance(node, cst.DictComp):
        clause, it = node.for_in, node.for_in.iter
        return clause.inner_for_in is None and isinstance(clause.target, cst.Tuple) and \
            len(clause.target.elements) == 2 and \
            [getattr(e.value, "value", None) for e in clause.target.elements] == \
            [getattr(node.key, "value", None), getattr(node.value, "value", None)] and \
            isinstance(it, cst.Call) and not it.args and isinstance(it.func, cst.Attribute) \
            and it.func.attr.value == "items" and _copy_of(it.func.value, name)
    if isinstance(node, cst.Dict):
        return len(node.elements) == 1 and isinstance(node.elements[0], cst.StarredDictElement) \
            and _copy_of(node.elements[0].value, name)
    if isinstance(node, cst.Call) and len(node.args) == 1 and not node.args[0].keyword and \
            not node.args[0].star and getattr(node.func, "value", None) in ("dict", "copy"):
        return _copy_of(node.args[0].value, name)  # `dict(m)`, `copy(m)`
    if isinstance(node, cst.Call) and not node.args and isinstance(node.func, cst.Attribute):
        return node.func.attr.value == "copy" and _copy_of(node.func.value, name)
    return False


def _sends_per_item(iterable: cst.BaseExpression, module) -> bool:
    """Whether an item, read where a prompt is sent once a pass of a loop at module level,
    is that loop's own: the outermost loop there (`for row in rows:` of a script). The
    items of a loop inside it (`for example in EXAMPLES:`) are not what tells the passes
    apart."""
    loop = module.parents.get(id(iterable))
    if not isinstance(loop, cst.For) or loop.iter is not iterable:
        return False
    around = module_loop(module.loops, module.pos(loop))
    return around is not None and around[0] == module.pos(loop)


class SequenceOps:
    """Items of sequences and mappings built in code (mixed into the Lowerer)."""

    def item_path(self: "Lowerer", item: LoopItem, ctx: Context) -> str:
        """The value path of a loop variable, scoped as what it iterates over: items of a
        constant list are constant, items picked at random change per request (PFX011)."""
        at = deeper(item.ctx, ctx)
        iterable = item.iterable
        span = at.module.span(iterable)
        source = iter_root(iter_source(iterable), at)
        # a parameter a call binds is named for what the caller passed (`self.config.tools`):
        # the same loop read with its parameter unknown is another value, scoped apart
        base = source.value if isinstance(source, cst.Name) and \
            source.value not in at.bindings else self.path_of(source, at) or "item"
        base = windowed(base, iter_source(iterable))  # (`for m in history[-3:]`)
        path = f"{base}.item@{span.path}:{span.line}:{span.column}"
        if path in self.scopes:
            return path
        self.scopes[path] = Scope.UNKNOWN  # while its iterable is read (cycles end here)
        random = self._random_pick(iterable, at)
        if random is not None:
            self.note("PFX011", random, f"'{shorten(at.module.source(iterable))}' is picked or "
                      "shuffled at random on every request; send examples in a fixed order")
            scope = Scope.REQUEST
        elif at.import_time:
            scope = Scope.DEPLOY
        elif at.function is None and _sends_per_item(iterable, at.module):
            scope = Scope.REQUEST  # a script's pass over its rows: each pass sends one
        else:
            holes = [s for s in self.text(iter_root(iterable, at), at) if isinstance(s, Hole)]
            scope = max((h.scope for h in holes), key=lambda s: int(s.varies_like),
                        default=Scope.STATIC)
            if holes and all(h.scope is Scope.UNKNOWN for h in holes) and \
                    self.scope_of(base) is not Scope.UNKNOWN:
                scope = self.scope_of(base)
        self.scopes[path] = scope
        return path

    def _random_pick(self: "Lowerer", node: cst.BaseExpression, ctx: Context) -> Span | None:
        """Where an iterable was shuffled or sampled at random, following names."""
        depth = 0
        while isinstance(node, cst.Name) and depth < MAX_DEPTH:
            shuffled = self.shuffled(node, ctx)
            if shuffled is not None:
                return shuffled
            resolved = self.resolve(node.value, ctx)
            if not isinstance(resolved, tuple):
                return None
            node, ctx = resolved
            depth += 1
        if isinstance(node, cst.Call) and ctx.module.qualname(node.func) in RANDOM_EXAMPLES:
            return ctx.module.span(node)
        return None

    def shuffled(self: "Lowerer", node: cst.BaseExpression, ctx: Context) -> Span | None:
        """Where a name was shuffled in place (`random.shuffle(examples)`) before this use."""
        if not isinstance(node, cst.Name):
            return None
        entry = ctx.module.shuffled.get(id(ctx.function) if ctx.function else 0, {}).get(node.value)
        return entry[1] if entry is not None and entry[0] < ctx.line else None

    def sequence(self: "Lowerer", node: cst.BaseExpression, ctx: Context,
                 ) -> list[tuple[cst.BaseExpression, Context]] | None:
        """The elements of a literal list/tuple (following names), or None."""
        self.step()  # following project functions fans out like any evaluation
        if isinstance(node, (cst.List, cst.Tuple)):
            out: list[tuple[cst.BaseExpression, Context]] = []
            for element in node.elements:
                if isinstance(element, cst.StarredElement):
                    inner = self.sequence(element.value, ctx)
                    if inner == [] and self._turns_kept_later(element.value, ctx):
                        # `history = []` before a chat loop, `*history` sent, then
                        # `history.append(...)`: every turn but the first sends the turns
                        # the earlier ones kept
                        inner = [(HoleItem(self._earlier_turns(element.value, ctx)), ctx)]
                    # Unknown contents stand as one opaque item (`*history`, shuffled examples).
                    out.extend(self._spread_here(inner, element.value, ctx)
                               if inner is not None else [(element.value, ctx)])
                else:
                    out.append((element.value, ctx))
            return out
        if isinstance(node, cst.Call) and not node.args and \
                ctx.module.qualname(node.func) == "io.StringIO":
            return []  # a text buffer its `write` calls fill, in order (`getvalue()`)
        if isinstance(node, cst.Dict) and all(isinstance(e, cst.DictElement)
                                              for e in node.elements):
            return [(e.key, ctx) for e in node.elements]  # iterated: its keys, in order
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and \
                node.func.attr.value in ("keys", "values") and not node.args:
            found = self.follow(node.func.value, ctx)  # `LABELS.values()` of a dict literal
            if found is not None and isinstance(found[0], cst.Dict) and \
                    all(isinstance(e, cst.DictElement) for e in found[0].elements):
                values = node.func.attr.value == "values"
                return [(e.value if values else e.key, deeper(found[1], ctx))
                        for e in found[0].elements]
        if isinstance(node, cst.Name) and STARRED + node.value in ctx.bindings:
            packed, packed_ctx = ctx.bindings[STARRED + node.value]  # `*names` of a call
            return [(element.value, packed_ctx) for element in packed.elements]
        if isinstance(node, (cst.Name, cst.Attribute)):
            if self.shuffled(node, ctx) is not None:
                return None
            resolved = self.resolve(node.value, ctx) if isinstance(node, cst.Name) \
                else self.attribute_value(node, ctx)
            if isinstance(resolved, tuple):
                return self.sequence(resolved[0], deeper(resolved[1], ctx))
            if isinstance(resolved, Parts):
                return self._parts_sequence(resolved, ctx)
        if isinstance(node, cst.IfExp) and ctx.bindings:
            known = self.truth(node.test, ctx)  # `[...] if messages else []`
            if known is not None:
                return self.sequence(node.body if known else node.orelse, ctx)
        if isinstance(node, cst.Subscript) and is_slice_copy(node):
            return self.sequence(node.value, ctx)
        if isinstance(node, cst.Call) and len(node.args) == 2 and \
                ctx.module.qualname(node.func) == "builtins.filter" and \
                isinstance(node.args[0].value, cst.Name) and node.args[0].value.value == "None":
            # `filter(None, sections)`: the sections, less the empty ones, which add no text
            return self.sequence(node.args[1].value, ctx)
        if isinstance(node, cst.Subscript) and not is_reversal(node):
            entry = self.entry_value(node, ctx)  # `PROMPTS["DEFAULT_TYPES"]`: the entry's list
            if isinstance(entry, tuple) and entry[0] is not node:
                return self.sequence(entry[0], deeper(entry[1], ctx))
        if isinstance(node, cst.Subscript) and is_reversal(node):  # `messages[::-1]`
            items = self.sequence(node.value, ctx)
            return items[::-1] if items is not None else None
        if isinstance(node, cst.Await):  # `await self.build_messages(...)`: what it returns
            return self.sequence(node.expression, ctx)
        if isinstance(node, cst.Call) and not node.args and ctx.module.qualname(node.func) in (
                "builtins.list", "builtins.tuple", "collections.deque"):
            return []  # `deque()`: a new, empty list
        if isinstance(node, cst.Call) and len(node.args) == 1 and not node.args[0].keyword \
                and not node.args[0].star and ctx.module.qualname(node.func) in (
                    "builtins.reversed", "builtins.list", "builtins.tuple",
                    "collections.deque"):
            items = self.sequence(node.args[0].value, ctx)  # `list(reversed(messages))`
            reverse = ctx.module.qualname(node.func) == "builtins.reversed"
            return items[::-1] if items is not None and reverse else items
        copied = _copied_local(node, ctx)
        if copied is not None:  # `history.copy()` of a list built here: the same items
            return self.sequence(copied, ctx)
        if _filtered(node):  # `[p for p in parts if p]`: the same items, in the same order
            return self.sequence(node.for_in.iter, ctx)
        if _mapped(node):
            # `[self.format_message(m) for m in messages]`: each item of a list known here,
            # as the expression makes it of that item (a message object made a dict)
            numbered = _numbering(node.for_in)
            items = self.sequence(node.for_in.iter if numbered is None else numbered[2], ctx)
            if items is None or len(items) > MAX_MAPPED:
                return None
            name = node.for_in.target.value if numbered is None else numbered[1]
            if numbered is None and _copy_of(node.elt, name):
                return items  # `[{k: v for k, v in m.items() if k not in OURS} for m in ...]`
            out = []
            for position, item in enumerate(items):
                bound = {**ctx.bindings, name: item}
                if numbered is not None:  # `i` of `enumerate`: that item's number
                    number = ctx.module.made(cst.Integer(str(numbered[3] + position)),
                                             node.for_in.iter)
                    bound[numbered[0]] = (number, ctx)
                out.append((node.elt, Context(ctx.module, ctx.function, ctx.line,
                                              ctx.import_time, bound, ctx.depth + 1,
                                              ctx.arms)))
            return out
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add):
            # `[system] + state["messages"]`: a side not known stands as one opaque item.
            left, right = self.sequence(node.left, ctx), self.sequence(node.right, ctx)
            if left is None and right is None:
                return None
            return (left if left is not None else [(node.left, ctx)]) + \
                (right if right is not None else [(node.right, ctx)])
        if isinstance(node, cst.BooleanOperation) and isinstance(node.operator, cst.Or):
            # `messages or []`: the list given, else a new one (`None` by default)
            left = node.left
            if isinstance(left, cst.Name) and left.value != "None":
                held = self.resolve(left.value, ctx)
                left = held[0] if isinstance(held, tuple) else left
            if isinstance(left, cst.Name) and left.value == "None":
                return self.sequence(node.right, ctx)
            return self.sequence(node.left, ctx)
        if isinstance(node, cst.Call) and is_cast(node, ctx.module.qualname(node.func)):
            return self.sequence(node.args[1].value, ctx)  # `cast(list[Message], messages)`
        if isinstance(node, cst.Call) and len(node.args) == 1 and \
                ctx.module.qualname(node.func) == "builtins.sorted":
            return self._sorted_constants(node.args[0].value, ctx)
        if isinstance(node, cst.Call):
            yielded = self._yielded(node, ctx)
            if yielded is not None:  # `list(self._messages(system, request))`
                return yielded
            returned = self.last_return(node, ctx)
            if returned is not None:  # `messages=build_messages(ticket)`: the list it returns
                return self.sequence(*returned)
        return None

    def _yielded(self: "Lowerer", call: cst.Call, ctx: Context,
                 ) -> list[tuple[cst.BaseExpression, Context]] | None:
        """What a project generator yields, in order, with the call's arguments bound: each
        `yield item`, the items of `yield from items`, and for a `for` loop that yields, its
        sequence as one item (`for m in self.history: yield m`); None when the call is not to
        a project generator, or one that yields from a `while` loop."""
        found = self._function_of(call, ctx)
        if found is None:
            return None
        function, module = found
        points = module.memo("yields", function, lambda: yield_points(function))
        if not points or any(isinstance(loop, cst.While) for _, loop in points):
            return None
        called = self._call_context(function, module, call, ctx)
        out: list[tuple[cst.BaseExpression, Context]] = []
        loops: set[int] = set()
        for point, loop in points:
            at = Context(module, function, module.pos(point), called.import_time,
                         called.bindings, called.depth, module.arms(point))
            if loop is not None:
                if id(loop) not in loops:
                    loops.add(id(loop))
                    out.append((loop.iter, at))
            elif isinstance(point.value, cst.From):
                inner = self.sequence(point.value.item, at)
                out.extend(inner if inner is not None else [(point.value.item, at)])
            elif point.value is not None:
                out.append((point.value, at))
        return out

    def _turns_kept_later(self: "Lowerer", node: cst.BaseExpression, ctx: Context) -> bool:
        """Whether a name read inside a loop of its function is added to later in the same
        pass (`history.append(turn)`, `history += [...]`): what the earlier passes added."""
        if not isinstance(node, cst.Name) or ctx.function is None:
            return False
        function = id(ctx.function)
        return added_later(ctx.module.bindings_in(function, ctx.arms),
                           ctx.module.loops.get(function, []), node.value, ctx.line)

    def _earlier_turns(self: "Lowerer", node: cst.Name, ctx: Context) -> Hole:
        """The turns earlier passes of a chat loop kept: the session's history."""
        span = ctx.module.span(node)
        path = node.value if is_history(node.value) else \
            f"history@{span.path}:{span.line}:{span.column}"
        self.scopes[path] = Scope.SESSION
        return Hole("value", node.value, span, (path,), Scope.SESSION)

    def _spread_here(self: "Lowerer", items: list, node: cst.BaseExpression, ctx: Context,
                     ) -> list:
        """The items `*self.turns` spreads, the turns an object keeps (an opaque history
        its methods append to) reported where the spread puts them into the prompt, not
        where the object first set the list."""
        path = dotted_name(node) if isinstance(node, (cst.Name, cst.Attribute)) else None
        return [(HoleItem(self.placed(item.hole, node, ctx)), at)
                if isinstance(item, HoleItem) and path and item.hole.expr == path and
                item.hole.span is not None and item.hole.span != ctx.module.span(node)
                else (item, at) for item, at in items]

    def _parts_sequence(self: "Lowerer", resolved: Parts, ctx: Context,
                        ) -> list[tuple[cst.BaseExpression, Context]] | None:
        """A list built by statements: `=`, `+=`/`extend` and `append`/`insert(0, …)`;
        contents not known statically stand as one opaque item."""
        out: list = []
        # Items appended make it a list: a start not known here (a parameter, a copy of
        # one) is then one opaque item before them, as `*history` is in a literal.
        listed = any(op in ("append", "extend", *INSERTS, *REWRITES)
                     for op, _, _ in resolved.parts)
        parts = resolved.parts
        # what each append inside a pass over rows makes (`_appended_turns`), and those loops
        turned = {index: found for index, (op, value, at) in enumerate(parts) if op == "append"
                  and (found := self._appended_turns(value, deeper(at, ctx), ctx)) is not None}
        passes = [loop for _, loop in turned.values()]
        # appends that copy each item of a list known here (`for m in messages:
        # parts.append(m)`): the list's items, once a loop; the `if`s in it pick no item
        copies = {index: found for index, (op, value, at) in enumerate(parts) if op == "append"
                  and (found := self._copied_items(value, deeper(at, ctx))) is not None}
        copying = [span for _, _, span in copies.values()]
        copied: set[int] = set()
        put_first = False  # whether a branch went first, for the `insert(0, ...)` after it
        for index, (op, value, at) in enumerate(parts):
            at = deeper(at, ctx)
            if index in copies:
                loop, items, _ = copies[index]
                if id(loop) not in copied:
                    copied.add(id(loop))
                    out.extend(items)
                continue
            if op == "branch" and isinstance(value, Hole) and any(
                    value.span.path == where.path and
                    where.line <= value.span.line <= where.end_line for where in copying):
                continue
            if op in ("=", "+=", "extend"):
                items = self.sequence(value, at) if value is not None else None
                if items is None and op == "=" and not isinstance(value, HoleItem) and \
                        not listed:
                    return None
                out.extend(items if items is not None else [(value, at)])
            elif op == "append":
                turns = turned.get(index, (None, None))[0]
                if turns is None:
                    out.append((value, at))
                elif not any(isinstance(item, HoleItem) and item.hole.span == turns.hole.span
                             for item, _ in out):  # (one for all that a pass appends)
                    out.append((turns, at))
            elif op == "insert0":  # (after the branch put first for it)
                out.insert(1 if put_first else 0, (value, at))
                put_first = False
            elif op in INSERTS:  # `sections.insert(3, note)`: before the item at that place
                out.insert(int(op.removeprefix("insert")), (value, at))
            elif op == "branch":  # items added under an `if` on a per-request value
                if isinstance(value, Hole) and any(
                        value.span.path == where.path and
                        where.line <= value.span.line <= where.end_line for where in passes):
                    continue  # (which turn a pass over the rows adds: the turns vary anyway)
                if isinstance(value, Hole) and _before_turns(parts, index, turned):
                    continue  # (`if history is None: messages = []` else the turns: whether
                    # there are earlier turns is the conversation's, as they are)
                # (where they are added: first for `insert(0, ...)`, put there next)
                first = index + 1 < len(parts) and parts[index + 1][0] == "insert0"
                out.insert(len(out) if not first else 0, (HoleItem(value), at))
                put_first = first  # (the op after it, when true)
            elif op == "reverse":  # `messages.reverse()`
                out.reverse()
            elif op in REWRITES:
                # `messages[-1]["content"] += RULES`, `messages[0]["content"] = system`
                where = -1 if op == "last+=" else 0
                if out:
                    item, item_ctx = out[where]
                    out[where] = (_rewritten(item, item_ctx, value, at, op == "first="),
                                  item_ctx)
            else:
                return None
        return out

    def _copied_items(self: "Lowerer", value, at: Context) -> tuple | None:
        """For `parts.append(message)` (or `str(message)`) in `for message in messages`
        over a list known here (a caller's, bound to the parameter): the loop and that
        list's items, with the loop's span; None otherwise."""
        from .interpreter import _loop_body_of

        if isinstance(value, cst.Call) and len(value.args) == 1 and \
                at.module.qualname(value.func) == "builtins.str":
            value = value.args[0].value
        method = None
        if isinstance(value, cst.Call) and not value.args and \
                isinstance(value.func, cst.Attribute) and isinstance(value.func.value, cst.Name):
            # `out.append(msg.to_openai())`: each item as its method writes it
            method, value = value.func.attr, value.func.value
        if not isinstance(value, cst.Name):
            return None
        loop = _loop_body_of(value, at.module)
        if loop is None or not isinstance(loop.target, cst.Name) or \
                loop.target.value != value.value:
            return None
        held = self.resolve(value.value, at)
        if not isinstance(held, LoopItem) or loop.iter is not held.iterable:
            return None
        items = self.sequence(held.iterable, held.ctx)
        if items is not None and method is not None:
            items = [(item_ctx.module.made(cst.Call(func=cst.Attribute(item, method)), item),
                      item_ctx) if isinstance(item, cst.BaseExpression) else (item, item_ctx)
                     for item, item_ctx in items]
        return (loop, items, at.module.span(loop)) if items is not None else None

    def _appended_turns(self: "Lowerer", value, at: Context, ctx: Context,
                        ) -> tuple[HoleItem, Span] | None:
        """A message appended in a `for` over items not known here (`for row in rows:
        conversation.append({"role": ..., "content": row["content"]})`), the list read after
        the loop: the turns the rows make, one opaque item of the conversation (as earlier
        turns kept elsewhere are), varying as the message's values do, and at least as
        often as a session; with the span of that `for`. None otherwise, and for turns made
        of constants or of a request's own values."""
        from .interpreter import _loop_body_of
        module = at.module
        content = _turn_content(value)
        if content is None:
            return None
        loop = _loop_body_of(value, module)
        if loop is None or at.function is None or \
                module.pos(loop) <= ctx.line < module.end(loop) or \
                self.sequence(loop.iter, at) is not None:
            return None
        holes = [s for s in self.text(content, at) if isinstance(s, Hole)]
        if not holes:
            return None
        worst = max(holes, key=lambda h: int(h.scope.varies_like)).scope
        if worst in (Scope.STATIC, Scope.DEPLOY, Scope.DAY) or worst is Scope.REQUEST and (
                not _replays_exchanges(loop) or self._random_pick(loop.iter, at) is not None):
            # (examples the project ships, `for ex in EXAMPLES[:4]`, are the same turns on
            # every request; a request's own rows, `for answer in transcript`, are its data,
            # unless each pass adds a user's turn and the answer to it: the earlier turns a
            # client sends with its request, not examples sampled at random)
            return None
        if worst.varies_like < Scope.SESSION or worst is Scope.REQUEST:
            worst = Scope.SESSION  # turns a conversation keeps: its session's at least, and
            # its session's when a client sends them with each request
        span = module.span(loop.iter)
        path = self.item_path(LoopItem(loop.iter, at), at)  # `history.item`, named so
        if not is_history(path):  # `rows.item`: the turns it makes are a conversation
            path = f"conversation@{span.path}:{span.line}:{span.column}"
        self.scopes[path] = worst
        return (HoleItem(Hole("loop", shorten(module.source(loop.iter)), span, (path,), worst)),
                module.span(loop))

    def spread(self: "Lowerer", node: cst.BaseExpression, ctx: Context,
               depth: int = 0) -> list[tuple[str, cst.BaseExpression, Context]]:
        """What `**node` passes: the keys and values of a dict literal or `dict(...)` built
        in code, followed through names, `self` attributes and project functions."""
        if depth > 6:
            return []
        if isinstance(node, (cst.Name, cst.Attribute)):
            resolved = self.resolve(node.value, ctx) if isinstance(node, cst.Name) \
                else self.attribute_value(node, ctx)
            if isinstance(resolved, Parts):
                resolved = _branched_dict(resolved)
            out = self.spread(resolved[0], deeper(resolved[1], ctx), depth + 1) \
                if isinstance(resolved, tuple) else []
            if isinstance(node, cst.Name) and out:
                out = self._stored_entries(node.value, out, ctx)
            return out
        if isinstance(node, cst.Call):
            if dotted_name(node.func) == "dict":
                out = [(a.keyword.value, a.value, ctx) for a in node.args if a.keyword]
                for arg in node.args:
                    if arg.star == "**" or (arg.keyword is None and not arg.star):
                        out.extend(self.spread(arg.value, ctx, depth + 1))  # dict(base, k=v)
                return out
            copied = ctx.module.qualname(node.func) in ("copy.copy", "copy.deepcopy")
            if copied and node.args:  # `copy.deepcopy(self.vars)`: the same keys and values
                return self.spread(node.args[0].value, ctx, depth + 1)
            if isinstance(node.func, cst.Attribute) and node.func.attr.value == "copy" \
                    and not node.args:  # `values.copy()`
                found = self.spread(node.func.value, ctx, depth + 1)
                if found:
                    return found
            returned = self.last_return(node, ctx)
            return self.spread(*returned, depth + 1) if returned is not None else []
        if isinstance(node, cst.Dict):
            out = []
            for element in node.elements:
                if isinstance(element, cst.DictElement):
                    key = literal_value(element.key)
                    if isinstance(key, str):
                        out.append((key, element.value, ctx))
                elif isinstance(element, cst.StarredDictElement):
                    out.extend(self.spread(element.value, ctx, depth + 1))
            return out
        return []

    def _stored_entries(self: "Lowerer", name: str, out: list, ctx: Context) -> list:
        """A dict's keys and values with those the function stores in it before `ctx`
        (`payload["tools"] = tools` after `payload = {...}`): a stored key replaces the
        literal's value, a new one comes last."""
        if ctx.function is None:
            return out
        prefix = entry_name(name, "")[:-1]
        keys = []
        for binding in ctx.module.bindings.get(id(ctx.function), ()):
            key = binding.name[len(prefix):-1] if binding.name.startswith(prefix) else None
            if key and binding.pos < ctx.line and key not in keys:
                keys.append(key)
        for key in keys:
            found = self.resolve(entry_name(name, key), ctx)
            if isinstance(found, tuple):
                item = (key, found[0], deeper(found[1], ctx))
                at = next((i for i, old in enumerate(out) if old[0] == key), len(out))
                out = out[:at] + [item] + out[at + 1:]
        return out

    def _sorted_constants(self: "Lowerer", node: cst.BaseExpression, ctx: Context,
                          ) -> list[tuple[cst.BaseExpression, Context]] | None:
        """`sorted(LABELS)` of a literal set or list of strings: its items, in sorted order."""
        if isinstance(node, cst.Name):
            resolved = self.resolve(node.value, ctx)
            if isinstance(resolved, tuple) and ctx.depth < MAX_DEPTH:
                return self._sorted_constants(resolved[0], deeper(resolved[1], ctx))
            return None
        if not isinstance(node, (cst.Set, cst.List, cst.Tuple)):
            return None
        items = [(e.value, ctx) for e in node.elements if isinstance(e, cst.Element)]
        values = [literal_value(value) for value, _ in items]
        if len(items) != len(node.elements) or not all(isinstance(v, str) for v in values):
            return None
        return [item for _, item in sorted(zip(values, items), key=lambda pair: pair[0])]


def _branched_dict(parts: Parts) -> tuple | None:
    """The one dict a name is given in the arm taken of an `if` on a value that varies
    (`if "messages" in extra: body = {"model": m} else: body = {"model": m, "messages":
    [...]}`): the keys it passes are that dict's, the test only says whether it is sent."""
    given = [(value, at) for op, value, at in parts.parts if op == "="]
    if len(given) == 1 and isinstance(given[0][0], cst.Dict) and \
            all(op in ("=", "branch") for op, _, _ in parts.parts):
        return given[0]
    return None


def _before_turns(parts: list, index: int, turned: dict) -> bool:
    """Whether the next item the parts after `index` add is the turns a pass over rows
    appends (`turned`), with nothing but empty lists set, or the same branch again (its
    other arm), before it."""
    test = parts[index][1].span
    for later in range(index + 1, len(parts)):
        op, value, _ = parts[later]
        if later in turned:
            return True
        if not (op == "=" and isinstance(value, cst.List) and not value.elements or
                op == "branch" and isinstance(value, Hole) and value.span == test):
            return False
    return False


def _message_class(node) -> str | None:
    """The role a message object's class names (`HumanMessage(content=...)`: the user's,
    `AIMessage`: the assistant's, as LangChain writes them; `UserMessage`,
    `AssistantMessage`); None for any other node."""
    if not isinstance(node, cst.Call):
        return None
    name = dotted_name(node.func).rsplit(".", 1)[-1]
    return MESSAGE_CLASS_ROLES.get(name) or _OTHER_CLASS_ROLES.get(name)


_OTHER_CLASS_ROLES = {"UserMessage": "user", "AssistantMessage": "assistant"}


def _turn_content(value) -> cst.BaseExpression | None:
    """The content of a message a loop appends: a role dict's `content` (the dict itself
    when it has none), or the text a message object is made with; None for anything else."""
    if isinstance(value, cst.Dict):
        fields = dict_fields(value)
        return fields.get("content") or value if "role" in fields else None
    if _message_class(value) is None:
        return None
    return next((a.value for a in value.args if a.keyword is not None and
                 a.keyword.value == "content"), None) or (
        value.args[0].value if value.args and value.args[0].keyword is None else None)


def _replays_exchanges(loop: cst.For) -> bool:
    """Whether each pass of a loop appends a user's message and an assistant's (`for q, a in
    zip(questions, answers)`, or a `HumanMessage` and an `AIMessage` by each row's role): a
    conversation's earlier exchanges replayed, wherever the rows come from."""
    roles = set()
    for node in walk_body(loop.body):
        if isinstance(node, cst.Dict):
            for element in node.elements:
                if isinstance(element, cst.DictElement) and \
                        literal_value(element.key) == "role":
                    role = literal_value(element.value)
                    if isinstance(role, str):
                        roles.add(role)
        elif (role := _message_class(node)) is not None:
            roles.add(role)
    return "user" in roles and bool(roles & {"assistant", "model", "ai"})


def _rewritten(item: object, item_ctx: Context, value: object, at: Context,
               replaced: bool) -> ExtendedItem:
    """A message whose text a later statement extends, or replaces (`replaced`: the
    message keeps its role, its text is the new value)."""
    if isinstance(item, ExtendedItem):
        if replaced:
            return ExtendedItem(item.node, item.ctx, ((value, at),), True)
        return ExtendedItem(item.node, item.ctx, item.added + ((value, at),), item.replaced)
    return ExtendedItem(item, item_ctx, ((value, at),), replaced)
