"""Chat templates: the Jinja a self-hosted engine (vLLM, SGLang, llama.cpp) applies to the
messages before it tokenizes them, which can break the prefix by itself.

A file is a chat template by what it reads (`messages` with `add_generation_prompt` or
`bos_token`), not by its name. It is rendered in Jinja's sandbox, as engines render it
(`trim_blocks`, `lstrip_blocks`, `strftime_now`, `raise_exception`, `bos_token`,
`eos_token`, `tools`), over representative conversations, and three things are checked:

- PFX030: a date renders before the system prompt (two days give different text there), or
  a mode engines pass (`enable_thinking`, `reasoning_effort`) does (two values differ there);
- PFX031: the system prompt or the tool list renders into the last user turn, after the
  first user message of a two-turn conversation;
- PFX032: the second turn does not start with the first turn as it was rendered (reasoning
  dropped from history, messages merged or re-numbered): the conversation is not
  append-only, so each turn prefills the previous one again.

Scopes come from the conversation, not from names: the globals an engine provides are never
reported as unclassified values.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import json
import re
from dataclasses import dataclass
from typing import Callable

from ..ir import Finding, Span

CHAT_READS = re.compile(r"\bmessages\b")
ENGINE_READS = re.compile(r"\badd_generation_prompt\b|\bbos_token\b")

SYSTEM = ("You are the support assistant of Northwind Cloud. Answer from the support policy "
          "only, cite the section you used, and say plainly when the policy does not cover "
          "the question. Never share one customer's data with another customer.")
TOOL = {"type": "function", "function": {
    "name": "lookup_order", "description": "Look up an order by its number.",
    "parameters": {"type": "object", "properties": {"order_id": {"type": "string"}},
                   "required": ["order_id"]}}}
QUESTIONS = ("How do I reset my password?", "Why was my invoice charged twice this month?")
ANSWER = "Open Settings, choose Security, and select Reset password."
REASONING = "The user asks about a password reset; the policy covers it in section 2."
FOLLOW_UP = "Thanks. And how do I turn on two-factor authentication?"
REMINDER = "Reminder: the customer is on the business plan."
DAYS = (_dt.date(2026, 11, 30), _dt.date(2026, 12, 1))
# Modes engines pass through `chat_template_kwargs`, with two values each to compare.
MODES = (("enable_thinking", (True, False)), ("reasoning_effort", ("low", "high")),
         ("thinking", (True, False)))
# A far backstop for a loop no step counts; the step budget of `Limits` decides, so that a
# result never depends on the machine's speed or load.
RENDER_SECONDS = 60.0
EOS = "</s>"
MAX_OUTPUT = 200_000
MAX_CONFIG_BYTES = 32_000_000  # a tokenizer_config.json lists every added token


def is_chat_template(text: str) -> bool:
    """Whether a template reads a conversation the way engines pass one (the words looked
    for as substrings first: a search for a word boundary is slow on a long template)."""
    if "messages" not in text or ("add_generation_prompt" not in text
                                  and "bos_token" not in text):
        return False
    return bool(CHAT_READS.search(text) and ENGINE_READS.search(text))


@dataclass(frozen=True)
class ChatFinding:
    """One problem of a chat template: its code, line and column, message, tokens lost."""

    code: str
    line: int
    column: int
    message: str
    tokens_lost: int


class ChatTemplateError(Exception):
    """The template cannot be rendered (its own error, or past the render bounds)."""

    def __init__(self, message: str, line: int = 1) -> None:
        super().__init__(message)
        self.line = line


def _max_steps() -> int:
    from .project_files import Limits

    return Limits().max_steps


def file_budget() -> list[int]:
    """The steps left for all the renders of one file's chat templates (a
    tokenizer_config.json may hold dozens): each render has its own bound as well."""
    return [FILE_STEPS_RENDERS * _max_steps()]


FILE_STEPS_RENDERS = 3  # a file's templates share three renders' worth of steps


def _environment(budget: list[int] | None = None):
    from jinja2 import ext
    from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError, safe_range

    from .jinja import _FORMAT_WIDTH, RenderLimitError, _CountedRange
    from .project_files import Limits

    max_steps = Limits().max_steps
    left = budget if budget is not None else file_budget()

    class Bounded(ImmutableSandboxedEnvironment):
        """Engines' sandbox, with `*` and `**` bounded before they build a huge value and
        every operator, attribute, call and item of `range` counted as a step of work."""

        intercepted_binops = frozenset({"*", "**", "+", "%"})
        steps = 0

        def step(self) -> None:
            self.steps += 1
            left[0] -= 1
            if self.steps > max_steps:
                raise RenderLimitError(f"rendering took more than {max_steps:,} steps "
                                       "(a loop or recursion too large for a chat template)")
            if left[0] < 0:
                raise RenderLimitError(
                    f"the chat templates of this file took more than "
                    f"{FILE_STEPS_RENDERS * max_steps:,} steps in all (the work one file may "
                    "take)")

        def call_binop(self, context, operator, left, right):
            self.step()
            sized = [v for v in (left, right) if isinstance(v, (str, list, tuple))]
            count = [v for v in (left, right) if isinstance(v, int)]
            if operator == "*" and sized and count and \
                    len(sized[0]) * max(count[0], 0) > MAX_OUTPUT:
                raise SecurityError(f"a repetition past {MAX_OUTPUT:,} characters")
            if operator == "**" and isinstance(right, (int, float)) and abs(right) > 64:
                raise SecurityError("a power past the render bounds")
            if operator == "%" and isinstance(left, str) and _FORMAT_WIDTH.search(left):
                raise SecurityError("a format width past the render bounds")
            return super().call_binop(context, operator, left, right)

        def getattr(self, obj, attribute):
            self.step()
            if isinstance(obj, str) and attribute in ("format", "format_map") \
                    and _FORMAT_WIDTH.search(obj):
                raise SecurityError("a format width past the render bounds")
            return super().getattr(obj, attribute)

        def getitem(self, obj, argument):
            self.step()
            return super().getitem(obj, argument)

        def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 - Jinja's
            __self.step()
            for arg in (*args, *kwargs.values()):  # `ljust(10**9)`, `center`, `zfill`…
                if isinstance(arg, int) and not isinstance(arg, bool) and arg > MAX_OUTPUT:
                    raise SecurityError(f"an argument past {MAX_OUTPUT:,} (the output bound)")
                if isinstance(arg, str) and _FORMAT_WIDTH.search(arg):
                    raise SecurityError("a format width past the render bounds")
            return ImmutableSandboxedEnvironment.call(__self, __context, __obj, *args,
                                                      **kwargs)

    environment = Bounded(trim_blocks=True, lstrip_blocks=True, extensions=[ext.loopcontrols])
    environment.globals["range"] = lambda *args: _CountedRange(safe_range(*args),
                                                               environment.step)

    def tojson(value, indent=None, ensure_ascii=False, sort_keys=False):
        return json.dumps(value, indent=indent, ensure_ascii=ensure_ascii, sort_keys=sort_keys)

    environment.filters["tojson"] = tojson
    return environment


def _render(template, messages: list[dict], day: _dt.date, tools: list | None,
            generation: bool, bos_token: str = "<s>", eos_token: str = EOS,
            modes: dict | None = None) -> str:
    from jinja2 import TemplateError

    from .jinja import _deadline

    def raise_exception(message):
        raise TemplateError(message)

    def strftime_now(fmt: str) -> str:
        return _dt.datetime.combine(day, _dt.time(9, 30)).strftime(fmt)

    environment = template.environment
    environment.steps = 0  # each render has the whole budget
    with _deadline(RENDER_SECONDS):
        # `date_string` is not passed, as engines do not pass it: a template's own default
        # (a fixed date) then stands, and one computed with strftime_now changes daily.
        parts = []
        size = 0
        for part in template.generate(messages=messages, tools=tools,
                                      add_generation_prompt=generation, bos_token=bos_token,
                                      eos_token=eos_token, raise_exception=raise_exception,
                                      strftime_now=strftime_now, **(modes or {})):
            size += len(part)
            environment.step()
            if size > MAX_OUTPUT:  # stopped as it grows, not after
                raise ChatTemplateError(f"the template renders more than {MAX_OUTPUT:,} "
                                        "characters")
            parts.append(part)
    return "".join(parts)


def _conversation(question: str, turns: int, reasoning: bool = True) -> list[dict]:
    messages = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": question}]
    if turns > 1:
        answer = {"role": "assistant", "content": ANSWER}
        if reasoning:
            answer["reasoning_content"] = REASONING
        messages += [answer, {"role": "user", "content": FOLLOW_UP}]
    return messages


def _line_of(source: str, patterns: tuple[str, ...]) -> tuple[int, int]:
    """The first line (and column) of the template where one of `patterns` appears."""
    for pattern in patterns:
        match = re.search(pattern, source)
        if match:
            line = source.count("\n", 0, match.start()) + 1
            return line, match.start() - (source.rfind("\n", 0, match.start()) + 1) + 1
    return 1, 1


def analyze(source: str, encode: Callable[[str], list[int]],
            budget: list[int] | None = None) -> list[ChatFinding]:
    """The PFX030–PFX032 findings of one chat template (raises ChatTemplateError), its
    renders drawing on `budget` (the file's, see `file_budget`)."""
    from jinja2 import TemplateError, TemplateSyntaxError

    try:
        template = _environment(budget).from_string(source)
    except TemplateSyntaxError as exc:
        raise ChatTemplateError(f"template syntax error: {exc.message}", exc.lineno or 1) \
            from None
    try:
        return _checks(source, template, encode)
    except ChatTemplateError:
        raise
    except (TemplateError, RecursionError, MemoryError, ValueError, TypeError) as exc:
        raise ChatTemplateError(f"the chat template cannot be rendered: "
                                f"{type(exc).__name__}: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - a render-limit error of the sandbox, and kin
        raise ChatTemplateError(f"the chat template cannot be rendered: {exc}") from None


def _shared(a: str, b: str, encode: Callable[[str], list[int]]) -> tuple[int, int]:
    """Common token prefix of two texts, and the token count of the first."""
    from ..measure import common_prefix

    tokens_a = encode(a)
    return common_prefix([tokens_a, encode(b)]), len(tokens_a)


def _checks(source: str, template, encode) -> list[ChatFinding]:
    out: list[ChatFinding] = []
    first = _conversation(QUESTIONS[0], 1)
    today = _render(template, first, DAYS[0], [TOOL], True)
    tomorrow = _render(template, first, DAYS[1], [TOOL], True)
    system_at = today.find(SYSTEM)
    if today != tomorrow:
        differ = next(i for i, (x, y) in enumerate(zip(today, tomorrow)) if x != y)
        if system_at < 0 or differ < system_at:
            shared, total = _shared(today, tomorrow, encode)
            line, column = _line_of(source, (r"strftime_now", r"date_string", r"\btoday\b"))
            out.append(ChatFinding(
                "PFX030", line, column,
                f"the template renders the date before the system prompt, after {shared:,} "
                f"tokens: every day the system prompt, the tools and the conversation are "
                f"prefilled again ({total - shared:,} tokens of this conversation) — render "
                f"the date after them, or pass a fixed `date_string`", total - shared))
    out.extend(_mode_findings(source, template, first, encode))
    two = _render(template, _conversation(QUESTIONS[0], 2), DAYS[0], [TOOL], True)
    first_user = two.find(QUESTIONS[0])
    moved = [what for what, at in (("system prompt", two.find(SYSTEM)),
                                   ("tool list", two.find('"lookup_order"')))
             if first_user >= 0 and at > first_user]
    if moved:
        other = _render(template, _conversation(QUESTIONS[1], 2), DAYS[0], [TOOL], True)
        shared, total = _shared(two, other, encode)
        line, column = _line_of(source, (r"loop\.last", r"last_user", r"system_message",
                                         r"messages\[0\]"))
        out.append(ChatFinding(
            "PFX031", line, column,
            f"the template renders the {' and the '.join(moved)} into the last user turn, "
            f"after the conversation so far: it is never part of a prefix that requests "
            f"share ({total - shared:,} tokens prefilled again on a two-turn conversation) — "
            f"render it once, before the first turn", total - shared))
    # The next turn reuses the cache of this one only if it starts with this turn's prompt
    # and then with the answer as it was generated (reasoning included).
    ended = _render(template, _conversation(QUESTIONS[0], 2)[:3], DAYS[0], [TOOL], False)
    # Without a generation prompt, templates end a conversation as training data does (an
    # end-of-sequence token): that ending is never part of a request.
    ended = ended.rstrip()
    ended = ended[:-len(EOS)].rstrip() if ended.endswith(EOS) else ended
    broken = next((before for before in (today, ended) if not two.startswith(before)), None)
    shared, total = _shared(broken, two, encode) if broken is not None else (0, 0)
    if broken is today and shared >= total - 1:
        # Only the generation prompt's last token differs from how the answer's turn is
        # rendered (`assistant\n\n` against `assistant\n` + the answer): one token again.
        broken = None
    if broken is not None and not moved:  # a moved system prompt is PFX031's cause
        if REASONING in ended and REASONING not in two:
            # Reasoning kept only for the turn after the last question: the test that
            # decides it is where earlier turns start to be rendered differently.
            patterns = (r"loop\.index0?\s*[<>]=?\s*ns\.", r"last_query_index", r"loop\.last",
                        r"reasoning_content", r"<think>")
        else:
            patterns = (r"reasoning_content", r"<think>", r"thinking", r"last_query_index",
                        r"loop\.last", r"loop\.index")
        line, column = _line_of(source, patterns)
        out.append(ChatFinding(
            "PFX032", line, column,
            f"the second turn does not start with the first as it was rendered (they share "
            f"{shared:,} of its {total:,} tokens): earlier turns are rendered differently "
            f"once a turn is appended, so each turn prefills the conversation again — render "
            f"history exactly as it was sent", total - shared))
    elif not moved:
        out.extend(_hoisting(source, template, ended, encode))
    return out


def _hoisting(source: str, template, ended: str, encode) -> list[ChatFinding]:
    """PFX032 for a template that gathers system messages at the top: a system message
    added in a later turn (a reminder) then rewrites the start of the conversation. A
    template that refuses such a message (roles must alternate) is not at fault here."""
    from jinja2 import TemplateError

    messages = _conversation(QUESTIONS[0], 2)
    messages.insert(3, {"role": "system", "content": REMINDER})
    try:
        later = _render(template, messages, DAYS[0], [TOOL], True)
    except (TemplateError, ChatTemplateError):
        return []
    if later.startswith(ended) or REMINDER not in later or later.find(REMINDER) > \
            later.find(QUESTIONS[0]):
        return []
    shared, total = _shared(ended, later, encode)
    line, column = _line_of(source, (r"selectattr\(\s*['\"]role", r"['\"]system['\"]"))
    return [ChatFinding(
        "PFX032", line, column,
        f"the template moves a system message added in a later turn to the top, before the "
        f"first question (the turns share {shared:,} of {total:,} tokens): the whole "
        f"conversation is prefilled again — render each system message where it was sent",
        total - shared)]


def _mode_findings(source: str, template, first: list[dict], encode) -> list[ChatFinding]:
    """PFX030 for a mode (`enable_thinking`, `reasoning_effort`) the template writes before
    the system prompt: requests that set it differently share nothing after it. A mode
    rendered at the end (Qwen's empty think block in the generation prompt) costs nothing."""
    out = []
    for name, values in MODES:
        found = re.search(rf"\b{name}\b", source)
        if found is None:
            continue
        texts = [_render(template, first, DAYS[0], [TOOL], True, modes={name: v})
                 for v in values]
        if texts[0] == texts[1]:
            continue
        differ = next((i for i, (x, y) in enumerate(zip(*texts)) if x != y),
                      min(map(len, texts)))
        system = texts[0].find(SYSTEM)
        if 0 <= system <= differ:
            continue
        shared, total = _shared(texts[0], texts[1], encode)
        line, column = _line_of(source, (rf"\b{name}\b",))
        out.append(ChatFinding(
            "PFX030", line, column,
            f"the template renders the mode `{name}` before the system prompt, after "
            f"{shared:,} tokens: requests that set it differently share nothing after it "
            f"({total - shared:,} tokens of this conversation prefilled again) — render it "
            f"after the system prompt and tools, or keep one value per deployment",
            total - shared))
    return out


def config_findings(name: str, text: str, tokenizer: Callable) -> list[Finding]:
    """The chat templates a model's `tokenizer_config.json` holds (`chat_template`: one
    string, or a list of named ones), each checked; findings point at the key's line."""
    from .. import rules

    from ..bounded_json import JSONBoundError, loads

    try:
        data = loads(text)
    except JSONBoundError as exc:
        return [rules.input_error(f"cannot read it: the JSON {exc}", name, 1, name)]
    except ValueError as exc:
        return [rules.input_error(f"not valid JSON: {exc}", name, 1, name)]
    found = data.get("chat_template") if isinstance(data, dict) else None
    templates = [("", found)] if isinstance(found, str) else [
        (str(t.get("name", "")), t.get("template")) for t in found
        if isinstance(t, dict)] if isinstance(found, list) else []
    out = []
    budget = file_budget()  # one for the file, however many templates it holds
    for index, (label, source) in enumerate(templates):
        if not isinstance(source, str):
            continue
        if budget[0] < 0:  # spent: the rest is one finding, not one per template
            rest = [n or "(unnamed)" for n, t in templates[index:] if isinstance(t, str)]
            out.append(rules.input_error(
                f"{len(rest)} more chat template{'s' if len(rest) != 1 else ''} not checked "
                f"({', '.join(rest[:5])}{', …' if len(rest) > 5 else ''}): the file's "
                f"templates took more than {FILE_STEPS_RENDERS * _max_steps():,} steps in all "
                "(the work one file may take)", name, 1, name))
            break
        at = re.search(r'"name"\s*:\s*' + re.escape(json.dumps(label)), text) if label else None
        offset = at.start() if at else max(0, text.find('"chat_template"'))
        line = text.count("\n", 0, offset) + 1
        for finding in findings(name, source, tokenizer, budget):
            where = f"chat template '{label}'" if label else "chat template"
            out.append(dataclasses.replace(
                finding, span=Span(name, line, 1, line, 1),
                message=f"{where}: {finding.message}"))
    return out


def findings(name: str, text: str, tokenizer: Callable,
             budget: list[int] | None = None) -> list[Finding]:
    """PFX030–PFX032 of a chat template (an engine's, not an application's prompt), with
    its `{# prefixlint: ignore[...] #}` comments; PFX900 when it cannot be rendered."""
    from .. import rules, suppress

    try:
        found = analyze(text, tokenizer().encode, budget)
    except ChatTemplateError as error:
        return [rules.input_error(str(error), name, error.line, name)]
    comments = [(text.count("\n", 0, m.start()) + 1, m.group(0))
                for m in re.finditer(r"{#.*?#}", text, re.S)]
    suppressions = suppress.parse(comments)
    catalogue = rules.catalogue()
    return [Finding(f.code, catalogue[f.code].severity,
                    Span(name, f.line, f.column, f.line, f.column), f.message,
                    prompt=name, gain_tokens=f.tokens_lost)
            for f in found if not suppressions.suppresses(f.code, f.line)]
