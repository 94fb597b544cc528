"""OpenTelemetry GenAI spans as recorded requests.

Teams that trace their LLM calls keep what each call sent on its span, by the GenAI semantic
conventions: `gen_ai.system_instructions` and `gen_ai.input.messages` (messages with a `role`
and `parts`), `gen_ai.tool.definitions`, or the older flattened `gen_ai.prompt.N.role` /
`gen_ai.prompt.N.content` attributes; who sent it in `user.id` / `enduser.id` and
`session.id` / `gen_ai.conversation.id`; and what the provider served from its cache in
`gen_ai.usage.cache_read.input_tokens`. An OTLP/JSON export (what the collector's file
exporter writes: one `ExportTraceServiceRequest` object per line, or one JSON document) is
read here as the requests `recorded.py` measures, in the order the spans started. Spans
without any of these attributes (HTTP, database, agent steps) are passed over.
"""

from __future__ import annotations

import json
from typing import Iterator

MARKER = '"resourceSpans"'


def is_export(head: str) -> bool:
    """Whether the start of a file is an OTLP/JSON trace export."""
    return MARKER in head


def _value(value: object) -> object:
    """An OTLP `AnyValue` as plain data (64-bit integers are strings in OTLP/JSON)."""
    if not isinstance(value, dict):
        return None
    if "stringValue" in value:
        return value["stringValue"]
    if "intValue" in value:
        try:
            return int(value["intValue"])
        except (TypeError, ValueError):
            return None
    if "doubleValue" in value:
        return value["doubleValue"]
    if "boolValue" in value:
        return value["boolValue"]
    if "arrayValue" in value:
        return [_value(v) for v in (value["arrayValue"] or {}).get("values", [])]
    if "kvlistValue" in value:
        return attributes((value["kvlistValue"] or {}).get("values", []))
    return None


def attributes(listed: object) -> dict[str, object]:
    """OTLP key-value attributes as a mapping."""
    if not isinstance(listed, list):
        return {}
    return {item["key"]: _value(item.get("value")) for item in listed
            if isinstance(item, dict) and isinstance(item.get("key"), str)}


def spans(document: object) -> Iterator[tuple[int, dict[str, object]]]:
    """(start time in nanoseconds, attributes with the resource's under them) of each span of
    an `ExportTraceServiceRequest`."""
    if not isinstance(document, dict):
        return
    for resource_spans in document.get("resourceSpans") or []:
        if not isinstance(resource_spans, dict):
            continue
        resource = attributes((resource_spans.get("resource") or {}).get("attributes"))
        for scope_spans in resource_spans.get("scopeSpans") or []:
            for span in (scope_spans or {}).get("spans") or []:
                if not isinstance(span, dict):
                    continue
                try:
                    start = int(span.get("startTimeUnixNano") or 0)
                except (TypeError, ValueError):
                    start = 0
                yield start, {**resource, **attributes(span.get("attributes"))}


def structured(value: object) -> object:
    """A value recorded as a JSON string (an OTLP attribute, a logged field), or structured."""
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


def parts_text(parts: object) -> str:
    """The text of message parts: text parts as they are, other parts (tool calls and their
    responses) as their JSON."""
    if isinstance(parts, str):
        return parts
    if not isinstance(parts, list):
        return ""
    out = []
    for part in parts:
        if isinstance(part, dict) and part.get("type") == "text":
            out.append(str(part.get("content", "")))
        elif isinstance(part, dict):
            out.append(json.dumps(part, sort_keys=True, ensure_ascii=False))
        else:
            out.append(str(part))
    return "".join(out)


def _flattened(found: dict[str, object], prefix: str) -> list[tuple[str, str]]:
    """`gen_ai.prompt.0.role`, `gen_ai.prompt.0.content`, ...: the older conventions."""
    out = []
    for index in range(10_000):
        role = found.get(f"{prefix}.{index}.role")
        content = found.get(f"{prefix}.{index}.content")
        if role is None and content is None:
            break
        out.append((str(role or "user"), parts_text(structured(content))
                    if not isinstance(content, str) else content))
    return out


def body(found: dict[str, object]) -> dict | None:
    """A span's attributes as the parts of one request (`recorded.parse` reads it), or None
    for a span that recorded no prompt."""
    messages: list[tuple[str, str]] = []
    tools = structured(found.get("gen_ai.tool.definitions"))
    if tools:
        messages.append(("tools", json.dumps(tools, ensure_ascii=False)))
    system = structured(found.get("gen_ai.system_instructions"))
    if system:
        messages.append(("system", parts_text(system)))
    listed = structured(found.get("gen_ai.input.messages"))
    if isinstance(listed, list):
        for message in listed:
            if isinstance(message, dict) and isinstance(message.get("role"), str):
                messages.append((message["role"], parts_text(message.get("parts"))))
    else:
        messages.extend(_flattened(found, "gen_ai.prompt"))
    if not any(role != "tools" for role, _ in messages):
        return None
    user = found.get("user.id") or found.get("enduser.id")
    session = found.get("session.id") or found.get("gen_ai.conversation.id")
    cached = found.get("gen_ai.usage.cache_read.input_tokens",
                       found.get("gen_ai.usage.cache_read_input_tokens"))
    return {"messages": messages, "user": user, "session": session,
            "cached_tokens": cached if isinstance(cached, int) else None}


def requests(documents, errors: list[str]) -> list[tuple[int, object]]:
    """(start in nanoseconds, request) for each span of an export's documents (`sources.
    Document`) that recorded a prompt; spans that recorded none are passed over."""
    from .recorded import Request

    found = []
    for document in documents:
        for start, found_attributes in spans(document.data):
            parts = body(found_attributes)
            if parts is None:
                continue
            user, session = parts["user"], parts["session"]
            found.append((start, Request(document.number, None if user is None else str(user),
                                         None if session is None else str(session),
                                         tuple(parts["messages"]), parts["cached_tokens"])))
    return found
