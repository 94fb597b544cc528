"""The prewarm manifest: the prefixes every user's request starts with, ready to send.

An entry holds only text that is the same for every request: it stops before the first hole
whose value prefixlint does not know ahead of time — any hole, unless its value is given
with `--var` (a product name, a release). It never contains a sample value.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
from dataclasses import dataclass
from typing import Mapping, Sequence

from .engine_view import EngineRenderer
from .frontends.prompty import split_messages
from .ir import Hole, Prompt, Scope, Text
from .measure import Measurement
from .render import GivenValues, plans
from .tokenizers import Tokenizer

SECRET_PATTERNS = (
    ("OpenAI-style API key", re.compile(r"\bsk-[A-Za-z0-9_-]{20,}")),
    ("AWS access key id", re.compile(r"\bAKIA[0-9A-Z]{16}\b")),
    ("GitHub token", re.compile(r"\bgh[pousr]_[A-Za-z0-9]{30,}")),
    ("Slack token", re.compile(r"\bxox[abprs]-[A-Za-z0-9-]{10,}")),
    ("Google API key", re.compile(r"\bAIza[0-9A-Za-z_-]{35}\b")),
    ("private key", re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----")),
    ("credential assignment", re.compile(
        r"(?i)\b(?:api[_-]?key|secret|password|access[_-]?token)\b\s*[:=]\s*['\"]?[A-Za-z0-9_\-/+=]{16,}")),
)


# Shortest prefix worth warming where the provider caches from the first token (engines):
# a request that short costs little to prefill, and warming it is mostly request overhead.
ENGINE_MIN_TOKENS = 256


def default_min_tokens(provider) -> int:
    """What `prewarm` leaves out by default: below the provider's minimum nothing is cached."""
    minimum = getattr(provider, "minimum", 0)
    return minimum if minimum > 0 else ENGINE_MIN_TOKENS


def _known(hole: Hole, given: Mapping[str, str]) -> bool:
    return all(dep.split(".")[0] in given and dep.split("@")[0] == dep for dep in hole.deps)


@dataclass(frozen=True)
class Cut:
    """The constant start of one prompt: messages (role, text) and the hole it stops at."""

    messages: tuple[tuple[str, str], ...]
    tools: tuple[object, ...] | None
    stop: Hole | None
    segmented: bool = False  # messages measured behind `<|role|>` headers (chat requests)
    opened: str | None = None  # the role of a message that starts with the stop


def cut(prompt: Prompt, scope_of, given: Mapping[str, str], template_role: str) -> Cut:
    """The start of a prompt that every request shares, up to the first unknown value."""
    plan = plans("stable", scope_of)[0]
    values = GivenValues(plan, given)
    if prompt.chat:
        return _cut_blocks(prompt, values, given)
    text = []
    stop = None
    for piece in prompt.renderer.render_traced(values).pieces:
        unknown = [link.hole for link in piece.chain if not _known(link.hole, given)]
        if unknown:
            stop = unknown[0]
            break
        text.append(piece.text)
    joined = "".join(text)
    messages = split_messages(joined) if prompt.path.endswith(".prompty") else None
    if messages is not None:  # a chat prompty: its role lines start messages
        return Cut(messages, None, stop, True)
    return Cut(((template_role, joined),), None, stop)


def _cut_blocks(prompt: Prompt, values: GivenValues, given: Mapping[str, str]) -> Cut:
    messages: list[tuple[str, str]] = []
    tools = None
    stop = None
    for block in prompt.blocks:
        parts: list[str] = []
        for segment in block.segments:
            if isinstance(segment, Text):
                parts.append(segment.text)
            elif _known(segment, given):
                parts.append(str(values.value(segment.deps[0])))
            else:
                stop = segment
                break
        text = "".join(parts)
        if block.role == "tools":
            try:
                tools = tuple(json.loads(text)) if stop is None else None
            except ValueError:
                tools = None
            if stop is not None:
                break
            continue
        if text or stop is None:
            messages.append((block.role, text))
        if stop is not None:
            return Cut(tuple(messages), tools, stop, True, None if text else block.role)
    return Cut(tuple(messages), tools, stop, True)


def _requests(entry_cut: Cut) -> dict:
    messages = [{"role": role, "content": text} for role, text in entry_cut.messages if text]
    chat: dict = {"messages": messages, "max_tokens": 1}
    if entry_cut.tools:
        chat["tools"] = list(entry_cut.tools)
    system = "".join(t for r, t in entry_cut.messages if r in ("system", "developer"))
    rest = [m for m in messages if m["role"] not in ("system", "developer")]
    anthropic: dict = {"max_tokens": 1}
    if entry_cut.tools:
        anthropic["tools"] = list(entry_cut.tools)
    if rest:
        last = rest[-1]
        rest[-1] = {"role": last["role"], "content": [
            {"type": "text", "text": last["content"], "cache_control": {"type": "ephemeral"}}]}
        if system:
            anthropic["system"] = system
    elif system:
        anthropic["system"] = [{"type": "text", "text": system,
                                "cache_control": {"type": "ephemeral"}}]
    if not rest or rest[-1]["role"] != "user":
        rest.append({"role": "user", "content": "."})
    anthropic["messages"] = rest
    return {"openai_chat": chat,
            "openai_completions": {"prompt": "\n\n".join(m["content"] for m in messages),
                                   "max_tokens": 1},
            "anthropic": anthropic}


def _stop_description(hole: Hole | None) -> tuple[dict | None, str | None]:
    if hole is None:
        return None, None
    where = {"expr": hole.expr, "scope": hole.scope.label, "path": hole.span.path,
             "line": hole.span.line, "column": hole.span.column}
    if hole.scope is Scope.DAY:
        return where, (f"stops before the date value '{hole.expr}': what follows it can be "
                       "warmed only on its day, so warm again after midnight")
    if hole.scope in (Scope.STATIC, Scope.DEPLOY):
        return where, (f"stops before the {hole.scope.label} value '{hole.expr}': give its "
                       f"value with --var {hole.deps[0].split('.')[0]}=... to warm past it")
    return where, None


def secrets_in(text: str) -> list[str]:
    return [name for name, pattern in SECRET_PATTERNS if pattern.search(text)]


def _serialized(prompt_cut: Cut, segmented: bool) -> tuple[str, list[tuple[int, int]]]:
    """The cut as prefixlint measures it (`<|role|>` lines for Python messages), and where
    each message's content sits in that text."""
    if not segmented:
        text = prompt_cut.messages[0][1]
        return text, [(0, len(text))]
    out = ""
    spans = []
    last = len(prompt_cut.messages) - 1
    for index, (role, text) in enumerate(prompt_cut.messages):
        out += f"<|{role}|>\n"
        spans.append((len(out), len(out) + len(text)))
        out += text + ("\n" if index < last or prompt_cut.stop is None else "")
    return out, spans


def _trim(prompt_cut: Cut, spans: list[tuple[int, int]], length: int) -> Cut:
    messages = []
    for (role, text), (start, _end) in zip(prompt_cut.messages, spans):
        if length <= start:
            break
        messages.append((role, text[: max(0, length - start)]))
    return Cut(tuple(messages), prompt_cut.tools, prompt_cut.stop, prompt_cut.segmented)


def build(measurements: Sequence[Measurement], scope_for, tokenizer: Tokenizer,
          given: Mapping[str, str], template_role: str = "system",
          top: int | None = None, min_tokens: int = ENGINE_MIN_TOKENS) -> dict:
    """The manifest document (version 1) for a run's measurements; `left_out` counts the
    prompts whose shared prefix is shorter than `min_tokens`."""
    from .measure import common_prefix

    entries: dict[str, dict] = {}
    short = 0
    for m in measurements:
        scope_of = scope_for(m.prompt)
        # Measured through a model's chat template: requests carry the messages, and the
        # text is the engine's (see engine_view).
        engine = m.prompt.renderer.template if isinstance(m.prompt.renderer, EngineRenderer) \
            else None
        plain = dataclasses.replace(m.prompt, renderer=m.prompt.renderer.inner) if engine \
            else m.prompt
        prompt_cut = cut(plain, scope_of, given, template_role)
        segmented = prompt_cut.segmented
        if segmented and prompt_cut.tools is None and any(b.role == "tools" for b in m.prompt.blocks):
            continue  # the tool list itself varies: nothing after it is shared
        serialized, spans = _serialized(prompt_cut, segmented)
        if engine is not None:
            opened = ((prompt_cut.opened, ""),) if prompt_cut.opened else ()
            serialized = engine.start(prompt_cut.messages + opened, prompt_cut.tools,
                                      prompt_cut.stop is not None)
        # Keep exactly the tokens every rendering shares (a trailing space that merges with
        # the next value into one token is not part of the shared prefix).
        rendered = m.prompt.renderer.render(GivenValues(plans("global", scope_of)[0], given))
        shared = common_prefix([tokenizer.encode(serialized), tokenizer.encode(rendered)])
        if not given:  # with sample values only, never past what `report` calls shared
            shared = min(shared, m.prefix_tokens["global"])
        if shared < min_tokens:
            short += 1 if shared else 0
            continue
        serialized = tokenizer.prefix_text(serialized, shared)
        if engine is None:  # the messages, cut where the shared text ends
            prompt_cut = _trim(prompt_cut, spans, len(serialized))
        source = {"prompt": m.prompt.id, "path": m.prompt.path, "line": m.prompt.line,
                  "global_prefix_tokens": m.prefix_tokens["global"]}
        key = hashlib.sha256(serialized.encode("utf-8")).hexdigest()
        if key in entries:
            entries[key]["sources"].append(source)
            continue
        stop, note = _stop_description(prompt_cut.stop)
        entry = {"id": key, "tokenizer": tokenizer.name, "prefix_tokens": shared,
                 "text": serialized, "sources": [source], "stops_at": stop,
                 "requests": _requests(prompt_cut)}
        if engine is not None:  # the engine's own text, for a raw completions request
            entry["requests"]["engine_completions"] = {"prompt": serialized, "max_tokens": 1}
        if note:
            entry["note"] = note
        found = secrets_in(serialized)
        if found:
            entry["secrets"] = found
        entries[key] = entry
    ordered = sorted(entries.values(),
                     key=lambda e: (-e["prefix_tokens"] * len(e["sources"]), e["id"]))
    for entry in ordered:
        entry["sources"].sort(key=lambda s: s["prompt"])
    if top is not None:
        ordered = ordered[:top]
    return {"version": 1, "tokenizer": tokenizer.name, "entries": ordered,
            "left_out": {"below_min_tokens": short, "min_tokens": min_tokens}}
