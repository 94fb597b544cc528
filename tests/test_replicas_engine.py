"""The simulation checked against real engines (issue 13, item 2), and `prefixlint metrics`
read from them (item 3): three llama.cpp servers on loopback (one slot each, no host-memory
prompt cache), a small balancer written here (round-robin, and consistent hashing on the
session with prefixlint's ring), and a replayed trace of interleaved multi-turn sessions.
Each server's own count of cached tokens is compared with the simulation of the same trace."""

from __future__ import annotations

import json

import engine
import httpx
import pytest

from conftest import REPO, run_cli
from prefixlint.fleet import simulate
from prefixlint.fleet.recorded import Request
from prefixlint.fleet.routing import Router
from prefixlint.tokenizers import load
from prefixlint.fleet.warm import cached_of, prompt_tokens_of

SYSTEM = ("You are the support assistant of Northwind Cloud. Answer from the support policy, "
          "cite the section you used, and say plainly when the policy does not cover it. ") * 6
QUESTIONS = ("How do I reset my password?", "Why was I charged twice this month?",
             "Can I export all of my data?", "Is the status page showing an outage?",
             "How do I add a seat to my team plan?")
FOLLOW_UPS = ("Thanks, and after that?", "What if that does not work?",
              "Can you say that more briefly?")


def trace() -> list[Request]:
    """Five sessions of four turns, interleaved turn by turn (five is not a multiple of
    three, so round-robin sends a session's turns to different replicas)."""
    histories = {s: [("system", SYSTEM)] for s in range(len(QUESTIONS))}
    out = []
    for turn in range(4):
        for session, question in enumerate(QUESTIONS):
            asked = question if turn == 0 else FOLLOW_UPS[turn - 1] + f" (session {session})"
            histories[session].append(("user", asked))
            out.append(Request(len(out) + 1, f"user-{session}", f"session-{session}",
                               tuple(histories[session])))
            histories[session].append(("assistant", "Here is what the policy says."))
    return out


def replay(urls: list[str], policy: str) -> list[tuple[int, int]]:
    """Send the trace through the balancer; (cached, prompt) tokens per instance, as each
    server reported them. Each server first gets an unrelated prompt, so every policy
    starts from caches that hold nothing of the trace."""
    for url in urls:
        httpx.post(url + "/v1/chat/completions", json={"messages": [
            {"role": "user", "content": "unrelated"}], "max_tokens": 1}, timeout=60)
    router = Router(policy, len(urls))
    totals = [[0, 0] for _ in urls]
    for request in trace():
        replica = router.pick(request.session, {})
        body = {"messages": [{"role": r, "content": t} for r, t in request.messages],
                "max_tokens": 1}
        answer = httpx.post(urls[replica] + "/v1/chat/completions", json=body,
                            timeout=60).json()
        totals[replica][0] += cached_of(answer)
        totals[replica][1] += prompt_tokens_of(answer)
    return [(c, p) for c, p in totals]


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    with engine.running(3, tmp_path_factory.mktemp("replicas")) as urls:
        yield urls


@pytest.mark.parametrize("policy", ["round-robin", "hash:session"])
def test_simulated_per_instance_hit_ratios_match_the_engines(servers, policy):
    measured = [c / p for c, p in replay(servers, policy)]
    traffic = simulate.recorded(trace(), load("o200k_base").encode, rps=1.0, block=1)
    result = simulate.run(traffic, simulate.Settings(replicas=3, policy=policy,
                                                     cache_model="last-prompt"))
    simulated = [i.hit_ratio for i in result.instances]
    assert all(abs(s - m) <= 0.05 for s, m in zip(simulated, measured)), (simulated, measured)
    assert len(simulated) == 3 and min(measured) > 0.1


def test_metrics_reads_each_instance_and_flags_the_one_that_is_not_warming(servers):
    """A window of live traffic: two instances see the same long prompt again and again,
    the third only prompts that share nothing; `metrics` samples before and after."""
    import os
    import subprocess
    import sys
    import time


    cold = servers[2]
    dead = f"http://127.0.0.1:{engine.free_port()}"
    watcher = subprocess.Popen(
        [sys.executable, "-m", "prefixlint", "metrics", *servers, dead, "--interval", "8",
         "--output-format", "json"], stdout=subprocess.PIPE, text=True,
        env=dict(os.environ, PYTHONPATH=str(REPO)))
    time.sleep(1.5)  # the first scrape
    for question in QUESTIONS:
        for url in servers[:2]:
            httpx.post(url + "/v1/chat/completions", json={"messages": [
                {"role": "system", "content": SYSTEM * 2},
                {"role": "user", "content": question}], "max_tokens": 1}, timeout=60)
        httpx.post(cold + "/v1/chat/completions", json={"messages": [
            {"role": "user", "content": question * 30}], "max_tokens": 1}, timeout=60)
    output, _ = watcher.communicate(timeout=60)
    assert watcher.returncode == 1  # a cold instance, and one that cannot be reached
    instances = json.loads(output)["instances"]
    assert [i["engine"] for i in instances] == ["llama.cpp"] * 3 + [None]
    assert [i["cold"] for i in instances] == [False, False, True, False], instances
    assert instances[0]["window_hit_ratio"] > 0.6 > 0.2 > instances[2]["window_hit_ratio"]
    assert instances[3]["error"].startswith("unreachable")
    for instance in instances[:3]:
        assert instance["hit_ratio"] == round(instance["cached_tokens"] /
                                              instance["prompt_tokens"], 4)
    proc = run_cli("metrics", *servers, "--interval", "0.1", cwd=REPO)
    assert proc.returncode == 0, proc.stdout  # no traffic in that window: nothing to judge
    assert "window" in proc.stdout.splitlines()[0]
