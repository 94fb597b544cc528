"""Recorded requests as ground truth (issue 12, item 5): a gateway's JSONL log measured as the
cache sees it, per scope, with the first place requests differ and the prompt in the code
each matches."""

from __future__ import annotations

import json

import tiktoken

from conftest import run_cli, write_project
from prefixlint.measure import common_prefix

SYSTEM = ("You are the support assistant of Northwind Cloud. Answer from the support policy "
          "only and cite the section you used. ") * 12


def _session_log():
    lines = []
    for user in range(3):
        for session in range(2):
            history = []
            for turn in range(3):
                question = f"Question {user}-{session}-{turn}: why was I charged twice?"
                body = {"model": "gpt-4o", "messages": [{"role": "system", "content": SYSTEM},
                                                        *history,
                                                        {"role": "user", "content": question}]}
                lines.append({"user": f"u{user}", "session": f"s{user}{session}", "body": body})
                history += [{"role": "user", "content": question},
                            {"role": "assistant", "content": f"Answer to {question}"}]
    return lines


def _text(body):
    system = [{"role": "system", "content": body["system"]}] if "system" in body else []
    return "".join(f"<|{m['role']}|>\n{m['content']}\n" for m in system + body["messages"])


def _run(root, *args):
    proc = run_cli("check", "--output-format", "json", "--exit-zero", *args, cwd=root)
    return json.loads(proc.stdout)["requests"], proc


def test_a_clean_log_is_measured_per_scope_exactly(tmp_path):
    lines = _session_log()
    root = write_project(tmp_path / "p", {"logs/requests.jsonl":
                                          "\n".join(json.dumps(x) for x in lines) + "\n"})
    found, _ = _run(root, "--requests", "logs/requests.jsonl")
    encoding = tiktoken.get_encoding("o200k_base")
    tokens = [encoding.encode(_text(x["body"])) for x in lines]
    sessions = [tokens[i:i + 3] for i in range(0, 18, 3)]
    users = [tokens[i:i + 6] for i in range(0, 18, 6)]
    turns = [common_prefix([s[i], s[i + 1]]) for s in sessions for i in range(2)]
    assert (found["requests"], found["users"], found["sessions"]) == (18, 3, 6)
    assert found["prefix_tokens"] == {
        "global": common_prefix(tokens),
        "user": round(sum(common_prefix(u) for u in users) / 3),
        "session": round(sum(common_prefix(s) for s in sessions) / 6),
        "turn": round(sum(turns) / len(turns))}
    assert found["prefix_tokens"]["turn"] > found["prefix_tokens"]["global"] + 20
    assert found["divergence"]["role"] == "user"


def test_a_timestamp_at_the_top_is_found_where_it_is(tmp_path):
    lines = [json.dumps({"system": f"Time: 2026-12-01T09:{i:02d}:00Z\n{SYSTEM}",
                         "messages": [{"role": "user", "content": "hi"}],
                         "metadata": {"user_id": f"u{i % 2}"}}) for i in range(5)]
    root = write_project(tmp_path / "p", {"requests.jsonl": "\n".join(lines)})
    found, _ = _run(root, "--requests", "requests.jsonl")
    assert found["divergence"] == {"message": 0, "role": "system", "char": 21,
                                   "context": "<|system|>\nTime: 2026-12-01T09:0"}
    assert found["prefix_tokens"]["global"] < 20 and found["users"] == 2


def test_malformed_lines_are_named_and_the_rest_is_measured(tmp_path):
    good = [json.dumps(x) for x in _session_log()[:3]]
    root = write_project(tmp_path / "p", {"requests.jsonl": "\n".join(
        [good[0], "{not json", good[1], json.dumps({"model": "x"}), "[1, 2]", good[2]])})
    found, proc = _run(root, "--requests", "requests.jsonl")
    assert found["requests"] == 3
    assert [e.split(":")[0] for e in found["errors"]] == ["line 2", "line 4", "line 5"]
    assert "line 4: no `messages` (or `input`) list" in proc.stderr
    missing = run_cli("check", "--requests", "nope.jsonl", cwd=root)
    assert missing.returncode == 2 and "no such file" in missing.stderr


def test_requests_are_matched_to_the_prompt_in_the_code(tmp_path):
    app = ("from openai import OpenAI\n\nclient = OpenAI()\nSYSTEM = " + repr(SYSTEM) +
           "\n\n\ndef ask(question, history):\n    return client.chat.completions.create("
           "model='gpt-4o', messages=[{'role': 'system', 'content': SYSTEM}, *history, "
           "{'role': 'user', 'content': question}])\n")
    lines = [json.dumps(x) for x in _session_log()]
    root = write_project(tmp_path / "p", {"app/agent.py": app,
                                          "requests.jsonl": "\n".join(lines)})
    found, _ = _run(root, "--requests", "requests.jsonl")
    [match] = found["matches"]
    assert match["prompt"] == "app/agent.py:8" and match["requests"] == 18
    assert match["measured"] == found["prefix_tokens"]["global"]
    assert abs(match["measured"] - match["predicted"]) <= 3
    text = run_cli("report", "--requests", "requests.jsonl", cwd=root).stdout
    assert "Recorded requests (requests.jsonl): 18 requests, 3 users, 6 sessions" in text
    assert "app/agent.py:8: predicted" in text


INTRO = "You are the support assistant of Northwind Cloud, for billing and account questions.\n"


def test_where_a_session_s_requests_part_is_named_in_the_source(tmp_path):
    """A request id written into the system prompt: consecutive requests of every session
    part right after the constant text before it, so the parting is placed at that value."""
    app = ("from openai import OpenAI\n\nclient = OpenAI()\nSYSTEM = " + repr(SYSTEM) +
           "\nINTRO = " + repr(INTRO) + "\n\n\ndef ask(question, history, request_id):\n"
           "    system = INTRO + 'Request ' + request_id + "
           "'\\n' + SYSTEM\n"
           "    return client.chat.completions.create(model='gpt-4o', messages=["
           "{'role': 'system', 'content': system}, *history, "
           "{'role': 'user', 'content': question}])\n")
    lines = _session_log()
    for number, line in enumerate(lines):
        system = line["body"]["messages"][0]
        system["content"] = f"{INTRO}Request r{number:04d}\n" + SYSTEM
    root = write_project(tmp_path / "p", {"app/agent.py": app, "requests.jsonl": "\n".join(
        json.dumps(x) for x in lines)})
    found, _ = _run(root, "--requests", "requests.jsonl")
    [match] = found["matches"]
    assert match["sessions_part_at"] == {"path": "app/agent.py", "line": 9, "column": 35,
                                         "expr": "request_id", "pairs": 12}
    text = run_cli("report", "--requests", "requests.jsonl", cwd=root).stdout
    assert "    consecutive requests of a session part at app/agent.py:9:35 ('request_id', " \
           "12 of them)" in text
