"""Shared prefix per scope, the values that break it, and what moving them would gain.

Every number here comes from rendering variants and tokenizing them: the shared prefix at a
level is the longest common token prefix of that level's variants. Breaks are found one at a
time: the first character where variants differ is traced to the hole that decided it, that
hole is held fixed, and the variants are rendered again until they agree, so a prompt with
three volatile values reports all three (moving only the first would gain nothing).
"""

from __future__ import annotations

import bisect
import dataclasses
import re
import time
from dataclasses import dataclass
from typing import Callable, Sequence

from .ir import Hole, Piece, Prompt, Rendering, Scope
from .render import LEVELS, Plan, Sampler, plans
from .tokenizers import Tokenizer
from .volatility import is_history

REPORTED_LEVELS = ("global", "user", "session", "turn")
MAX_BREAKS = 64
MAX_HOLES = 2_000  # values in one prompt; past it, the prompt is too complex to measure
SECONDS = 300.0  # a far wall-clock backstop for one prompt; MAX_TOKENIZED_CHARS decides
MAX_TOKENIZED_CHARS = 60_000_000  # text tokenized to measure one prompt: its work budget
LINE_LABEL_CHARS = 40
_LOCATED = re.compile(r"[^@.]*@.*?:\d+:\d+")  # a value read at a place: `now@app.py:3:7`


@dataclass(frozen=True)
class Cause:
    """A value that ends the shared prefix (with every earlier cause already moved).

    `hole` is its first place; `related` are the other places of the same value (the same
    expression again, another value read from the same object) that have to move with it,
    since moving one of them alone gains nothing. `gain_tokens` is what moving this group
    adds to the shared prefix once every other cause has moved too.
    """

    hole: Hole
    prefix_tokens: int
    following_tokens: int
    related: tuple[Hole, ...] = ()
    gain_tokens: int = 0
    members: frozenset[Hole] = frozenset()


@dataclass(frozen=True)
class Measurement:
    """Everything measured about one prompt; the input of rules and outputs."""

    prompt: Prompt
    tokens_total: int
    prefix_tokens: dict[str, int]
    causes: tuple[Cause, ...]
    projected_prefix_global: int
    prefix_tokens_stable: int = 0
    projected_prefix_stable: int = 0
    level_totals: tuple[tuple[str, int], ...] = ()
    # Request values rendered before the conversation history (PFX006): each with the
    # tokens before it and the constant tokens between it and the history.
    before_history: tuple[Cause, ...] = ()

    def total_at(self, level: str) -> int:
        """Mean tokens of the variants measured at `level`."""
        return dict(self.level_totals).get(level, self.tokens_total)

    def share(self, level: str) -> float:
        return _ratio(self.prefix_tokens[level], self.tokens_total)

    @property
    def projected_share_global(self) -> float:
        return _ratio(self.projected_prefix_global, self.tokens_total)

    @property
    def gain_tokens(self) -> int:
        """Tokens every user would share after moving the values that break the prefix."""
        return max(0, self.projected_prefix_global - self.prefix_tokens["global"])

    @property
    def gain_tokens_stable(self) -> int:
        """The same, counting dates as breaks (what rules report, PFX004 included)."""
        return max(0, self.projected_prefix_stable - self.prefix_tokens_stable)

    @property
    def break_hole(self) -> Hole | None:
        """The first hole, in rendered order, that ends the global shared prefix."""
        for cause in self.causes:
            if cause.hole.scope.varies_like in LEVELS["global"]:
                return cause.hole
        return None

    @property
    def day_break_hole(self) -> Hole | None:
        """The first hole that ends the prefix shared across days (a date): shared by every
        user today, computed again tomorrow."""
        for cause in self.causes:
            if cause.hole.scope.varies_like in LEVELS["stable"] - LEVELS["global"]:
                return cause.hole
        return None


def map_holes(measurement: Measurement, prompt, convert: Callable) -> Measurement:
    """The measurement with `prompt` as its prompt and every hole of its causes passed
    through `convert`: how a measurement crosses between processes, its holes as indices."""
    def causes(found: tuple[Cause, ...]) -> tuple[Cause, ...]:
        return tuple(dataclasses.replace(c, hole=convert(c.hole),
                                         related=tuple(convert(h) for h in c.related),
                                         members=frozenset(convert(h) for h in c.members))
                     for c in found)

    return dataclasses.replace(measurement, prompt=prompt, causes=causes(measurement.causes),
                               before_history=causes(measurement.before_history))


def _ratio(part: int, whole: int) -> float:
    return round(part / whole, 3) if whole else 1.0


def common_prefix(items: Sequence[Sequence]) -> int:
    """Length of the longest prefix shared by every sequence."""
    if not items:
        return 0
    first = items[0]
    shared = len(first)
    for other in items[1:]:
        shared = _common_pair(first, other, shared)
    return shared


def _common_pair(a: Sequence, b: Sequence, limit: int) -> int:
    """The common prefix of two sequences, at most `limit` long: slices are compared in C,
    halving the range each time (O(n log n) element compares, none of them in Python)."""
    limit = min(limit, len(a), len(b))
    if a[:limit] == b[:limit]:
        return limit
    low, high = 0, limit  # a[:low] == b[:low] and a[:high] != b[:high]
    while high - low > 1:
        middle = (low + high) // 2
        if a[low:middle] == b[low:middle]:
            low = middle
        else:
            high = middle
    return low


class _Tokens:
    """Tokenizes each distinct text once per prompt (variants repeat a lot); every call is
    also where the prompt's time budget is checked, between one render and the next."""

    def __init__(self, tokenizer: Tokenizer, deadline: float, seconds: float) -> None:
        self.tokenizer = tokenizer
        self.cache: dict[str, Sequence[int]] = {}
        self.deadline = deadline
        self.seconds = seconds
        self.chars = 0  # characters tokenized so far: the work budget

    def __call__(self, text: str) -> Sequence[int]:
        if time.monotonic() > self.deadline:
            raise TooComplex(f"too complex to analyze: measuring took longer than the budget "
                             f"of {self.seconds:g} s")
        tokens = self.cache.get(text)
        if tokens is None:
            self.chars += len(text)
            if self.chars > MAX_TOKENIZED_CHARS:
                raise TooComplex(f"too complex to analyze: measuring needs more than "
                                 f"{MAX_TOKENIZED_CHARS:,} characters tokenized (its variants "
                                 "are too many or too long)")
            tokens = self.cache[text] = self.tokenizer.encode_compact(text)
        return tokens


def _piece_at(rendering: Rendering, offset: int) -> Piece | None:
    starts: list[int] = []
    position = 0
    for piece in rendering.pieces:
        starts.append(position)
        position += len(piece.text)
    index = bisect.bisect_right(starts, offset) - 1
    if index < 0 or offset >= position:
        return None
    return rendering.pieces[index]


def attribute(a: Piece | None, b: Piece | None) -> Hole | None:
    """The hole that decided why two variants differ where pieces `a` and `b` start to.

    Chains are compared from the outside in; the first step where they part is the cause.
    Where one variant is inside a branch or loop and the other is not, the branch or loop is
    the cause (sample values never render empty, so a value cannot be what is missing); two
    different branches at the same step are told apart by source order. When both chains
    are the same, the innermost value differs; a loop over the same data is reported rather
    than the item expression inside it, since the loop is what has to move.
    """
    chain_a = a.chain if a else ()
    chain_b = b.chain if b else ()
    depth = 0
    while depth < len(chain_a) and depth < len(chain_b) and chain_a[depth] == chain_b[depth]:
        depth += 1
    candidates = [chain[depth] for chain in (chain_a, chain_b) if depth < len(chain)]
    if candidates:
        controls = [link for link in candidates if link.branch >= 0] or candidates
        if len({link.hole.span.path for link in controls}) == 1:
            controls.sort(key=lambda link: (link.hole.span.line, link.hole.span.column))
        return controls[0].hole
    if not chain_a:
        return None
    inner = chain_a[-1].hole
    for link in chain_a:
        if set(link.hole.deps) & set(inner.deps):
            return link.hole
    return inner


def _first_difference(renderings: Sequence[Rendering]) -> tuple[int, Rendering, Rendering] | None:
    texts = [r.text for r in renderings]
    best: tuple[int, Rendering, Rendering] | None = None
    for i in range(len(texts)):
        for j in range(i + 1, len(texts)):
            if texts[i] == texts[j]:
                continue
            offset = common_prefix([texts[i], texts[j]])
            if best is None or offset < best[0]:
                best = (offset, renderings[i], renderings[j])
    return best


def _volatile(piece: Piece, moved: frozenset[Hole]) -> bool:
    return any(link.hole in moved for link in piece.chain)


def _varies(piece: Piece) -> bool:
    """Whether a piece's text depends on a value that changes between requests."""
    return any(link.hole.scope.varies_like in LEVELS["stable"] for link in piece.chain)


_REPLY_TURN = "<|assistant|>\n"


def _reply_barrier(pieces: Sequence[Piece], moved: frozenset[Hole], start: int = 0) -> int:
    """Where text stops being movable: the first assistant turn (from `start` on) whose text
    varies, the model's earlier reply. What follows it (`Your answer could not be parsed:
    answer again as JSON`) answers that reply and cannot come before it, so it is neither
    constant text that follows a break nor text a move brings forward."""
    for index in range(start, len(pieces) - 1):
        piece, reply = pieces[index], pieces[index + 1]
        if piece.text.endswith(_REPLY_TURN) and not piece.chain and (
                _volatile(reply, moved) or _varies(reply)):
            return index
    return len(pieces)


def _heading(line: str) -> bool:
    """Whether a line of constant text is a short heading over what follows it (`## Exit
    Data:`, `Documents:`), which labels the values under it rather than instructing."""
    text = line.strip()
    return 0 < len(text) <= LINE_LABEL_CHARS and (text.endswith(":") or text.startswith("#"))


# The spaces of a line left holding nothing else once the values on it moved away (`  {% if
# x %}` of a template whose branch renders nothing in one variant and moved text in
# another): no instruction, dropped from the constant text (the line break stays), so that
# indentation alone never ends it.
# (The pattern starts at the newline: a look-behind is tried at every character.)
_BLANK_LINES = re.compile(r"\n[ \t]+(?=\n)")


def _split_for_move(rendering: Rendering, moved: frozenset[Hole]) -> tuple[str, str]:
    """The constant text, and the volatile text with its line label, of one rendering.

    A volatile value moves together with the short constant text of its own line (`User: `
    in `User: {{ user.name }}`), so that a label is not left behind without its value. A
    label is constant text only: another varying value that stays where it is (`Signed in:
    {name}, {time}` with only the time moved) is not taken along with it. Nothing moves
    across the model's earlier reply (`_reply_barrier`): what follows it stays at the end.
    """
    barrier = _reply_barrier(rendering.pieces, moved)
    tail = "".join(p.text for p in rendering.pieces[barrier:])
    # [text, state, always]: state "moved", "value" (varying, staying) or "constant";
    # `always`: only values, which render in every variant (a branch or a loop may not)
    runs: list[list] = []
    for piece in rendering.pieces[:barrier]:
        state = "moved" if _volatile(piece, moved) else "value" if _varies(piece) \
            else "constant"
        always = all(link.hole.kind == "value" for link in piece.chain)
        if runs and runs[-1][1] == state:
            runs[-1][0] += piece.text
            runs[-1][2] = runs[-1][2] and always
        else:
            runs.append([piece.text, state, always])
    kept: list[str] = []
    kept_states: list[str] = []
    moving: list[str] = []
    for index, (text, state, always) in enumerate(runs):
        if state != "moved":
            kept.append(text)
            kept_states.append(state)
            continue
        before = kept[-1] if kept and kept_states[-1] == "constant" else ""
        head, newline, label = before.rpartition("\n")
        starts_line = bool(newline) or not kept
        following = runs[index + 1] if index + 1 < len(runs) else None
        line_end, line_break, rest = (following[0].partition("\n")
                                      if following and following[1] == "constant"
                                      else ("", "", ""))
        if starts_line and len((label + line_end).strip()) <= LINE_LABEL_CHARS and \
                not (following and following[1] == "value"):
            # The line's content moves; its line break stays, so that a variant where the
            # hole rendered nothing keeps the same (empty) line as one where it did.
            heading = ""
            above, above_break, last = head.rpartition("\n")
            if newline and always and _heading(last):
                # `## Exit Data:` over the value's line labels the value: it goes along
                # (over a branch or loop, which renders nothing in some variants, it stays:
                # those variants would keep it, and differ from here on)
                head, heading = above + above_break, last + newline
            if kept:
                kept[-1] = head + newline
            moving.append(heading + label + text + line_end)
            if following and following[1] == "constant":
                following[0] = line_break + rest
        else:
            moving.append(text)
    if tail:
        moving.append(tail)
    return "".join(kept), "\n".join(moving)


class _Recorder:
    """A plan that notes the seed it gives each value path a render asks about, and whether
    the render asked for its turn (only a conversation history does). A render depends on
    nothing else of its plan, so another plan that gives those paths the same seeds (and,
    if it was asked, the same turn) renders the same text: `_Renders` reuses it instead of
    rendering."""

    __slots__ = ("plan", "seeds", "turn_asked")

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.seeds: dict[str, int] = {}
        self.turn_asked = False

    @property
    def turn(self) -> int:
        self.turn_asked = True
        return self.plan.turn

    def seed_for(self, path: str) -> int:
        seed = self.seeds.get(path)
        if seed is None:
            seed = self.seeds[path] = self.plan.seed_for(path)
        return seed


class _Renders:
    """Each plan of one prompt rendered once, traced: the rounds that find causes, the
    projections and the gains ask for the same plans again and again, and plans that differ
    only in values the prompt never reads (a user's, in a prompt with none) render the same
    text, so one rendering answers them all."""

    def __init__(self, renderer) -> None:
        self.renderer = renderer
        self.renderings: dict[Plan, Rendering] = {}
        # what each render asked: its turn (None when it never asked), seeds, and result
        self.asked: list[tuple[int | None, dict[str, int], Rendering]] = []

    def text(self, plan: Plan) -> str:
        return self.traced(plan).text

    def traced(self, plan: Plan) -> Rendering:
        found = self.renderings.get(plan)
        if found is None:
            found = self.renderings[plan] = self._same_as(plan) or self._render(plan)
        return found

    def _same_as(self, plan: Plan) -> Rendering | None:
        """The rendering of a plan that gave every path its render read the seed `plan`
        gives it (and the same turn, if the render asked for it). Renders of one prompt
        read mostly the same paths, so each path's seed is asked of `plan` once."""
        mine: dict[str, int] = {}
        for turn, seeds, rendering in self.asked:
            if turn not in (None, plan.turn):
                continue
            for path, seed in seeds.items():
                given = mine.get(path)
                if given is None:
                    given = mine[path] = plan.seed_for(path)
                if given != seed:
                    break
            else:
                return rendering
        return None

    def _render(self, plan: Plan) -> Rendering:
        recorder = _Recorder(plan)
        rendering = self.renderer.render_traced(Sampler(recorder))
        self.asked.append((plan.turn if recorder.turn_asked else None, recorder.seeds,
                           rendering))
        return rendering


class TooComplex(Exception):
    """A prompt past the measuring budget (values or time): reported as its PFX900."""


def measure(prompt: Prompt, tokenizer: Tokenizer, scope_of: Callable[[str], Scope],
            seconds: float = SECONDS) -> Measurement:
    """Measure one prompt (raises the frontend's InputError when it cannot be rendered, and
    TooComplex past the budget of MAX_HOLES values or `seconds`)."""
    if len(prompt.holes) > MAX_HOLES:
        raise TooComplex(f"too complex to analyze: {len(prompt.holes):,} values in one prompt "
                         f"(the budget is {MAX_HOLES:,})")
    deadline = time.monotonic() + seconds
    tokens = _Tokens(tokenizer, deadline, seconds)
    renders = _Renders(prompt.renderer)
    varying = [h for h in prompt.holes if h.scope.varies_like in LEVELS["stable"]]

    prefix: dict[str, int] = {}
    level_totals: list[tuple[str, int]] = []
    for level in REPORTED_LEVELS:
        variant_plans = plans(level, scope_of)[: 1 if not varying else None]
        variant_tokens = [tokens(renders.text(plan)) for plan in variant_plans]
        prefix[level] = common_prefix(variant_tokens)
        level_totals.append((level, round(sum(map(len, variant_tokens)) / len(variant_tokens))))
    tokens_total = dict(level_totals)["global"]

    causes: list[Cause] = []
    moved: frozenset[Hole] = frozenset()
    first_round: list[Rendering] = []
    pinned: frozenset[str] = frozenset()
    while varying and len(causes) < MAX_BREAKS:
        renderings = [renders.traced(plan) for plan in plans("stable", scope_of, pinned)]
        first_round = first_round or renderings
        difference = _first_difference(renderings)
        if difference is None:
            break
        offset, left, right = difference
        hole = attribute(_piece_at(left, offset), _piece_at(right, offset))
        if hole is None or set(hole.deps) <= pinned:
            break
        shared = common_prefix([tokens(r.text) for r in renderings])
        pinned = pinned | set(hole.deps)
        # Every other place whose value is now held fixed is the same value: it moves too.
        members = frozenset({hole} | {h for h in varying if h not in moved and h.deps
                                      and all(_covered(d, pinned) for d in h.deps)})
        causes.append(Cause(hole, shared, 0, members=members))
        moved = moved | members

    causes, moved = _with_readers(causes, varying, moved, pinned)
    causes = _merged(causes)
    stable_prefix = common_prefix([tokens(r.text) for r in first_round]) if first_round \
        else prefix["global"]
    projected_global = _projected("global", renders, scope_of, moved, tokens, prefix["global"])
    projected_stable = _projected("stable", renders, scope_of, moved, tokens, stable_prefix)
    causes = [Cause(c.hole, c.prefix_tokens, _following(c.hole, first_round, moved, tokens),
                    _related(c, first_round),
                    _gain(c, renders, scope_of, moved, tokens, stable_prefix, projected_stable),
                    c.members)
              for c in causes]
    return Measurement(prompt, tokens_total, prefix, tuple(causes), projected_global,
                       stable_prefix, projected_stable, tuple(level_totals),
                       _before_history(prompt, renders, scope_of, tokens))


def _with_readers(causes: list[Cause], varying: Sequence[Hole], moved: frozenset[Hole],
                  pinned: frozenset[str]) -> tuple[list[Cause], frozenset[Hole]]:
    """Causes with the varying holes that never parted the renderings on their own because
    they read a value a cause held fixed (`Full {source} lyrics` inside the loop over the
    sources, read with another value too): they move with the first cause whose value they
    read. Left where they stand, they would end the projected prefix unseen."""
    if not causes:
        return causes, moved
    out = list(causes)
    for hole in varying:
        if hole in moved or not hole.deps or \
                not any(_covered(d, pinned) for d in hole.deps):
            continue
        at = next((i for i, c in enumerate(out)
                   if any(_covered(d, frozenset(c.hole.deps)) for d in hole.deps)), None)
        if at is None:
            continue
        cause = out[at]
        out[at] = Cause(cause.hole, cause.prefix_tokens, cause.following_tokens,
                        members=cause.members | {hole})
        moved = moved | {hole}
    return out, moved


def _covered(path: str, pinned: frozenset[str]) -> bool:
    """Whether a value path is held fixed by pinning `pinned` (a pin holds its parts too)."""
    return any(path == pin or path.startswith(pin + ".") for pin in pinned)


def _roots(hole: Hole) -> frozenset[str]:
    """The objects a hole reads parts of (`state` in `state.draft`; a located value such as
    `now@app.py:3:7` is one root, dots in its file name included)."""
    roots = set()
    for dep in hole.deps:
        located = _LOCATED.match(dep)
        root = located.group(0) if located else dep.split(".", 1)[0]
        if len(root) < len(dep):
            roots.add(root)
    return frozenset(roots)


def _merged(causes: list[Cause]) -> list[Cause]:
    """Causes that read the same object with the same scope (`state.draft`, `state.review`)
    are one cause, reported at the first: moving one without the other gains nothing."""
    merged: list[Cause] = []
    for cause in causes:
        roots = _roots(cause.hole)
        into = next((i for i, earlier in enumerate(merged)
                     if roots and earlier.hole.scope is cause.hole.scope
                     and roots & _roots(earlier.hole)), None)
        if into is None:
            merged.append(cause)
        else:
            earlier = merged[into]
            merged[into] = Cause(earlier.hole, earlier.prefix_tokens, 0,
                                 members=earlier.members | cause.members)
    return merged


def _related(cause: Cause, renderings: Sequence[Rendering]) -> tuple[Hole, ...]:
    """The other places of a cause's value that render outside one another (an item inside
    a loop over the value moves with its loop and is not listed), in source order."""
    members = cause.members
    shown: set[Hole] = set()
    for rendering in renderings:
        for piece in rendering.pieces:
            outer = next((link.hole for link in piece.chain if link.hole in members), None)
            if outer is not None:
                shown.add(outer)
    return tuple(sorted((h for h in shown if h != cause.hole and h.span != cause.hole.span),
                        key=lambda h: h.span))


def _gain(cause: Cause, renders: _Renders, scope_of: Callable[[str], Scope],
          moved: frozenset[Hole], tokens: Callable[[str], Sequence[int]], current: int,
          projected: int) -> int:
    """What moving this cause adds, with every other cause moved as well: the projected
    shared prefix minus the one where this cause alone stays where it is."""
    rest = moved - cause.members
    if not rest:
        return max(0, projected - current)
    return max(0, projected - _projected("stable", renders, scope_of, rest, tokens, current))


def _before_history(prompt: Prompt, renders: _Renders, scope_of: Callable[[str], Scope],
                    tokens: Callable[[str], Sequence[int]]) -> tuple[Cause, ...]:
    """Request values whose text comes before the first text of a conversation history.

    Consecutive turns share their prefix only up to such a value, so the whole history after
    it is prefilled again on every turn, even when a session always reaches the same replica.
    """
    if not any(is_history(d) for h in prompt.holes for d in h.deps):
        return ()
    rendering = renders.traced(plans("turn", scope_of)[0])
    pieces = rendering.pieces
    # (a branch on whether there is a history, `if history:`, is not the history: its text
    # is a heading at most; nor is a value the deployment fixes, `Kind.CONVERSATION`)
    first = next((i for i, p in enumerate(pieces)
                  if any(is_history(d) for link in p.chain if link.hole.kind != "branch"
                         and link.hole.scope.varies_like >= Scope.DAY
                         for d in link.hole.deps)), None)
    if first is None:
        return ()
    found: dict[Hole, int] = {}
    for index, piece in enumerate(pieces[:first]):
        outer = next((link for link in piece.chain if link.hole.scope is Scope.REQUEST), None)
        if outer is not None:  # the loop over documents, not each document's text in it
            found[outer.hole] = index
    causes = []
    for hole, last in found.items():
        start = next(i for i, p in enumerate(pieces) if any(k.hole == hole for k in p.chain))
        before = "".join(p.text for p in pieces[:start])
        between = "".join(p.text for p in pieces[last + 1:first] if not p.chain)
        causes.append(Cause(hole, len(tokens(before)),
                            len(tokens(between)) if between.strip() else 0))
    return tuple(causes)


def _projected(level: str, renders: _Renders, scope_of: Callable[[str], Scope],
               moved: frozenset[Hole], tokens: Callable[[str], Sequence[int]], current: int) -> int:
    """The shared prefix at `level` once every moved hole's text comes after the rest."""
    if not moved:
        return current
    reordered = []
    for plan in plans(level, scope_of):
        kept, moving = _split_for_move(renders.traced(plan), moved)
        kept = _BLANK_LINES.sub("\n", kept)
        reordered.append(tokens(kept + "\n" + moving if moving else kept))
    return max(current, common_prefix(reordered))


def _following(hole: Hole, renderings: Sequence[Rendering], moved: frozenset[Hole],
               tokens: Callable[[str], Sequence[int]]) -> int:
    """Constant tokens rendered after the first text that `hole` decides."""
    for rendering in renderings:
        for index, piece in enumerate(rendering.pieces):
            if any(link.hole == hole for link in piece.chain):
                # (from the turn's own marker: a reply itself has nothing movable after it)
                end = _reply_barrier(rendering.pieces, moved, max(0, index - 1))
                rest = "".join(p.text for p in rendering.pieces[index + 1:end]
                               if not _volatile(p, moved))
                return len(tokens(rest)) if rest.strip() else 0
    return 0
