"""The rule catalogue (one TOML file per rule in `rules/`) and measurements → findings.

Rule files are the single source of each rule's metadata: the engine takes severities from
them, `prefixlint rule` prints them, and the test suite runs their examples.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .config import rules_folder
from .ir import Finding, Hole, Scope, Span, Text
from .measure import Cause, Measurement
from .prose import estimated_tokens
from .render import LEVELS
from .volatility import Explained, is_bulk

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

SEVERITIES = ("info", "warning", "error")

SCOPE_CODES = {
    Scope.REQUEST: "PFX001",
    Scope.USER: "PFX002",
    Scope.SESSION: "PFX003",
    Scope.DAY: "PFX004",
    Scope.UNKNOWN: "PFX005",
}
INPUT_ERROR = "PFX900"


@dataclass(frozen=True)
class Example:
    """A template that shows a rule: `bad` ones must produce the code, `good` ones must not."""

    kind: str
    file: str
    source: str
    expect: tuple[str, ...] = ()
    files: tuple[tuple[str, str], ...] = ()
    note: str = ""
    settings: str = ""


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    severity: str
    summary: str
    why: str
    instead: str
    examples: tuple[Example, ...]


def rules_dir() -> Path:
    """The catalogue inside an installed wheel (`prefixlint/_rules`), or `rules/` at the top
    of a source checkout."""
    folder = rules_folder()
    if folder is None:
        raise FileNotFoundError("the rule catalogue (rules/) is missing from this installation")
    return folder


def _load_rule(path: Path) -> Rule:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    examples = tuple(
        Example(kind=e["kind"], file=e.get("file", "prompts/example.j2"), source=e["source"],
                expect=tuple(e.get("expect", ())),
                files=tuple(sorted(e.get("files", {}).items())), note=e.get("note", ""),
                settings=e.get("settings", ""))
        for e in data.get("example", ()))
    rule = Rule(code=data["code"], name=data["name"], severity=data["severity"],
                summary=data["summary"], why=data["why"].strip(), instead=data["instead"].strip(),
                examples=examples)
    if rule.severity not in SEVERITIES:
        raise ValueError(f"{path.name}: severity must be one of {SEVERITIES}")
    if path.stem != rule.code:
        raise ValueError(f"{path.name}: file name must be the rule code {rule.code}")
    return rule


@functools.lru_cache(maxsize=None)
def catalogue() -> dict[str, Rule]:
    """Every rule, by code, in code order."""
    rules = [_load_rule(p) for p in sorted(rules_dir().glob("PFX*.toml"))]
    return {r.code: r for r in rules}


_KIND_WORDS = {"value": "{scope} value", "branch": "branch on {scope} value",
               "loop": "loop over {scope} value", "media": "{scope} media part"}
_SCOPE_WORDS = {Scope.REQUEST: "request", Scope.USER: "user", Scope.SESSION: "session",
                Scope.DAY: "date", Scope.UNKNOWN: "unclassified"}


def _least_gain(cause: Cause, min_gain_tokens: int) -> int:
    """The gain a cause needs to be reported at its rule's severity: min-gain-tokens, and
    twice that for a value of unknown scope. Whether such a value varies at all is not known
    (a product's name is as likely as a user's question), so moving it must gain more before
    it is worth a warning; a value known to vary needs only min-gain-tokens."""
    if cause.hole.scope is Scope.UNKNOWN:
        return 2 * min_gain_tokens
    return min_gain_tokens


def _message(cause: Cause, min_gain: int, source: Explained | None,
             labels: bool = False, doubled: bool = False) -> str:
    hole, gain = cause.hole, cause.gain_tokens
    what = _KIND_WORDS.get(hole.kind, "{scope} value").format(scope=_SCOPE_WORDS[hole.scope])
    verb = "ends the shared prefix" if hole.scope is not Scope.DAY \
        else "changes the prefix every day"
    advice = "move it below the constant text"
    if cause.related:
        advice = "move them all below the constant text"
    if hole.scope is Scope.UNKNOWN:
        advice = "declare its scope in [tool.prefixlint.variables] or " + advice
    what += f" '{hole.expr}'{_origin(hole, source)}{_also(cause)}"
    below = ""
    if labels:
        below = ", only labels of the request's values follow it in the last message"
    elif gain < min_gain and doubled:
        below = f", below {min_gain:,}: twice min-gain-tokens for a value of unknown scope"
    elif gain < min_gain:
        below = f", below min-gain-tokens {min_gain:,}"
    following = cause.following_tokens
    return (f"{what} {verb} after {_tokens(cause.prefix_tokens)}; {following:,} constant "
            f"{'token follows' if following == 1 else 'tokens follow'} — {advice} "
            f"(+{_tokens(gain)} cacheable{below})")


def _also(cause: Cause) -> str:
    """` (also at lines 2, 9)`, ` (also 'notes' at 11:40)`: the other places of a grouped
    cause, with their expression where it is not the same, and a column where lines repeat."""
    if not cause.related:
        return ""
    hole = cause.hole
    lines = [hole.span.line] + [h.span.line for h in cause.related if h.span.path == hole.span.path]
    columns = len(set(lines)) < len(lines)
    places = []
    for other in cause.related:
        span = other.span
        where = f"{span.line}:{span.column}" if columns else str(span.line)
        if span.path != hole.span.path:
            where = f"{span.path}:{where}"
        places.append(where if other.expr == hole.expr else f"'{other.expr}' at {where}")
    places = list(dict.fromkeys(places))
    plain = all(p[0].isdigit() for p in places)
    word = ("line " if len(places) == 1 else "lines ") if plain and not columns else ""
    if plain:
        return f" (also at {word}{', '.join(places)})"
    return f" (also {', '.join(p if not p[0].isdigit() else 'at ' + p for p in places)})"


def scope_source(hole: Hole, explain: Callable[[str], Explained] | None) -> Explained | None:
    """Where a hole's scope came from: the first value it reads that has the hole's scope."""
    if explain is None:
        return None
    for dep in hole.deps:
        found = explain(dep)
        if found.scope is hole.scope:
            return found
    return None


def _origin(hole: Hole, source: Explained | None = None) -> str:
    """` (from datetime.now(), passed at app/graph.py:12)`: where a value comes from when
    its name does not say, and the Python line that passes it into another file; or
    ` (scope by word 'time' of 'CURRENT_TIME')`: what gave it its scope."""
    deps = [d for d in hole.deps if d.removesuffix(".history") == d
            or d.removesuffix(".history") not in hole.deps]  # a replayed turn's own marker
    origins = [d.split("@", 1)[0] for d in deps
               if not re.search(rf"(?<![\w.]){re.escape(d.split('.')[0])}(?!\w)", hole.expr)]
    origins = [o for o in origins if re.search(r"[A-Za-z_]", o)]  # never "(from [])"
    sites = []
    for dep in hole.deps:
        site = dep.split("@", 1)[1] if "@" in dep else ""
        path, _, rest = site.partition(":")
        line = rest.split(":", 1)[0].split(".", 1)[0]
        if path and line.isdigit() and path != hole.span.path:
            sites.append(f"passed at {path}:{line}")
    if hole.passed is not None and hole.passed.path != hole.span.path:
        sites.append(f"passed at {hole.passed.path}:{hole.passed.line}")
    words = origins + sorted(set(sites))
    if source is not None and source.detail and source.source != "code":
        declared = source.source in ("configuration", "declaration")
        words.append(f"scope {'set in' if declared else 'by'} {source.detail}")
    return f" (from {', '.join(words)})" if origins else \
        f" ({', '.join(words)})" if words else ""


def _tokens(count: int) -> str:
    return f"{count:,} token{'' if count == 1 else 's'}"


def findings_for(measurement: Measurement, min_gain_tokens: int,
                 explain: Callable[[str], Explained] | None = None) -> list[Finding]:
    """One finding per cause that moving would gain from: at the rule's severity when the
    gain reaches `min_gain_tokens`, below it as `info`."""
    rules = catalogue()
    findings: list[Finding] = []
    # A request value before the history is PFX006, which counts what it really costs.
    before_history = {cause.hole for cause in measurement.before_history}
    for cause in measurement.causes:
        code = SCOPE_CODES.get(cause.hole.scope)
        if code is None or cause.gain_tokens <= 0 or cause.hole in before_history:
            continue
        labels = cause.gain_tokens >= min_gain_tokens and \
            _among_values_at_the_end(measurement, cause, min_gain_tokens)
        least = _least_gain(cause, min_gain_tokens)
        worth = cause.gain_tokens >= least and not labels
        severity = rules[code].severity if worth else "info"
        source = scope_source(cause.hole, explain)
        findings.append(Finding(
            code=code, severity=severity, span=cause.hole.span,
            message=_message(cause, least, source, labels, least > min_gain_tokens),
            scope=cause.hole.scope.label, expr=cause.hole.expr, prompt=measurement.prompt.id,
            gain_tokens=cause.gain_tokens,
            related=tuple(h.span for h in cause.related) + _where_made(cause.hole,
                                                                      measurement.prompt),
            scope_source=source.source if source else None, also=len(cause.related)))
    return findings


_SITE = re.compile(r"@([^@:]+):(\d+):(\d+)$")


def _where_made(hole: Hole, prompt) -> tuple[Span, ...]:
    """Where the fix is made when the finding stands in another file than the code that
    sends the prompt (a template, a constant): the places in other files where the value is
    produced or passed, then the prompt's call site."""
    out: list[Span] = []
    for dep in hole.deps:
        found = _SITE.search(dep)
        if found and found.group(1) != hole.span.path:
            line, column = int(found.group(2)), int(found.group(3))
            out.append(Span(found.group(1), line, column, line, column))
    passed = hole.passed
    if passed is not None and passed.path != hole.span.path and \
            not any((s.path, s.line) == (passed.path, passed.line) for s in out):
        out.append(passed)  # the line that passes it into this file (`passed at`)
    found_in = _hole_in(hole, prompt)
    placed = _placed_after(hole, found_in) if found_in is not None else None
    if placed is not None and placed.path != hole.span.path:
        out.append(placed)
    enclosing = _enclosed_by(hole, found_in) if found_in is not None else None
    if enclosing is not None and enclosing.path != hole.span.path:
        out.append(enclosing)
    followed = _followed_by(hole, _after_in_order(found_in, prompt)) \
        if found_in is not None else None
    if followed is not None and all(s.path != followed.path for s in out):
        out.append(followed)  # (a file already named is where the fix is seen)
    if prompt.path != hole.span.path and prompt.kind == "python":
        out.append(Span(prompt.path, prompt.line, 1, prompt.line, 1))
    # code that looks up, by its key, the value of a configuration file the hole is in
    out.extend(site for first, last, site in prompt.used_at
               if hole.span.path == prompt.path and first <= hole.span.line <= last)
    return tuple(dict.fromkeys(out))


# Constant text written in another file than the value before it, this long or longer, is
# named with the value's finding: the instructions its cost is made of.
_FOLLOWING_CHARS = 200


def _hole_in(hole: Hole, prompt) -> tuple[tuple, int] | None:
    """The segments of the first block that holds a value, and where it stands in them."""
    for block in prompt.blocks:
        index = next((i for i, s in enumerate(block.segments) if s == hole), None)
        if index is not None:
            return block.segments, index
    return None


def _after_in_order(found_in: tuple[tuple, int], prompt) -> tuple[tuple, int]:
    """The value's message with the messages serialized after it (those that follow a
    conversation history), as `_hole_in` gives a value's own block: the text after a value
    may be a later message that another file writes. A value in the tools or the answer
    schema keeps to its block: the provider sends those before any message, so no message
    can be moved before it."""
    segments, index = found_in
    later = False
    rest: list = []
    for block in prompt.blocks:
        if later:
            rest.extend(block.segments)
        elif block.segments is segments:
            if block.role in _SENT_FIRST:
                break
            later = True
    return (*segments, *rest), index


_SENT_FIRST = frozenset({"tools", "schema"})


def _written(segments) -> list[tuple[int, Text]]:
    """The texts among segments that say something and have a place in source, with their
    index."""
    return [(i, s) for i, s in enumerate(segments)
            if isinstance(s, Text) and s.span is not None and s.text.strip()]


def _followed_by(hole: Hole, found_in: tuple[tuple, int]) -> Span | None:
    """Where the constant text just after a value starts when another file writes it (a
    client that appends its answer format to every caller's prompt, a caller's rules after
    a template's value): the text whose recomputation the finding counts, where the fix
    can also be made. The deployment's values between its parts (a schema the helper
    writes out) are part of it. None when the text after it is the value's own file's, or
    short. `found_in`: the segments of the value's block and its index (`_hole_in`)."""
    segments, index = found_in
    found: dict[str, tuple[Span, int]] = {}  # by file: where its text starts, how long
    for segment in segments[index + 1:]:
        if isinstance(segment, Hole) and segment.scope.varies_like >= Scope.DAY:
            break
        if not isinstance(segment, Text) or segment.span is None or \
                segment.span.path == hole.span.path:
            continue  # (a cache breakpoint, a setting, the value's own file's text)
        start, chars = found.get(segment.span.path, (segment.span, 0))
        found[segment.span.path] = start, chars + len(segment.text.strip())
        if found[segment.span.path][1] >= _FOLLOWING_CHARS:
            return Span(start.path, start.line, start.column, start.line, start.column)
    return None


def _placed_after(hole: Hole, found_in: tuple[tuple, int]) -> Span | None:
    """Where the code puts a value made elsewhere into the prompt's text: the constant text
    just before it (`f"## Context\n\n{context}"` in the function that builds the prompt from
    a parameter), the place to move it from. None when no text of the code precedes it, and
    when a prompt file's text the code reads whole ends just before the value (`guide +
    custom`): the code appends it there, no placeholder of the file holds it."""
    segments, index = found_in
    earlier = [s for i, s in _written(segments) if i < index]
    if not earlier or _appended_to_file(hole, earlier[-1], segments[index + 1:]):
        return None
    return _text_end(earlier[-1])


def _appended_to_file(hole: Hole, before: Text, after) -> bool:
    """Whether code put a value right after a prompt file's text (`guide + notes`) rather
    than into a placeholder of it: the file's text does not go on after the value (the
    value's own texts, a chosen file's, may come between)."""
    if not hole.span.path.endswith(".py") or before.span.path.endswith(".py"):
        return False
    return not any(isinstance(s, Text) and s.span is not None and
                   s.span.path == before.span.path for s in after)


def _enclosed_by(hole: Hole, found_in: tuple[tuple, int]) -> Span | None:
    """Where the code puts a block of text that holds the value, when another file wrote the
    block (`f"FACTS:\n{facts}\n\nUsing only these facts, ..."` of facts a helper formats,
    the value deep in them): the text of the file around the block, just before it, the
    place to move the whole block from. None unless one file's text comes right before and
    right after the block (its own text and values, and the value's file's)."""
    segments, index = found_in
    texts = _written(segments)
    earlier = [s for i, s in texts if i < index]
    if not earlier:
        return None
    inner = {hole.span.path, earlier[-1].span.path}
    outer = next((s for s in reversed(earlier) if s.span.path not in inner), None)
    after = next(((i, s) for i, s in texts if i > index and s.span.path not in inner), None)
    if outer is None or after is None or after[1].span.path != outer.span.path:
        return None
    closing = 0  # that file's text after the block, up to the next varying value
    for segment in segments[after[0]:]:
        if isinstance(segment, Hole) and segment.scope.varies_like >= Scope.DAY:
            break
        if isinstance(segment, Text) and segment.span is not None and \
                segment.span.path == outer.span.path:
            closing += len(segment.text.strip())
    if closing < _CLOSING_CHARS:
        return None  # (`f"{system}\n\nUser: {user}\n\nAssistant:"`: a role label)
    return _text_end(outer)


# The text a file writes after a block it puts another file's value in, this long or
# longer, makes that file a place to move the block from: less is a label that closes it.
_CLOSING_CHARS = 50


def _text_end(text: Text) -> Span:
    """Where a text just above a value is seen: in a prompt file, the line where the text
    ends (a long template's text before its placeholder starts far above it); in code, where
    the literal starts (its `\n` escapes are not lines)."""
    start = text.span
    line = start.line if start.path.endswith(".py") else \
        start.line + text.text.rstrip().count("\n")
    column = start.column if line == start.line else 1
    return Span(start.path, line, column, line, column)


def _among_values_at_the_end(measurement: Measurement, cause: Cause,
                             min_gain_tokens: int) -> bool:
    """Whether a value of a chat that ends with the user's message has only labels after
    it: every run of constant text that follows it, to the end of the prompt (between the
    values after it, across the message boundaries, and the tail) is short. Then what moving
    it gains is the labels around the other values of the same request: reported as `info`,
    whatever the token count (issue 19, role-aware). Retrieved passages closing the system
    message just above the user's question are such a value; the same passages above the
    system prompt's instructions are not."""
    prompt, hole = measurement.prompt, cause.hole
    if not prompt.chat or not prompt.blocks or prompt.blocks[-1].role != "user":
        return False
    after = None
    for index, block in enumerate(prompt.blocks):
        start = next((i for i, s in enumerate(block.segments) if s == hole), None)
        if start is not None:
            if any(later.role in ("assistant", "tool") for later in prompt.blocks[index + 1:]):
                return False  # an earlier turn (a few-shot call's id): what follows is not labels
            after = list(block.segments[start + 1:]) + [
                s for later in prompt.blocks[index + 1:] for s in later.segments]
            break
    if after is None:
        return False
    # A setting's value between the labels is counted in the gain with its sample; only while
    # the gain stays small can it not hide a long constant text (a deploy-scoped prompt).
    small = cause.gain_tokens < 2 * min_gain_tokens
    run = 0
    for segment in after:
        if isinstance(segment, Text):
            run += estimated_tokens(segment.text)  # below min-gain-tokens: a label
        elif type(segment) is Hole and segment.arm_tokens:
            run += segment.arm_tokens  # a choice between texts the code writes: instructions
        elif type(segment) is Hole and segment.scope.varies_like >= Scope.DAY:
            run = 0  # another value of the request: the text before it labels it
        elif type(segment) is Hole and segment.kind == "value" and small:
            continue  # a setting inside a label (`Language: {language}`): measured in the gain
        else:
            return False  # text not seen here (a constant value, an embedded template)
        if run >= min_gain_tokens:
            return False
    return True


def minor(finding: Finding) -> bool:
    """Whether a finding is `info` though its rule is not: its gain is below min-gain-tokens,
    or the code does not show the fault (JSON of data whose key order is not in view)."""
    rule = catalogue().get(finding.code)
    return finding.severity == "info" and rule is not None and rule.severity != "info" \
        and finding.code != INPUT_ERROR


def history_findings(measurement: Measurement, turns: int, tokens_per_turn: int,
                     explain: Callable[[str], Explained] | None = None) -> list[Finding]:
    """PFX006: a request value before the conversation history; the cost per turn is the
    history a turn prefills again on average over `turns` turns of `tokens_per_turn`."""
    rule = catalogue()["PFX006"]
    history = tokens_per_turn * (turns - 1) // 2
    findings = []
    for cause in measurement.before_history:
        hole = cause.hole
        gain = cause.following_tokens + history
        source = scope_source(hole, explain)
        message = (f"request value '{hole.expr}'{_origin(hole, source)} comes before the "
                   f"conversation history, after "
                   f"{_tokens(cause.prefix_tokens)}: every turn prefills the history after it "
                   f"again (about {_tokens(history)} a turn over {turns} turns of "
                   f"{tokens_per_turn:,}) — move it after the history, into the newest user "
                   f"message (+{_tokens(gain)} cached per turn)")
        findings.append(Finding(code="PFX006", severity=rule.severity, span=hole.span,
                                message=message, scope=hole.scope.label, expr=hole.expr,
                                prompt=measurement.prompt.id, gain_tokens=gain,
                                related=tuple(h.span for h in cause.related)
                                + _where_made(hole, measurement.prompt),
                                scope_source=source.source if source else None,
                                also=len(cause.related)))
    return findings


def provider_findings(measurement: Measurement, provider) -> list[Finding]:
    """PFX020: the shared prefix is below what the provider caches at all."""
    if provider is None or provider.minimum <= 0:
        return []
    shared = measurement.prefix_tokens["global"]
    if shared >= provider.minimum or measurement.tokens_total < provider.minimum:
        return []
    projected = measurement.projected_prefix_global
    hole = measurement.break_hole
    model = f" ({provider.model})" if provider.model else ""
    head = (f"shared prefix of {_tokens(shared)} is below the {provider.name}{model} minimum of "
            f"{provider.minimum:,}, so none of it is cached")
    if hole is not None and projected >= provider.minimum:
        tail = f"; moving '{hole.expr}' below the constant text makes it {_tokens(projected)}"
    else:
        tail = f"; {_tokens(provider.minimum - max(shared, projected))} more constant text " \
               "at the top would reach it"
    span = hole.span if hole is not None else Span(measurement.prompt.path,
                                                    measurement.prompt.line, 1,
                                                    measurement.prompt.line, 1)
    return [Finding(code="PFX020", severity=catalogue()["PFX020"].severity, span=span,
                    message=head + tail, scope=hole.scope.label if hole else None,
                    expr=hole.expr if hole else None, prompt=measurement.prompt.id,
                    gain_tokens=max(0, projected - shared))]


# The codes of a value that breaks the shared prefix: worth nothing to move when the provider
# caches no prompt as short as this one.
PREFIX_CODES = ("PFX001", "PFX002", "PFX003", "PFX004", "PFX005", "PFX006")


def sends_media(prompt) -> bool:
    """Whether a prompt sends audio, an image or a file part: its tokens are not counted in
    the prompt's total (often many), so the total says nothing of the provider's minimum."""
    return any(hole.kind == "media" for hole in prompt.holes)


def length_unknown(prompt) -> bool:
    """Whether a prompt's measured total says nothing of the provider's minimum: it sends
    media (whose tokens are not counted), or a varying body of text (a loop over a request's
    items, documents, a file, a report) that is sampled short here but is as long as each
    request makes it."""
    return sends_media(prompt) or any(
        hole.scope.varies_like in LEVELS["stable"]
        and (hole.kind == "loop" or (hole.kind == "value" and any(
            map(is_bulk, (*hole.deps, hole.expr if _dotted(hole.expr) else "")))))
        for hole in prompt.holes)


def _dotted(expr: str) -> bool:
    """Whether a hole's expression is a name or a chain of attributes (`pr.body`), which
    says what it holds the way a name does."""
    return all(part.isidentifier() for part in expr.split("."))


def below_minimum(findings: list[Finding], measurement: Measurement, provider,
                  grows: int = 0) -> list[Finding]:
    """Breaks in a prompt shorter than the provider's caching minimum become `info` (shown
    with `--fail-on info`): OpenAI caches nothing under 1,024 tokens, so moving the value
    gains nothing there. A conversation counts as long as it `grows` (its history over the
    turns modelled): a short system prompt before a long history is cached."""
    total = measurement.tokens_total
    if provider is None or provider.minimum <= total + grows:
        return findings
    if length_unknown(measurement.prompt):
        return findings
    note = (f"; the whole prompt ({_tokens(total)}) is below the {provider.name} minimum of "
            f"{provider.minimum:,}, so it is not cached either way")
    return [dataclasses.replace(f, severity="info", message=f.message + note)
            if f.code in PREFIX_CODES and f.severity != "info" else f for f in findings]


def note_findings(notes, prompt_id: str) -> list[Finding]:
    """Findings from what a frontend noted while lowering (PFX010–PFX013)."""
    rules = catalogue()
    return [Finding(code=n.code, span=n.span, message=n.message, prompt=prompt_id,
                    severity=getattr(n, "severity", None) or rules[n.code].severity,
                    fix=getattr(n, "fix", None))
            for n in notes if n.code in rules]


# What prefixlint's own work budgets say when one runs out (steps of a render or of the
# Python analysis, characters tokenized, values in one prompt, the far wall-clock backstop).
_BUDGET = re.compile(r"too complex to analyze|took more than [\d,]+ steps|took longer than")
BUDGET_NOTE = "; a limit of prefixlint's own work, not an error in the file: it was not measured"


def input_error(message: str, path: str, line: int, prompt: str | None = None,
                column: int = 1) -> Finding:
    """A PFX900 finding: this file could not be analyzed, the run goes on. A work budget run
    out is the tool's limitation, not the user's error: info, said so in the message (and
    listed under Coverage as not followed)."""
    severity = catalogue()[INPUT_ERROR].severity
    if _BUDGET.search(message):
        severity, message = "info", message + BUDGET_NOTE
    return Finding(code=INPUT_ERROR, severity=severity,
                   span=Span(path, line, column, line, column), message=message, prompt=prompt)


def selected(code: str, select: tuple[str, ...], ignore: tuple[str, ...]) -> bool:
    """ruff's selection: the most specific matching selector wins, `ignore` wins a tie.

    No `select` means every rule (as specific as `ALL`).
    """
    def best(selectors: tuple[str, ...]) -> int:
        return max((0 if s == "ALL" else len(s) for s in selectors
                    if s == "ALL" or code.startswith(s)), default=-1)

    chosen = best(select) if select else 0
    return chosen >= 0 and best(ignore) < chosen
