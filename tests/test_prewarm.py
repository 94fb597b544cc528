"""The prewarm manifest: exactly the shared prefixes, never a per-user or per-request value."""

from __future__ import annotations

import json

import tiktoken

from prefixlint import api
from prefixlint.render import (_DIALECTS, _EMAILS, _NAMES, _PARAGRAPHS, _PHRASES, _QUESTIONS,
                               _SCHEMAS, _TABLES, Sampler, plans)

from conftest import REPO, run_cli, write_project

SUITE = REPO / "tests" / "templates"


def manifest(root, **kw):
    """The manifest of small test prompts: every prefix of 16 tokens or more."""
    kw.setdefault("min_tokens", 16)
    document, result = api.prewarm([], api.load_config(root), cwd=root, **kw)
    return document, result


def test_entries_equal_the_global_prefixes_token_for_token():
    document, result = manifest(SUITE)
    encoding = tiktoken.get_encoding("o200k_base")
    by_id = {m.prompt.id: m for m in result.measurements}
    assert len(document["entries"]) >= 8
    for entry in document["entries"]:
        tokens = encoding.encode_ordinary(entry["text"])
        assert entry["prefix_tokens"] == len(tokens)
        for source in entry["sources"]:
            measured = by_id[source["prompt"]]
            if entry["stops_at"] and entry["stops_at"]["scope"] == "day":
                assert entry["prefix_tokens"] < measured.prefix_tokens["global"]
                assert "warm again after midnight" in entry["note"]
            else:
                assert entry["prefix_tokens"] == measured.prefix_tokens["global"], source
            plan = plans("global", result.scope_for(measured.prompt))[0]
            rendered = measured.prompt.renderer.render(Sampler(plan))
            assert encoding.encode_ordinary(rendered)[:len(tokens)] == tokens


def test_no_sample_value_of_any_scope_reaches_the_manifest():
    for root in (SUITE, REPO / "tests" / "python", REPO / "fixtures" / "supportbot",
                 REPO / "fixtures" / "rag", REPO / "fixtures" / "agent"):
        document, _ = manifest(root)
        text = json.dumps(document, ensure_ascii=False)
        for value in _NAMES + _EMAILS + _QUESTIONS + _PARAGRAPHS + _PHRASES + _TABLES + \
                _SCHEMAS + _DIALECTS:
            assert value not in text, (root, value)
        assert "2026-1" not in text and "-0001" not in text  # dates, times and ids


def test_requests_keep_roles_and_cut_at_the_break():
    document, _ = manifest(REPO / "tests" / "python")
    entry = next(e for e in document["entries"]
                 if e["sources"][0]["prompt"] == "p27_fewshot_unpack.py:14")
    roles = [m["role"] for m in entry["requests"]["openai_chat"]["messages"]]
    assert roles == ["system", "user", "assistant", "user", "assistant"]
    assert entry["requests"]["openai_chat"]["max_tokens"] == 1
    anthropic = entry["requests"]["anthropic"]
    assert anthropic["messages"][-1]["role"] == "user"
    marked = [block for m in anthropic["messages"] if isinstance(m["content"], list)
              for block in m["content"] if "cache_control" in block]
    assert len(marked) == 1
    assert entry["stops_at"]["expr"] == "ticket"


def test_dedupe_order_top_and_vars(tmp_path):
    policy = "Follow the support policy exactly, verify the account owner first. " * 10
    root = write_project(tmp_path / "p", {
        "prompts/a.j2": policy + "\nUser: {{ user.name }}\n",
        "prompts/b.j2": policy + "\nUser: {{ user.name }}\n",
        "prompts/c.j2": "Short shared start " * 8 + "{{ question }}",
        "prompts/d.j2": "Brand: {{ brand }}. " + policy,
    }, '[variables]\nbrand = "static"\n')
    document, _ = manifest(root)
    assert [[s["prompt"] for s in e["sources"]] for e in document["entries"]] == [
        ["prompts/a.j2", "prompts/b.j2"], ["prompts/c.j2"]]
    assert len(manifest(root, top=1)[0]["entries"]) == 1
    with_var = manifest(root, variables={"brand": "Contoso"})[0]
    texts = [e["text"] for e in with_var["entries"]]
    assert any(t.startswith("Brand: Contoso. Follow") for t in texts)


def test_secret_warning_and_redact_check(tmp_path):
    root = write_project(tmp_path / "p", {
        "prompts/a.j2": "Use key sk-live-abcdefghijklmnopqrstuvwxyz123456 for the search tool. "
                        + "Follow the support policy exactly. " * 10 + "{{ question }}"})
    out = tmp_path / "m.json"
    proc = run_cli("prewarm", "--min-tokens", "16", "-o", str(out), cwd=root)
    assert proc.returncode == 0
    assert "looks like it contains a secret: OpenAI-style API key" in proc.stderr
    assert json.loads(out.read_text())["entries"][0]["secrets"] == ["OpenAI-style API key"]
    assert run_cli("prewarm", "--min-tokens", "16", "--redact-check", "-o", str(out),
                   cwd=root).returncode == 1


def test_prefixes_no_provider_caches_are_left_out_and_counted(tmp_path):
    """By default an entry needs 256 tokens (or the provider's minimum): a 17-token prefix
    costs nothing to prefill, and warming it only adds requests."""
    root = REPO / "fixtures" / "supportbot"
    out = tmp_path / "m.json"
    proc = run_cli("prewarm", "-o", str(out), cwd=root)
    document = json.loads(out.read_text())
    assert [e["prefix_tokens"] for e in document["entries"]] == [1168, 1145]
    assert document["left_out"] == {"below_min_tokens": 2, "min_tokens": 256}
    assert "left out 2 prompts whose shared prefix is shorter than 256 tokens" in proc.stderr
    proc = run_cli("prewarm", "--min-tokens", "16", "-o", str(out), cwd=root)
    document = json.loads(out.read_text())
    assert [e["prefix_tokens"] for e in document["entries"]] == [1168, 1145, 17]
    assert document["left_out"] == {"below_min_tokens": 1, "min_tokens": 16}
    run_cli("prewarm", "--provider", "anthropic", "--model", "claude-haiku-4-5", "-o", str(out),
            cwd=root)
    document = json.loads(out.read_text())
    assert (document["entries"], document["left_out"]) == (
        [], {"below_min_tokens": 4, "min_tokens": 4096})
