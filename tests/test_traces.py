"""Traces as recorded requests (issue 24, item 2): an OpenTelemetry trace export whose GenAI
spans recorded what each LLM call sent is measured as the same requests logged as JSONL
bodies: the same shared prefixes per scope, whatever the export's shape, with the cache hits
the provider reported beside them."""

from __future__ import annotations

import json
import random

import pytest
import tiktoken

from conftest import run_cli, write_project
from prefixlint.fleet import litellm_logs, sources
from prefixlint.measure import common_prefix
from test_recorded import INTRO, SYSTEM, _run, _session_log, _text


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
        "logs/traces.jsonl": per_line,  # and a folder of rotated files, as exporters write
        **{f"logs/otlp/traces-{n}.json": json.dumps(_export(spans[n * 6:n * 6 + 6]))
           for n in range(3)}})
    logged, _ = _run(root, "--requests", "logs/requests.jsonl")
    for name in ("logs/traces.json", "logs/traces.jsonl", "logs/otlp"):
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


# Langfuse and LiteLLM (issue 24, item 2): the same 18 requests as each records them, from
# my reading of their schemas — Langfuse's public API (`TraceWithFullDetails`, `ObservationV2`:
# `traceId`, `type`, `startTime`, `input`, `usageDetails`, `userId`, `sessionId`) and
# LiteLLM's `LiteLLM_SpendLogs` table and `StandardLoggingPayload` (`call_type`, `startTime`,
# `messages`, `end_user`, `session_id` / `trace_id`, `metadata.usage_object`).

START = 1_767_603_600  # 2026-01-05T09:00:00Z, in seconds


def _cached(index):
    """12 of 18 requests said 768 cached tokens, 6 said none: a mean of 512."""
    return 768 if index % 3 else 0


def _iso(index, z=True):
    """When request `index` started (one a second), as Langfuse and the spend logs write it."""
    text = f"2026-01-05T09:00:{index:02d}.250"
    return text + "Z" if z else text + "000+00:00"


def _shuffled(items):
    """Records out of the order they were sent (an export sorted by something else): read
    in file order, consecutive turns of a session would be compared wrongly."""
    items = list(items)
    random.Random(24).shuffle(items)
    return items


def _trace(index, line):
    return {"id": f"trace-{index}", "projectId": "cm5northwind", "name": "support-chat",
            "timestamp": _iso(index), "environment": "production", "tags": [],
            "userId": line["user"], "sessionId": line["session"], "public": False,
            "input": {"question": line["body"]["messages"][-1]["content"]}, "output": None}


def _observation(index, line, kind="GENERATION", who=False, wrapped=False):
    observation = {"id": f"obs-{kind[0]}{index}", "traceId": f"trace-{index}", "type": kind,
                   "name": "OpenAI-generation" if kind == "GENERATION" else "retrieve",
                   "startTime": _iso(index), "endTime": _iso(index), "level": "DEFAULT",
                   "parentObservationId": None, "model": None, "input": None}
    if kind == "GENERATION":
        messages = line["body"]["messages"]
        observation.update(
            model="gpt-4o", input={"messages": messages} if wrapped else messages,
            output={"role": "assistant", "content": "Refunds take five business days."},
            usageDetails={"input": 900, "input_cached_tokens": _cached(index), "output": 40,
                          "total": 940},
            usage={"input": 900, "output": 40, "total": 940, "unit": "TOKENS"})
    if who:  # the v2 observations API sets who on each observation
        observation.update(userId=line["user"], sessionId=line["session"])
    return observation


def _langfuse_forms(lines):
    """Three exports of the same generations: a table export of observations (JSONL, out of
    order, with retrieval spans among them); traces and observations apart in a folder (an
    API answer `{"data": [...]}`), joined by `traceId`; and each trace downloaded as JSON."""
    indexed = list(enumerate(lines))
    table = [o for i, line in _shuffled(indexed)
             for o in (_observation(i, line, "SPAN", who=True), _observation(i, line, who=True))]
    downloads = {f"langfuse-trace/trace-{i}.json": json.dumps(
        {**_trace(i, line), "observations": [_observation(i, line, "SPAN"),
                                             _observation(i, line, wrapped=True)],
         "scores": [], "latency": 1.2, "htmlPath": f"/project/cm5northwind/traces/trace-{i}"},
        indent=2) for i, line in indexed}
    return {"langfuse-observations.jsonl": "\n".join(json.dumps(o) for o in table) + "\n",
            "langfuse-api/traces.jsonl": "\n".join(
                json.dumps(_trace(i, line)) for i, line in indexed) + "\n",
            "langfuse-api/observations.json": json.dumps(
                {"data": [_observation(i, line) for i, line in _shuffled(indexed)],
                 "meta": {"cursor": None}}),
            **downloads}


def _spend_log(index, line):
    """A `LiteLLM_SpendLogs` row as `/spend/logs` answers with it."""
    return {"request_id": f"chatcmpl-{index:04d}", "call_type": "acompletion",
            "api_key": "88dc28d0f030c55ed4ab77ed8faf098196cb1c05df778539800c9f1243fe6b4b",
            "spend": 0.0021, "total_tokens": 940, "prompt_tokens": 900, "completion_tokens": 40,
            "startTime": _iso(index, z=False), "endTime": _iso(index, z=False),
            "model": "gpt-4o", "model_group": "gpt-4o", "custom_llm_provider": "openai",
            "user": "svc-support", "end_user": line["user"], "session_id": line["session"],
            "metadata": {"user_api_key_user_id": "svc-support", "status": "success",
                         "usage_object": {"prompt_tokens": 900, "completion_tokens": 40,
                                          "prompt_tokens_details": {
                                              "cached_tokens": _cached(index)}}},
            "cache_hit": "False", "request_tags": [], "messages": line["body"]["messages"],
            "response": {"id": f"chatcmpl-{index:04d}", "object": "chat.completion"},
            "proxy_server_request": {}, "status": "success"}


def _logging_payload(index, line):
    """A `StandardLoggingPayload` as the proxy's logging callbacks receive it."""
    return {"id": f"chatcmpl-{index:04d}", "trace_id": line["session"],
            "call_type": "acompletion", "stream": False, "status": "success",
            "response_cost": 0.0021, "total_tokens": 940, "prompt_tokens": 900,
            "completion_tokens": 40, "startTime": START + index + 0.25,
            "endTime": START + index + 1.0, "model": "gpt-4o",
            "api_base": "https://api.openai.com",
            "metadata": {"user_api_key_hash": "88dc28d0", "user_api_key_user_id": "svc-support",
                         "user_api_key_end_user_id": line["user"],
                         "usage_object": {"prompt_tokens": 900,
                                          "cache_read_input_tokens": _cached(index)}},
            "cache_hit": None, "end_user": "", "messages": line["body"]["messages"],
            "response": {"choices": [{"message": {"role": "assistant", "content": "Done."}}]},
            "model_parameters": {"temperature": 0.2}, "hidden_params": {"model_id": "m1"}}


def _litellm_forms(lines):
    """Three logs of the same calls: the spend logs as the API answers (a pretty-printed
    array, out of order), logging payloads one per line (with an embedding call among
    them), and one payload per file as a bucket logger writes them."""
    indexed = list(enumerate(lines))
    embedding = {**_logging_payload(99, lines[0]), "call_type": "aembedding",
                 "messages": {}, "startTime": START + 4.5}
    payloads = [_logging_payload(i, line) for i, line in indexed]
    return {"litellm-spend-logs.json": json.dumps(
                [_spend_log(i, line) for i, line in _shuffled(indexed)], indent=2),
            "litellm-payloads.jsonl": "\n".join(
                json.dumps(p) for p in [*payloads[:5], embedding, *payloads[5:]]) + "\n",
            **{f"litellm-bucket/2026-01-05/{p['id']}.json": json.dumps(p) for p in payloads}}


def test_langfuse_and_litellm_records_give_the_shared_prefixes_of_the_same_requests(tmp_path):
    lines = _session_log()
    root = write_project(tmp_path / "p", {
        "logs/requests.jsonl": "\n".join(json.dumps(x) for x in lines) + "\n",
        **{f"logs/{name}": text for name, text in _langfuse_forms(lines).items()},
        **{f"logs/{name}": text for name, text in _litellm_forms(lines).items()}})
    logged, _ = _run(root, "--requests", "logs/requests.jsonl")
    for name in ("langfuse-observations.jsonl", "langfuse-api", "langfuse-trace",
                 "litellm-spend-logs.json", "litellm-payloads.jsonl", "litellm-bucket"):
        traced, _ = _run(root, "--requests", f"logs/{name}")
        assert (traced["requests"], traced["users"], traced["sessions"]) == (18, 3, 6), name
        assert traced["prefix_tokens"] == logged["prefix_tokens"], name
        assert traced["divergence"] == logged["divergence"], name
        assert traced["errors"] == [], name
        assert traced["reported_cached_tokens"] == {"requests": 18, "mean": 512}, name


# A fixture app whose system prompt carries a request id: its requests, as each tool records
# them, must give what its JSONL log gives, and place the break where `check` finds it.

APP = ("from openai import OpenAI\n\nclient = OpenAI()\nSYSTEM = " + repr(SYSTEM) +
       "\nINTRO = " + repr(INTRO) + "\n\n\ndef ask(question, history, request_id):\n"
       "    system = INTRO + 'Request ' + request_id + '\\n' + SYSTEM\n"
       "    return client.chat.completions.create(model='gpt-4o', messages=["
       "{'role': 'system', 'content': system}, *history, "
       "{'role': 'user', 'content': question}])\n")


def _app_log():
    """The 18 requests of 6 sessions, each with its own request id in the system prompt."""
    lines = _session_log()
    for number, line in enumerate(lines):
        line["body"]["messages"][0]["content"] = f"{INTRO}Request r{number:04d}\n" + SYSTEM
    return lines


def _forms(lines):
    """The same requests as a JSONL log, an OTLP export, a Langfuse export (observations
    with who sent them) and LiteLLM spend logs, the last three out of order."""
    indexed = list(enumerate(lines))
    return {"jsonl": "\n".join(json.dumps(x) for x in lines) + "\n",
            "otlp": json.dumps(_export([_span(i, line, "current")
                                        for i, line in _shuffled(indexed)]), indent=2),
            "langfuse": "\n".join(json.dumps(_observation(i, line, who=True))
                                  for i, line in _shuffled(indexed)) + "\n",
            "litellm": json.dumps([_spend_log(i, line) for i, line in _shuffled(indexed)])}


@pytest.mark.parametrize("form", ["jsonl", "otlp", "langfuse", "litellm"])
def test_a_fixture_app_s_traces_in_each_form_agree_with_its_log_and_its_check(tmp_path, form):
    lines = _app_log()
    root = write_project(tmp_path / "p", {"app/agent.py": APP, "recorded": _forms(lines)[form]})
    found, _ = _run(root, "--requests", "recorded")
    # Computed apart: tiktoken over each request as prefixlint writes it; the sessions'
    # turns part at their request ids, so a session shares only the text before "r00".
    encoding = tiktoken.get_encoding("o200k_base")
    tokens = [encoding.encode(_text(x["body"])) for x in lines]
    per_session = [common_prefix(tokens[i:i + 3]) for i in range(0, 18, 3)]
    # 24 tokens in five sessions, 23 in the one whose ids r0009-r0011 part a digit sooner
    assert per_session == [24, 24, 24, 23, 24, 24]
    assert found["prefix_tokens"]["session"] == round(sum(per_session) / 6) == 24
    assert found["prefix_tokens"]["global"] == common_prefix(tokens)
    assert (found["requests"], found["users"], found["sessions"]) == (18, 3, 6)
    assert found["errors"] == []
    # 12 of the 18 said 768 tokens came from the provider's cache, 6 said none: 512 a request
    assert found["reported_cached_tokens"] == (
        None if form == "jsonl" else {"requests": 18, "mean": 512})
    # The break found in the traces is the value `check` reports, at the same source line.
    [match] = found["matches"]
    parted = match["sessions_part_at"]
    assert parted == {"path": "app/agent.py", "line": 9, "column": 35, "expr": "request_id",
                      "pairs": 12}
    checked = json.loads(run_cli("check", "--output-format", "json", "--exit-zero",
                                 cwd=root).stdout)
    # (PFX006: a request value before the history, which every turn then prefills again)
    assert [(f["code"], f["path"], f["line"], f["column"]) for f in checked["findings"]
            if f["expr"] == "request_id"] == [("PFX006", "app/agent.py", 9, 35)]


def test_a_file_s_form_is_told_by_the_first_key_that_opens_its_records():
    assert sources.detect('{"resourceSpans": [') == "otel"
    assert sources.detect('[\n  {\n    "request_id": "c1",\n    "call_type": "acompletion"') \
        == "litellm"
    # a payload's own `trace_id` is not Langfuse's `traceId`; a Langfuse observation logged
    # by LiteLLM's callback may carry `call_type` in its metadata, after its `traceId`
    assert sources.detect('{"id": "c1", "trace_id": "s1", "call_type": "completion"}') \
        == "litellm"
    assert sources.detect('{"id": "o1", "traceId": "t1", "metadata": {"call_type": "x"}}') \
        == "langfuse"
    # a request body quoting those keys inside a message is still a request body
    assert sources.detect(json.dumps({"messages": [{"role": "user", "content":
                                                    'why is "traceId": empty?'}]})) == "jsonl"
    # 2026-01-05T09:00:00Z is 1,767,603,600 s after the epoch; Langfuse writes ISO 8601,
    # the spend logs a space or an offset, a logging payload seconds as a float
    at = 1_767_603_600_250_000_000
    assert [sources.timestamp_ns(v) for v in ("2026-01-05T09:00:00.250Z",
                                              "2026-01-05 09:00:00.25",
                                              "2026-01-05T10:00:00.250000+01:00",
                                              1_767_603_600.25)] == [at] * 4
    assert [sources.timestamp_ns(v) for v in ("soon", None, float("nan"))] == [0, 0, 0]


def test_malformed_records_of_each_form_are_named_and_the_rest_is_read(tmp_path):
    lines = _session_log()[:3]  # one session of three turns
    observations = [json.dumps(_observation(i, line, who=True)) for i, line in enumerate(lines)]
    silent = {**_observation(3, lines[2], who=True), "input": None}
    truncated = _spend_log(4, lines[2])
    truncated["messages"] = [{"role": "system", "content": SYSTEM[:716] + "... (litellm_"
                              "truncated skipped 420 chars. ...) ..." + SYSTEM[-1331:]}]
    root = write_project(tmp_path / "p", {
        "langfuse.jsonl": "\n".join([*observations, json.dumps(silent), '{"id": "o9", "tr']),
        "langfuse-traces.json": json.dumps([_trace(i, line) for i, line in enumerate(lines)]),
        "spend.json": json.dumps([*(_spend_log(i, line) for i, line in enumerate(lines)),
                                  {**_spend_log(3, lines[2]), "messages": {}}, truncated]),
        "folder/a.jsonl": "\n".join(observations) + "\n",
        "folder/b.json": '{"data": [{"id": "o7", "traceId": "t7", "type": "GENERATION",',
        "folder/notes.txt": "not read: only .json, .jsonl and .ndjson files are"})
    found, proc = _run(root, "--requests", "langfuse.jsonl")
    assert (found["requests"], found["sessions"]) == (3, 1)
    # lines that are not JSON are named as they are read, records that are not requests after
    assert found["errors"][0].startswith("line 5: ") and len(found["errors"]) == 2
    assert found["errors"][1] == 'line 4: generation "obs-G3": its input holds no messages ' \
                                 "or prompt"
    assert "prefixlint: langfuse.jsonl: line 4: generation" in proc.stderr
    found, _ = _run(root, "--requests", "langfuse-traces.json")
    assert found["requests"] == 0
    assert found["errors"] == ["line 1: 3 traces and no observation of type GENERATION "
                               "(export the observations too: they hold what was sent)"]
    found, _ = _run(root, "--requests", "spend.json")
    assert found["requests"] == 3
    assert found["errors"] == [
        'line 1: request "chatcmpl-0003": no messages logged (the proxy keeps them with '
        "store_prompts_in_spend_logs)",
        "line 1: 1 requests cut short by the proxy to store them ('litellm_truncated'), not "
        "measured (raise MAX_STRING_LENGTH_PROMPT_IN_DB)"]
    found, proc = _run(root, "--requests", "folder")
    assert found["requests"] == 3 and found["errors"][0].startswith("b.json: line 1: ")
    assert len(found["errors"]) == 1 and "Traceback" not in proc.stderr
    shown = run_cli("simulate", "--requests", "folder", cwd=root)
    assert shown.returncode == 0, shown.stderr
    assert "Simulated 3 requests (recorded requests from folder)" in shown.stdout
    assert "prefixlint: folder: b.json: line 1: " in shown.stderr


def test_a_litellm_record_is_read_as_the_client_sent_it_with_who_sent_it():
    """The body the client sent wins over the messages the proxy passed on (it keeps the
    tools and Anthropic's system where they were); a session the client named wins over the
    trace id the proxy made up for a call without one."""
    tool = {"type": "function", "function": {"name": "refund", "parameters": {}}}
    sent = {"model": "claude", "system": "Be brief.", "tools": [tool], "user": "u7",
            "messages": [{"role": "user", "content": "Refund me"}],
            "litellm_session_id": "chat-42"}
    spend = {**_spend_log(0, _session_log()[0]), "proxy_server_request": sent,
             "end_user": None, "session_id": "5f0c-made-up"}
    payload = {**_logging_payload(1, _session_log()[0]), "metadata": {
        "user_api_key_user_id": "svc", "requester_metadata": {"session_id": "chat-43"}},
        "messages": [{"role": "user", "content": "Refund me"}], "trace_id": "9a1e-made-up",
        "model_parameters": {"system": "Be brief.", "tools": [tool], "max_tokens": 512}}
    documents = [sources.Document(1, "line 1", [spend, payload])]
    [(_, from_spend), (_, from_payload)] = litellm_logs.requests(documents, [])
    tools = ("tools", json.dumps([tool]))
    assert from_spend.messages == (tools, ("system", "Be brief."), ("user", "Refund me"))
    assert (from_spend.user, from_spend.session) == ("u7", "chat-42")
    assert from_payload.messages == from_spend.messages
    assert (from_payload.user, from_payload.session) == ("svc", "chat-43")
    assert from_payload.cached_tokens is None  # its usage was not logged
