"""Recorded requests as ground truth: what a gateway logged, measured as the cache sees it.

Each line of a JSONL file is one request body — OpenAI chat (`messages`, `tools`), OpenAI
responses (`instructions`, `input`) or Anthropic messages (`system`, `messages`, `tools`) —
alone or wrapped with who sent it (`{"body": {...}, "user": ..., "session": ...}`, or the
body's own `user` / `metadata.user_id` / `metadata.session_id`). Requests are written as
prefixlint writes the prompts it finds in code (tools, then each message behind its
`<|role|>` header), tokenized, and their real shared prefixes measured: across all requests,
per user, per session, and between consecutive requests of a session. Where a recorded
request starts with the constant text of a prompt found in the code, the measured prefix is
set beside the predicted one, which keeps the static analysis honest. A file (or a folder
of files) that is an OpenTelemetry trace export, a Langfuse export or LiteLLM proxy logs is
read as the requests it recorded (`sources.py`), with the cache hits the provider reported,
where the records carry them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..measure import common_prefix

MAX_LINES = 100_000
MAX_LINE_CHARS = 2_000_000  # one request: a long prompt with its history
MAX_TOTAL_CHARS = 50_000_000  # what is held (and tokenized) of the whole file


@dataclass(frozen=True)
class Request:
    line: int
    user: str | None
    session: str | None
    messages: tuple[tuple[str, str], ...]  # (role, text), tools first as role "tools"
    cached_tokens: int | None = None  # what the provider said it served from its cache

    @property
    def text(self) -> str:
        return "".join(f"<|{role}|>\n{text}\n" for role, text in self.messages)


@dataclass(frozen=True)
class Summary:
    """What the recorded requests share, in tokens, and where they first differ."""

    path: str
    requests: int
    users: int
    sessions: int
    tokens_mean: int
    prefix_tokens: dict[str, int]
    divergence: dict | None
    errors: tuple[str, ...]
    matches: tuple[dict, ...] = field(default=())
    # Cache hits the provider reported (traces' usage): requests that said, and their mean.
    reported_cached: dict | None = None

    def as_dict(self) -> dict:
        return {"path": self.path, "requests": self.requests, "users": self.users,
                "sessions": self.sessions, "tokens_mean": self.tokens_mean,
                "prefix_tokens": self.prefix_tokens, "divergence": self.divergence,
                "errors": list(self.errors), "matches": list(self.matches),
                "reported_cached_tokens": self.reported_cached}


def _content(value) -> str:
    """Message content as text: a string, or the text of content blocks."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "".join(_content(part.get("text", part.get("content", "")))
                       if isinstance(part, dict) else _content(part) for part in value)
    return "" if value is None else json.dumps(value, sort_keys=True)


def parse(line_number: int, data: object) -> Request:
    """One logged line as a request (raises ValueError saying what is wrong)."""
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    body = data.get("body", data)
    if not isinstance(body, dict):
        raise ValueError("`body` is not an object")
    metadata = body.get("metadata") if isinstance(body.get("metadata"), dict) else {}
    user = data.get("user") or body.get("user") or metadata.get("user_id")
    session = data.get("session") or data.get("session_id") or metadata.get("session_id")
    messages: list[tuple[str, str]] = []
    if body.get("tools"):
        messages.append(("tools", json.dumps(body["tools"], ensure_ascii=False)))
    if "system" in body:
        messages.append(("system", _content(body["system"])))
    if "instructions" in body:
        messages.append(("system", _content(body["instructions"])))
    listed = body.get("messages", body.get("input"))
    if isinstance(listed, str):
        listed = [{"role": "user", "content": listed}]
    if not isinstance(listed, list) or not listed:
        raise ValueError("no `messages` (or `input`) list")
    for message in listed:
        if not isinstance(message, dict) or not isinstance(message.get("role"), str):
            raise ValueError("a message without a role")
        messages.append((message["role"], _content(message.get("content"))))
    return Request(line_number, None if user is None else str(user),
                   None if session is None else str(session), tuple(messages))


def bounded_lines(handle, errors: list[str], budget: list[int] | None = None,
                  line_limit: int | None = None):
    """(number, line) of a file's non-blank lines, within the bounds above; a line or a
    file past them is an error, and the rest of it is never held whole. `budget` (one
    number, what is left of MAX_TOTAL_CHARS) is shared by the files of a folder; a trace
    export may hold a whole document on one line, so its `line_limit` is the whole bound."""
    budget = [MAX_TOTAL_CHARS] if budget is None else budget
    limit = MAX_LINE_CHARS if line_limit is None else line_limit
    for number in range(1, MAX_LINES + 2):
        line = handle.readline(limit + 1)
        if not line:
            return
        if number > MAX_LINES:
            errors.append(f"line {number}: past {MAX_LINES:,} lines, the rest is not read")
            return
        if len(line) > limit and not line.endswith("\n"):
            while line and not line.endswith("\n"):  # the rest of it, never held whole
                line = handle.readline(limit)
            errors.append(f"line {number}: longer than {limit:,} characters, not read")
            continue
        if not line.strip():
            continue
        budget[0] -= len(line)
        if budget[0] < 0:
            errors.append(f"line {number}: past {MAX_TOTAL_CHARS:,} characters of "
                          "requests, the rest is not read")
            return
        yield number, line


def read(path: Path) -> tuple[list[Request], list[str]]:
    """The requests of a file or a folder of files (see `sources.py`: JSONL request bodies
    or a trace export), and one error per line or record that cannot be read."""
    from . import sources

    return sources.read(path)


def _group_prefix(groups: list[list[list[int]]]) -> int:
    """Mean common prefix of the groups with two requests or more (0 when none has)."""
    shared = [common_prefix(g) for g in groups if len(g) > 1]
    return round(sum(shared) / len(shared)) if shared else 0


def _divergence(requests: list[Request]) -> dict | None:
    """The first message and character where two requests part, over all of them."""
    texts = [r.text for r in requests]
    if len(set(texts)) < 2:
        return None
    at = common_prefix(texts)
    first = texts[0]
    role, index, start = "", 0, 0
    for index, (role, text) in enumerate(requests[0].messages):
        header = len(f"<|{role}|>\n")
        if start + header + len(text) + 1 > at:
            break
        start += header + len(text) + 1
    return {"message": index, "role": role, "char": max(0, at - start - len(f"<|{role}|>\n")),
            "context": first[max(0, at - 40):at]}


SITE_CONTEXT = 40  # characters of constant text before a value that place a parting at it
# Two values may share their first characters (`r0001`, `r0002`; a timestamp's date): a
# parting this close after the constant text is inside the value that follows it.
SITE_REACH = 32


def _parts_at(requests: list[Request], sites) -> dict | None:
    """Where consecutive requests of a session part, in the source: the value of the prompt
    whose constant text ends just before they part (its last characters are found among the
    last ones they share). The first such value, with how many consecutive pairs part
    there."""
    counts: dict[int, int] = {}
    previous: dict[str, str] = {}
    for request in requests:
        if request.session is None:
            continue
        text = request.text
        before = previous.get(request.session)
        previous[request.session] = text
        if before is None or before == text:
            continue
        shared = text[:common_prefix([before, text])]
        for index, (constant, _, _) in enumerate(sites):
            k = min(SITE_CONTEXT, len(constant))
            found = shared.rfind(constant[-k:], max(0, len(shared) - k - SITE_REACH)) \
                if k >= 8 else -1
            if found >= 0:
                counts[index] = counts.get(index, 0) + 1
                break
    if not counts:
        return None
    index = min(counts)
    _, span, expr = sites[index]
    return {"path": span.path, "line": span.line, "column": span.column, "expr": expr,
            "pairs": counts[index]}


def summarize(path: Path, display: str, encode: Callable[[str], list[int]],
              prompts: dict[str, tuple[str, int]] | None = None,
              sites: dict | None = None) -> Summary:
    """Measure a log of requests (see the module doc). `prompts` maps the id of each prompt
    found in the code to its constant start and predicted global prefix; a prompt whose
    constant start (64 characters or more) begins the recorded requests is matched. `sites`
    (`api.value_sites`) places where consecutive requests of a session part at a value of
    the matched prompt's source."""
    requests, errors = read(path)
    tokens = [encode(r.text) for r in requests]
    by_user: dict[str, list[list[int]]] = {}
    by_session: dict[str, list[list[int]]] = {}
    turns: list[int] = []
    previous: dict[str, list[int]] = {}
    for request, encoded in zip(requests, tokens):
        if request.user is not None:
            by_user.setdefault(request.user, []).append(encoded)
        if request.session is not None:
            by_session.setdefault(request.session, []).append(encoded)
            if request.session in previous:
                turns.append(common_prefix([previous[request.session], encoded]))
            previous[request.session] = encoded
    prefix = {"global": common_prefix(tokens) if len(tokens) > 1 else 0,
              "user": _group_prefix(list(by_user.values())),
              "session": _group_prefix(list(by_session.values())),
              "turn": round(sum(turns) / len(turns)) if turns else 0}
    matches = []
    for prompt_id, (start, predicted) in sorted((prompts or {}).items()):
        if len(start) < 64:
            continue
        pairs = [(r, t) for r, t in zip(requests, tokens) if start in r.text[:len(start) + 64]]
        matched = [t for _, t in pairs]
        if len(matched) > 1:
            match = {"prompt": prompt_id, "requests": len(matched),
                     "predicted": predicted, "measured": common_prefix(matched)}
            parted = _parts_at([r for r, _ in pairs], (sites or {}).get(prompt_id, ()))
            if parted is not None:
                match["sessions_part_at"] = parted
            matches.append(match)
    reported = [r.cached_tokens for r in requests if r.cached_tokens is not None]
    return Summary(display, len(requests), len(by_user), len(by_session),
                   round(sum(map(len, tokens)) / len(tokens)) if tokens else 0, prefix,
                   _divergence(requests), tuple(errors), tuple(matches),
                   {"requests": len(reported), "mean": round(sum(reported) / len(reported))}
                   if reported else None)


def text(summary: Summary) -> str:
    """The summary as lines for the terminal."""
    p = summary.prefix_tokens
    lines = [f"Recorded requests ({summary.path}): {summary.requests:,} requests, "
             f"{summary.users:,} users, {summary.sessions:,} sessions, "
             f"{summary.tokens_mean:,} tokens on average",
             f"  shared prefix: global {p['global']:,} tokens; per user {p['user']:,}; "
             f"per session {p['session']:,}; consecutive turns {p['turn']:,}"]
    if summary.divergence:
        d = summary.divergence
        lines.append(f"  requests first differ in message {d['message'] + 1} ({d['role']}) at "
                     f"character {d['char']:,}, after ...{d['context']!r}")
    if summary.reported_cached:
        cached = summary.reported_cached
        lines.append(f"  the provider reported {cached['mean']:,} tokens served from its cache "
                     f"on average, over {cached['requests']:,} requests")
    for match in summary.matches:
        lines.append(f"  {match['prompt']}: predicted {match['predicted']:,} tokens shared, "
                     f"measured {match['measured']:,} "
                     f"({match['measured'] - match['predicted']:+,})")
        parted = match.get("sessions_part_at")
        if parted:
            lines.append(f"    consecutive requests of a session part at {parted['path']}:"
                         f"{parted['line']}:{parted['column']} ({parted['expr']!r}, "
                         f"{parted['pairs']:,} of them)")
    lines.extend(f"  {error}" for error in summary.errors)
    return "\n".join(lines) + "\n"
