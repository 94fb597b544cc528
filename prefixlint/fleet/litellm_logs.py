"""LiteLLM proxy request logs as recorded requests.

The LiteLLM proxy logs each call in two shapes with the same fields: its spend logs (the
`LiteLLM_SpendLogs` rows `/spend/logs` answers with: a JSON array, or `{"data": [...]}`) and
the `StandardLoggingPayload` its logging callbacks receive (one per line, or one file per
call in a bucket). What was sent is `proxy_server_request` (the body as the client sent it)
or `messages` (with the tools and system of `model_parameters`); who sent it is
`end_user` (the request's `user`), else the key's `metadata.user_api_key_end_user_id` /
`user_api_key_user_id`; the session is the `litellm_session_id` (or `metadata.session_id`)
the client passed, which the proxy logs as `session_id` / `trace_id`; what the provider
served from its cache is in the usage (`metadata.usage_object`, `hidden_params.usage_object`
or `response.usage`):
`prompt_tokens_details.cached_tokens` (OpenAI) or `cache_read_input_tokens` (Anthropic).
Records that sent no prompt (embeddings, images, audio, moderation) are passed over; a
record the proxy cut short to store it (`litellm_truncated`, past its
MAX_STRING_LENGTH_PROMPT_IN_DB) is not measured, and says so.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace

from .otel import structured
from .recorded import Request, parse
from .sources import timestamp_ns

NO_PROMPT = ("embed", "image", "speech", "transcri", "moderat", "rerank", "file", "batch")
_TRUNCATED = re.compile(r"\.\.\. \(litellm_truncated skipped \d+ chars")


def _records(data: object):
    """The logged calls of a document: one, or a list of them (`data` in an API answer)."""
    if isinstance(data, list):
        for item in data:
            yield from _records(item)
    elif isinstance(data, dict) and isinstance(data.get("data"), list):
        yield from _records(data["data"])
    elif isinstance(data, dict) and "call_type" in data:
        yield data


def _sent(value: object) -> bool:
    """Whether a logged request body holds a prompt (the proxy logs `{}` when it keeps none)."""
    return isinstance(value, dict) and any(value.get(k) for k in ("messages", "input",
                                                                   "prompt"))


def _body(record: dict) -> dict:
    """The request a record logged, as a body `recorded.parse` reads (raises ValueError)."""
    request = structured(record.get("proxy_server_request"))
    if _sent(request):
        body = dict(request)
    else:
        messages = structured(record.get("messages"))
        if _sent(messages):
            body = dict(messages)
        elif isinstance(messages, list) and messages:
            body = {"messages": messages}
        elif isinstance(messages, str) and messages:
            body = {"messages": [{"role": "user", "content": messages}]}
        else:
            raise ValueError("no messages logged (the proxy keeps them with "
                             "store_prompts_in_spend_logs)")
        parameters = record.get("model_parameters")
        parameters = parameters if isinstance(parameters, dict) else {}
        for key in ("tools", "system"):  # an Anthropic call's system prompt is a parameter
            if parameters.get(key) and key not in body:
                body[key] = parameters[key]
    if "messages" not in body and "input" not in body and isinstance(body.get("prompt"), str):
        body["messages"] = [{"role": "user", "content": body["prompt"]}]
    return body


def _first(*values: object) -> str | None:
    """The first value given that is set, as text."""
    for value in values:
        if value not in (None, "", {}, []):
            return str(value)
    return None


def _cached(record: dict) -> int | None:
    """The input tokens the provider said it served from its cache, if the record says."""
    metadata = structured(record.get("metadata"))
    metadata = metadata if isinstance(metadata, dict) else {}
    hidden = record.get("hidden_params") if isinstance(record.get("hidden_params"), dict) else {}
    response = structured(record.get("response"))
    for usage in (metadata.get("usage_object"), hidden.get("usage_object"),
                  response.get("usage") if isinstance(response, dict) else None,
                  record.get("usage")):
        if not isinstance(usage, dict):
            continue
        details = usage.get("prompt_tokens_details")
        for value in ((details or {}).get("cached_tokens") if isinstance(details, dict)
                      else None, usage.get("cache_read_input_tokens")):
            if isinstance(value, int) and not isinstance(value, bool):
                return value
    return None


def requests(documents, errors: list[str]) -> list[tuple[int, Request]]:
    """(start in nanoseconds, request) for each call logged in an export's documents
    (`sources.Document`) that sent a prompt."""
    found, truncated = [], []
    for document in documents:
        for record in _records(document.data):
            if any(word in str(record.get("call_type", "")).lower() for word in NO_PROMPT):
                continue
            name = json.dumps(record.get("request_id", record.get("id")))
            try:
                body = _body(record)
                request = parse(document.number, {"body": body})
            except ValueError as exc:
                errors.append(f"{document.where}: request {name}: {exc}")
                continue
            if _TRUNCATED.search(request.text):
                truncated.append(document.where)
                continue
            metadata = structured(record.get("metadata"))
            metadata = metadata if isinstance(metadata, dict) else {}
            asked = metadata.get("requester_metadata")
            asked = asked if isinstance(asked, dict) else {}
            found.append((timestamp_ns(record.get("startTime")), replace(
                request,
                user=_first(record.get("end_user"), request.user,
                            metadata.get("user_api_key_end_user_id"), record.get("user"),
                            metadata.get("user_api_key_user_id")),
                session=_first(body.get("litellm_session_id"), request.session,
                               asked.get("session_id"), record.get("session_id"),
                               record.get("trace_id")),
                cached_tokens=_cached(record))))
    if truncated:
        errors.append(f"{truncated[0]}: {len(truncated):,} requests cut short by the proxy to "
                      "store them ('litellm_truncated'), not measured (raise "
                      "MAX_STRING_LENGTH_PROMPT_IN_DB)")
    return found
