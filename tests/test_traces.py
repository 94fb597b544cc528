"""Traces as recorded requests (issue 24, item 2): an OpenTelemetry trace export whose GenAI
spans recorded what each LLM call sent is measured as the same requests logged as JSONL
bodies: the same shared prefixes per scope, whatever the export's shape, with the cache hits
the provider reported beside them."""

from __future__ import annotations

import json

from conftest import run_cli, write_project
from test_recorded import _run, _session_log


def _attribute(key, value):
    if isinstance(value, bool):
        wrapped = {"boolValue": value}
    elif isinstance(value, int):
        wrapped = {"intValue": str(value)}  # 64-bit integers are strings in OTLP/JSON
    else:
        wrapped = {"stringValue": value}
    return {"key": key, "value": wrapped}


def _span(index, line, style):
    """The span an instrumented client records for one logged request."""
    body = line["body"]
    system = [m for m in body["messages"] if m["role"] == "system"]
    rest = [m for m in body["messages"] if m["role"] != "system"]
    attributes = [_attribute("gen_ai.operation.name", "chat"),
                  _attribute("gen_ai.request.model", "gpt-4o"),
                  _attribute("session.id", line["session"]),
                  _attribute("gen_ai.usage.input_tokens", 900),
                  _attribute("gen_ai.usage.cache_read.input_tokens", 768 if index % 3 else 0)]
    if style == "current":
        attributes.append(_attribute("user.id", line["user"]))
        attributes.append(_attribute("gen_ai.system_instructions", json.dumps(
            [{"type": "text", "content": m["content"]} for m in system])))
        attributes.append(_attribute("gen_ai.input.messages", json.dumps(
            [{"role": m["role"], "parts": [{"type": "text", "content": m["content"]}]}
             for m in rest])))
    else:  # the flattened attributes instrumentations wrote before
        attributes.append(_attribute("enduser.id", line["user"]))
        for n, message in enumerate(body["messages"]):
            attributes.append(_attribute(f"gen_ai.prompt.{n}.role", message["role"]))
            attributes.append(_attribute(f"gen_ai.prompt.{n}.content", message["content"]))
    start = 1_764_000_000_000_000_000 + index * 1_000_000_000
    return {"traceId": f"{index:032x}", "spanId": f"{index:016x}", "name": "chat gpt-4o",
            "kind": 3, "startTimeUnixNano": str(start), "endTimeUnixNano": str(start + 9),
            "attributes": attributes}


def _http_span(index):
    """A span of the web framework around the call: no prompt in it."""
    return {"traceId": f"{index:032x}", "spanId": f"{index + 500:016x}", "name": "POST /chat",
            "startTimeUnixNano": "1", "attributes": [_attribute("http.route", "/chat")]}


def _export(spans):
    return {"resourceSpans": [{"resource": {"attributes": [
        _attribute("service.name", "support-bot")]}, "scopeSpans": [
        {"scope": {"name": "opentelemetry.instrumentation.openai"}, "spans": spans}]}]}


def test_a_trace_export_gives_the_shared_prefixes_of_the_same_requests_logged(tmp_path):
    lines = _session_log()
    spans = [_span(i, line, "current" if i % 2 else "older") for i, line in enumerate(lines)]
    one_document = _export([_http_span(0), *reversed(spans)])  # file order is not call order
    per_line = "\n".join(json.dumps(_export([s])) for s in spans) + "\n"
    root = write_project(tmp_path / "p", {
        "logs/requests.jsonl": "\n".join(json.dumps(x) for x in lines) + "\n",
        "logs/traces.json": json.dumps(one_document, indent=2),
        "logs/traces.jsonl": per_line})
    logged, _ = _run(root, "--requests", "logs/requests.jsonl")
    for name in ("logs/traces.json", "logs/traces.jsonl"):
        traced, _ = _run(root, "--requests", name)
        assert (traced["requests"], traced["users"], traced["sessions"]) == (18, 3, 6)
        assert traced["prefix_tokens"] == logged["prefix_tokens"]
        assert traced["errors"] == []
        # 12 of 18 spans said 768 tokens were served from the provider's cache, 6 said none
        assert traced["reported_cached_tokens"] == {"requests": 18, "mean": 512}
    assert logged["reported_cached_tokens"] is None


def test_a_trace_export_is_read_past_its_broken_lines(tmp_path):
    lines = _session_log()[:3]
    text = "\n".join(json.dumps(_export([_span(i, line, "current")]))
                     for i, line in enumerate(lines))
    root = write_project(tmp_path / "p", {"traces.jsonl": text + "\n{\"resourceSpans\": [\n"})
    traced, proc = _run(root, "--requests", "traces.jsonl")
    assert traced["requests"] == 3 and traced["sessions"] == 1
    assert len(traced["errors"]) == 1 and traced["errors"][0].startswith("line 4: ")
    shown = run_cli("check", "--exit-zero", "--requests", "traces.jsonl", cwd=root).stdout
    assert "the provider reported 512 tokens served from its cache on average, over 3 " \
           "requests" in shown
