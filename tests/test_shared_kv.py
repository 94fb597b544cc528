"""The shared-KV policy of `prefixlint simulate` (issue 25, item 1): a KV store every replica
reads and writes, a load costing one round trip plus the KV bytes over the link, taken only
when it is faster than prefilling again; KV bytes per token from presets or a model's
config.json, read offline."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from conftest import REPO, run_cli
from prefixlint.config import ConfigError
from prefixlint.fleet import kv_size
from prefixlint.fleet.shared_kv import Network, capacity_tokens

CHAT = REPO / "fixtures" / "chat_service"
LLAMA_8B = 131_072  # 32 layers × 8 KV heads × 128 head size × 2 (K, V) × 2 bytes (bf16)


def test_the_issues_worked_numbers():
    """An 8B GQA model: 131,072 bytes a token; 3,000 tokens ≈ 393 MB; recompute at 0.05
    ms/token = 150 ms; the transfer alone ≈ 125 ms at 25 Gb/s and ≈ 31 ms at 100 Gb/s."""
    kv = kv_size.load("llama-3.1-8b")
    assert (kv.layers, kv.values_per_layer, kv.dtype) == (32, 2 * 8 * 128, "bfloat16")
    assert kv.bytes_per_token == LLAMA_8B
    assert 3000 * kv.bytes_per_token == 393_216_000
    slow, fast = Network(LLAMA_8B, 25, 0.0), Network(LLAMA_8B, 100, 0.0)
    # 393,216,000 B × 8 = 3,145,728,000 bits; / 25e9 b/s = 0.12582912 s; / 100e9 = 0.0314573 s
    assert slow.transfer_ms(3000) == pytest.approx(125.82912)
    assert fast.transfer_ms(3000) == pytest.approx(31.457280)
    assert Network(LLAMA_8B, 25, 1.0).transfer_ms(3000) == pytest.approx(126.82912)
    assert kv_size.load("qwen2.5-32b").bytes_per_token == 262_144  # DESIGN.md: 256 KiB
    assert kv_size.load("deepseek-v3").bytes_per_token == 61 * 576 * 2  # MLA: one latent


def test_break_even_prefix_length():
    """Loading pays once latency + n × t < n × r, so from n = floor(latency / (r − t)) + 1."""
    # 100 Gb/s: t = 131,072 × 8 / 1e11 s = 0.01048576 ms; 1 / (0.05 − 0.01048576) = 25.31
    assert Network(LLAMA_8B, 100, 1.0).break_even_tokens(0.05) == 26
    # 25 Gb/s: t = 0.04194304 ms; 1 / 0.00805696 = 124.12
    assert Network(LLAMA_8B, 25, 1.0).break_even_tokens(0.05) == 125
    # 10 Gb/s: t = 0.1048576 ms > 0.05: never; at h200-8b's 0.030 ms, 25 Gb/s never either
    assert Network(LLAMA_8B, 10, 1.0).break_even_tokens(0.05) is None
    assert Network(LLAMA_8B, 25, 1.0).break_even_tokens(0.030) is None
    fast = Network(LLAMA_8B, 100, 1.0)
    assert not fast.loads(25, 0.05) and fast.loads(26, 0.05)


def test_kv_bytes_from_a_config_json_offline(tmp_path, monkeypatch):
    folder = tmp_path / "qwen"
    folder.mkdir()
    # Qwen2.5-7B's shape: 28 layers, 4 KV heads, head size 3584 / 28 = 128, bf16
    (folder / "config.json").write_text(json.dumps({
        "num_hidden_layers": 28, "num_attention_heads": 28, "num_key_value_heads": 4,
        "hidden_size": 3584, "torch_dtype": "bfloat16"}))
    assert kv_size.load(str(folder)).bytes_per_token == 28 * 4 * 128 * 2 * 2 == 57_344
    assert kv_size.load(f"hf:{folder}").bytes_per_token == 57_344
    # hf:org/name from the local hub cache only: refs/main names the snapshot
    hub = tmp_path / "hub"
    repo = hub / "models--acme--tiny"
    (repo / "snapshots" / "abc123").mkdir(parents=True)
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text("abc123")
    (repo / "snapshots" / "abc123" / "config.json").write_text(json.dumps({
        "num_hidden_layers": 4, "num_attention_heads": 8, "head_dim": 64,
        "torch_dtype": "float32"}))  # no KV heads given: as many as the attention heads
    monkeypatch.setenv("HF_HUB_CACHE", str(hub))
    shape = kv_size.load("hf:acme/tiny")
    assert (shape.name, shape.bytes_per_token) == ("acme/tiny", 4 * 8 * 64 * 2 * 4)
    with pytest.raises(ConfigError, match="no config.json for it in the local Hugging Face"):
        kv_size.load("hf:acme/absent")
    (folder / "config.json").write_text("{not json")
    with pytest.raises(ConfigError, match="cannot be read as JSON"):
        kv_size.load(str(folder))


def test_store_capacity_in_tokens_or_bytes():
    assert capacity_tokens("2,000,000", LLAMA_8B) == 2_000_000
    assert capacity_tokens("200GB", LLAMA_8B) == 200 * 10**9 // LLAMA_8B == 1_525_878
    assert capacity_tokens("1 GiB", LLAMA_8B) == 8192
    with pytest.raises(ValueError, match="not a capacity"):
        capacity_tokens("lots", LLAMA_8B)


def _json(*args: str) -> list | dict:
    proc = run_cli("simulate", ".", "--output-format", "json", *args, cwd=CHAT)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


@pytest.mark.parametrize("bandwidth, loaded, ttft", [
    # 10 Gb/s: the 1,418 stored tokens take 1 + 1,418 × 0.1048576 = 149.69 ms to load
    # against 1,418 × 0.05 = 70.9 ms to prefill: prefilled, the whole 1,429 tokens =
    # 71.45 ms, nothing loaded.
    (10, 0, 71.45),
    # 100 Gb/s: 1 + 1,418 × 0.01048576 = 15.869 ms to load, then the 11-token question
    # prefilled, 0.55 ms: 16.42 ms; 1,418 × 131,072 = 185,860,096 bytes loaded.
    (100, 1418, 16.42),
])
def test_a_second_turn_on_another_replica_loads_or_prefills(bandwidth, loaded, ttft):
    """One session of two turns over two replicas behind round-robin: turn 1 (the 1,268-token
    system prompt and an 11-token question) is prefilled on replica 0 and written to the
    store with its answer (150 tokens); turn 2 (1,268 + 150 + 11 = 1,429 tokens) goes to
    replica 1, which holds nothing: the store holds its first 1,418 tokens."""
    document = _json("--users", "1", "--sessions-per-user", "1", "--turns", "2",
                     "--replicas", "2", "--policy", "shared-kv", "--store-bandwidth",
                     str(bandwidth))
    first, second = document["instances"]
    assert (first["prompt_tokens"], second["prompt_tokens"]) == (1279, 1429)
    assert first["ttft_ms_mean"] == 1279 * 0.05 == 63.95
    assert first["bytes_stored"] == (1279 + 150) * LLAMA_8B  # the request and its answer
    assert (second["store_tokens"], second["cached_tokens"]) == (loaded, loaded)
    assert second["store_declined_tokens"] == 1418 - loaded
    assert second["bytes_loaded"] == loaded * LLAMA_8B
    assert second["bytes_stored"] == (11 + 150) * LLAMA_8B  # the new question, its answer
    assert second["ttft_ms_mean"] == ttft
    assert document["overall"]["bytes_moved"] == (1279 + 150 + 161 + loaded) * LLAMA_8B
    figures = document["shared_kv"]
    assert figures["break_even_tokens"] == {10: None, 100: 26}[bandwidth]
    assert figures["kv_bytes_per_token"] == LLAMA_8B and figures["latency_ms"] == 1.0
    # what the store took in beyond the 1,268 common tokens: the session's 161 + 161
    assert figures["per_user_written_tokens"] == 322


def test_policy_all_includes_the_store_beside_the_other_policies():
    """On the default trace: at 10 Gb/s the store never pays and shared-kv is round-robin
    exactly; at 100 Gb/s it brings back what sticky routing keeps, at the cost of the bytes
    moved and the transfers in the first-token time."""
    slow = {d["policy"]: d for d in _json("--policy", "all", "--store-bandwidth", "10")}
    fast = {d["policy"]: d for d in _json("--policy", "all", "--store-bandwidth", "100")}
    assert list(slow)[-1] == "shared-kv"
    store, robin = slow["shared-kv"], slow["round-robin"]
    for key in ("hit_ratio", "ttft_ms_mean", "ttft_ms_p99", "cached_tokens"):
        assert store["overall"][key] == robin["overall"][key]
    assert store["overall"]["bytes_loaded"] == 0 < store["overall"]["store_declined_tokens"]
    store = fast["shared-kv"]
    overall = store["overall"]
    assert overall["hit_ratio"] >= fast["hash:session"]["overall"]["hit_ratio"]
    assert overall["hit_ratio"] > robin["overall"]["hit_ratio"] + 0.1
    assert overall["bytes_loaded"] == overall["store_tokens"] * LLAMA_8B > 0
    assert overall["bytes_moved"] == overall["bytes_loaded"] + overall["bytes_stored"]
    assert sum(i["bytes_moved"] for i in store["instances"]) == overall["bytes_moved"]
    assert robin["overall"]["ttft_ms_mean"] > overall["ttft_ms_mean"] > \
        fast["hash:session"]["overall"]["ttft_ms_mean"]
    assert "bytes_moved" not in robin["overall"] and "shared_kv" not in robin
    text = run_cli("simulate", ".", "--policy", "shared-kv", "--store-bandwidth", "10",
                   cwd=CHAT).stdout
    assert "the link is slower per token than the prefill: the store never pays" in text
    assert "the store copies user data out of the instance" in text


@pytest.mark.parametrize("args, message", [
    (["--store-capacity", "lots"], "'lots' is not a capacity"),
    (["--kv-model", "no-such-model"], "not a preset (deepseek-v3, llama-3.1-70b"),
    (["--store-bandwidth", "0"], "Invalid value for '--store-bandwidth'"),
])
def test_bad_store_options_are_usage_errors(args, message):
    proc = run_cli("simulate", ".", "--policy", "shared-kv", *args, cwd=CHAT)
    assert proc.returncode == 2 and message in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr


def _cells(html: str, table_id: str) -> dict[str, list[str]]:
    """A table's rows by their first cell, or by `data-key` where the row names one: the
    text of the other cells, tags dropped and entities decoded."""
    table = re.search(rf'<table[^>]* id="{table_id}">(.*?)</table>', html, re.S).group(1)
    rows = {}
    for attributes, body in re.findall(r"<tr([^>]*)>(.*?)</tr>", table, re.S):
        cells = [unescape(re.sub(r"<[^>]+>", "", c)) for c in
                 re.findall(r"<td[^>]*>(.*?)</td>", body, re.S)]
        key = re.search(r'data-\w+="([^"]*)"', attributes)
        if cells:
            rows[unescape(key.group(1)) if key else cells[0]] = cells[1:]
    return rows


def _html(tmp_path, *args: str) -> str:
    page = tmp_path / "sim.html"
    proc = run_cli("simulate", ".", "--output-format", "html", "-o", str(page), *args,
                   cwd=CHAT)
    assert proc.returncode == 0, proc.stderr
    return page.read_text(encoding="utf-8")


@pytest.mark.parametrize("bandwidth, transfer, even, loaded", [
    # 10 Gb/s: 131,072 B × 8 / 1e10 b/s = 0.1048576 ms a token (0.104858 in the JSON), more
    # than the 0.05 ms of prefill: never; nothing loaded
    (10, "0.104858 ms", "never", 0),
    # 100 Gb/s: 0.01048576 ms a token; from 1 / (0.05 - 0.01048576) = 25.3, so 26 tokens;
    # turn 2 loads its 1,418 stored tokens
    (100, "0.010486 ms", "26 tokens", 1418),
])
def test_html_shows_the_stores_figures_as_the_json_has_them(tmp_path, bandwidth, transfer,
                                                            even, loaded):
    """The one-session, two-turn trace of the test above, as an HTML page: the link, the
    break-even length, each instance's bytes and the isolation line, equal to the JSON."""
    args = ("--users", "1", "--sessions-per-user", "1", "--turns", "2", "--replicas", "2",
            "--policy", "shared-kv", "--store-bandwidth", str(bandwidth))
    document, html = _json(*args), _html(tmp_path, *args)
    link = _cells(html, "store-link")
    figures = document["shared_kv"]
    assert link["transfer_ms_per_token"] == [transfer]
    assert link["transfer_ms_per_token"] == [f"{figures['transfer_ms_per_token']} ms"]
    assert link["break_even_tokens"] == [even]
    assert link["kv_bytes_per_token"] == ["131,072 B"] and link["model"] == ["llama-3.1-8b"]
    assert link["bandwidth_gbps"] == [f"{bandwidth} Gb/s"] and link["latency_ms"] == ["1 ms"]
    assert link["prefill_ms_per_token"] == ["0.05 ms"]
    # 200 GB // 131,072 = 1,525,878 tokens = 199,999,881,216 bytes
    assert link["capacity_tokens"] == ["1,525,878 tokens"]
    assert link["capacity_bytes"] == ["199,999,881,216 B (200.0 GB)"]
    assert link["loaded_tokens"] == [f"{loaded:,} tokens"] == \
        [f"{figures['loaded_tokens']:,} tokens"]
    # written: turn 1 and its answer (1,279 + 150), turn 2's question and answer (11 + 150)
    assert link["written_tokens"] == ["1,590 tokens"] == [f"{figures['written_tokens']:,} "
                                                         "tokens"]
    # beyond the 1,268 common tokens: 161 + 161 = 322, × 131,072 = 42,205,184 bytes
    assert link["per_user_written_tokens"] == ["322 tokens = 42,205,184 B (42.2 MB)"]
    assert "Isolation: 322 of the 1,590 tokens written to the store (42,205,184 B" in \
        unescape(re.sub(r"<[^>]+>", "", html))
    moved = _cells(html, "store-bytes")

    def shown(figures: dict) -> list[str]:
        return [f"{figures['requests']:,}", f"{figures['store_tokens']:,}",
                f"{figures['store_declined_tokens']:,}"] + [
            f"{figures[key]:,} B" for key in ("bytes_loaded", "bytes_stored", "bytes_moved")]

    for instance in document["instances"]:
        row = moved[str(instance["id"])]
        assert [c.split(" (")[0] for c in row] == shown(instance)
    assert [c.split(" (")[0] for c in moved["all"]] == shown(document["overall"])
    # 1,418 × 131,072 = 185,860,096 bytes loaded at 100 Gb/s
    assert moved["1"][3].startswith("185,860,096 B (185.9 MB)" if loaded else "0 B")


def test_html_escapes_a_models_name(tmp_path):
    """A model folder whose name holds markup: shown as text in the store's figures and the
    remedies, never as markup."""
    folder = tmp_path / "<b>kv & co"
    folder.mkdir()
    (folder / "config.json").write_text(json.dumps({
        "num_hidden_layers": 2, "num_attention_heads": 4, "head_dim": 8,
        "torch_dtype": "float16"}))  # 2 layers × 2 × 4 × 8 × 2 bytes = 256 bytes a token
    html = _html(tmp_path, "--policy", "shared-kv", "--kv-model", str(folder))
    assert "<b>" not in html and "& co" not in html
    shown = "&lt;b&gt;kv &amp; co"
    assert f'<tr data-key="model"><td>KV model</td><td>{shown}</td></tr>' in html
    assert f"{shown}, 256 bytes a token" in html  # the remedies' shared-prefix advice
    assert _cells(html, "store-link")["kv_bytes_per_token"] == ["256 B"]
