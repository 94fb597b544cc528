"""Langfuse exports as recorded requests.

Langfuse keeps each LLM call as an observation of type GENERATION inside a trace: its
`input` is what was sent (a list of messages with `role` and `content` — or `parts`, when it
came in by OpenTelemetry —, an object with `messages` and `tools`, or a completion prompt),
its `usageDetails` what the provider counted, cached input included (`input_cached_tokens`,
`cache_read_input_tokens`, `input_cache_read`), and its `startTime` when it started. Who sent
it is the trace's (or, from the v2 observations API, the observation's own) `userId` and
`sessionId`. Read here, whatever way it was exported: a trace downloaded as JSON (the trace
with its `observations`), a session downloaded as JSON (its `traces`), a table export or an
API answer (a JSON array, JSONL, or `{"data": [...]}`) of traces and of observations — apart,
in two files of a folder, they are joined by `traceId`.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Iterator

from .otel import parts_text, structured
from .recorded import Request, parse
from .sources import timestamp_ns

CACHED = ("input_cached_tokens", "cache_read_input_tokens", "input_cache_read", "cached_tokens",
          "input_cached")


def _records(data: object, trace: dict | None = None) -> Iterator[tuple[dict, dict | None]]:
    """(record, the trace it was exported inside) of every trace and observation of a
    document."""
    if isinstance(data, list):
        for item in data:
            yield from _records(item, trace)
        return
    if not isinstance(data, dict):
        return
    for key in ("data", "traces"):  # an API answer, a session downloaded
        if isinstance(data.get(key), list):
            yield from _records(data[key])
            return
    if isinstance(data.get("trace"), dict):  # {"trace": {...}, "observations": [...]}
        yield from _records(data["trace"])
        trace = data["trace"]
    elif "id" in data:
        yield data, trace
        if not _is_observation(data):
            trace = data
    if isinstance(data.get("observations"), list):  # a trace with its observations
        yield from _records([o for o in data["observations"] if isinstance(o, dict)], trace)


def _is_observation(record: dict) -> bool:
    return isinstance(record.get("type"), str) and ("startTime" in record or "traceId" in record)


def _who(record: dict, trace: dict | None, key: str) -> str | None:
    """The observation's own user or session, else its trace's."""
    value = record.get(key) or (trace or {}).get(key)
    return None if value in (None, "") else str(value)


def _message(message: object) -> object:
    """A message as `recorded.parse` reads it: OpenTelemetry's `parts` as its content."""
    if isinstance(message, dict) and "content" not in message and "parts" in message:
        return {"role": message.get("role"), "content": parts_text(message["parts"])}
    return message


def _body(value: object) -> dict:
    """A generation's `input` as a request body (raises ValueError when it holds none)."""
    value = structured(value)
    if isinstance(value, dict) and any(k in value for k in ("messages", "input", "system",
                                                              "instructions", "prompt")):
        body = dict(value)
        if "messages" not in body and "input" not in body and isinstance(body.get("prompt"), str):
            body["messages"] = [{"role": "user", "content": body["prompt"]}]
        if isinstance(body.get("messages"), list):
            body["messages"] = [_message(m) for m in body["messages"]]
        return body
    if isinstance(value, list) and value and all(isinstance(m, list) for m in value):
        value = value[0]  # a batch of prompts (LangChain): the first
    if isinstance(value, list):
        return {"messages": [_message(m) for m in value]}
    if isinstance(value, str) and value:
        return {"messages": [{"role": "user", "content": value}]}
    raise ValueError("its input holds no messages or prompt")


def _cached(record: dict) -> int | None:
    """The cached input tokens Langfuse counted for a generation, if it says."""
    for key in ("usageDetails", "usage_details", "usage"):
        usage = structured(record.get(key))
        if not isinstance(usage, dict):
            continue
        for name in CACHED:
            value = usage.get(name)
            if isinstance(value, (int, float)) and not isinstance(value, bool) \
                    and value == int(value):
                return int(value)
    return None


def requests(documents, errors: list[str]) -> list[tuple[int, Request]]:
    """(start in nanoseconds, request) for each GENERATION observation of an export's
    documents (`sources.Document`), with its trace's user and session."""
    traces: dict[str, dict] = {}
    generations, seen = [], set()
    for document in documents:
        for record, trace in _records(document.data):
            if not _is_observation(record):
                traces.setdefault(str(record["id"]), record)
            elif str(record["type"]).upper() == "GENERATION" and str(record["id"]) not in seen:
                seen.add(str(record["id"]))  # a trace's download and a table export overlap
                generations.append((document, record, trace))
    found = []
    for document, record, trace in generations:
        trace = trace if trace is not None else traces.get(str(record.get("traceId")))
        try:
            request = parse(document.number, {"body": _body(record.get("input"))})
        except ValueError as exc:
            errors.append(f"{document.where}: generation {json.dumps(record.get('id'))}: {exc}")
            continue
        found.append((timestamp_ns(record.get("startTime")),
                      replace(request, user=_who(record, trace, "userId") or request.user,
                              session=_who(record, trace, "sessionId") or request.session,
                              cached_tokens=_cached(record))))
    if not generations and traces and documents:
        errors.append(f"{documents[0].where}: {len(traces):,} traces and no observation of type "
                      "GENERATION (export the observations too: they hold what was sent)")
    return found
