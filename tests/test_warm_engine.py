"""`prefixlint warm` against real llama.cpp servers started by the test (two replicas on
loopback, one slot each, host-RAM prompt cache off), from a manifest of fixtures/supportbot."""

from __future__ import annotations

import json

import engine
import httpx
import pytest

from conftest import REPO, run_cli
from prefixlint import api
from prefixlint.fleet.warm import cached_of, prompt_tokens_of


@pytest.fixture(scope="module")
def engines(tmp_path_factory):
    with engine.running(2, tmp_path_factory.mktemp("engine")) as urls:
        yield urls


@pytest.fixture(scope="module")
def manifest_file(tmp_path_factory):
    document, _ = api.prewarm([], api.load_config(REPO / "fixtures" / "supportbot"),
                              cwd=REPO / "fixtures" / "supportbot", min_tokens=16)
    assert len(document["entries"]) == 3
    path = tmp_path_factory.mktemp("manifest") / "prewarm.json"
    path.write_text(json.dumps(document))
    return path


def test_warm_verify_every_replica(engines, manifest_file, tmp_path):
    entry = json.loads(manifest_file.read_text())["entries"][0]
    probe = dict(entry["requests"]["openai_chat"])
    probe["messages"] = probe["messages"] + [{"role": "user", "content": "Before warming."}]
    for url in engines:
        before = httpx.post(url + "/v1/chat/completions", json=probe, timeout=60).json()
        assert cached_of(before) <= 0.05 * prompt_tokens_of(before)  # close to none before

    dead = f"http://127.0.0.1:{engine.free_port()}"
    proc = run_cli("warm", "--manifest", str(manifest_file), "--endpoint", engines[0],
                   "--endpoint", dead, "--endpoint", engines[1], "--verify", "--retries", "2",
                   "--output-format", "json", cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr  # one instance could not be reached
    report = json.loads(proc.stdout)
    assert [i["endpoint"] for i in report["instances"]] == [engines[0], dead, engines[1]]
    for instance in (report["instances"][0], report["instances"][2]):
        assert (instance["warmed"], instance["failed"]) == (3, 0)
        assert instance["prefix_tokens"] > 4000  # about one token per byte on this model
        assert instance["ratio"] >= 0.9, instance
        assert instance["warm_ms"] is not None and instance["cold_ms"] is not None
    unreachable = report["instances"][1]
    assert (unreachable["warmed"], unreachable["failed"]) == (0, 3)
    assert "ConnectError" in unreachable["errors"][0]

    proc = run_cli("warm", "--manifest", str(manifest_file), "--endpoint", engines[0],
                   "--endpoint", engines[1], "--verify", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "2 of 2 instances warmed and verified." in proc.stdout
