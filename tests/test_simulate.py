"""`prefixlint simulate` (issue 13, item 1): replicas with their own prefix caches behind a
routing policy, on traffic modelled from the prompts found or replayed from recorded
requests."""

from __future__ import annotations

import json
import re
import subprocess
from html import unescape

import pytest

from conftest import REPO, run_cli
from prefixlint.fleet import simulate
from prefixlint.fleet.recorded import Request
from prefixlint.fleet.routing import Ring, Router, moved_fraction

CHAT = REPO / "fixtures" / "chat_service"


def _simulate(*args: str, cwd=CHAT):
    proc = run_cli("simulate", ".", "--turns", "16", "--output-format", "json", *args, cwd=cwd)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_scaling_out_round_robin_loses_the_conversation_and_session_hashing_keeps_it():
    one = _simulate("--replicas", "1")
    spread = _simulate("--replicas", "4")
    sticky = _simulate("--replicas", "4", "--policy", "hash:session")
    assert one["overall"]["hit_ratio"] > 0.9
    # round-robin: about the global share plus a quarter of the conversation
    assert spread["overall"]["hit_ratio"] < one["overall"]["hit_ratio"] - 0.1
    assert abs(sticky["overall"]["hit_ratio"] - one["overall"]["hit_ratio"]) < 0.01
    assert spread["overall"]["ttft_ms_mean"] > 2 * sticky["overall"]["ttft_ms_mean"]
    assert [i["id"] for i in spread["instances"]] == [0, 1, 2, 3]
    for instance in spread["instances"] + sticky["instances"]:
        assert set(instance) == {"id", "requests", "prompt_tokens", "cached_tokens",
                                 "hit_ratio", "load_share", "ttft_ms_mean"}
        assert instance["hit_ratio"] == round(instance["cached_tokens"] /
                                              instance["prompt_tokens"], 4)
        assert instance["load_share"] == round(instance["requests"] / 1600, 4)
    assert sum(i["requests"] for i in spread["instances"]) == spread["overall"]["requests"] \
        == 50 * 2 * 16
    assert set(spread) == {"version", "policy", "replicas", "instances", "overall", "events",
                           "timeline", "timeline_by_instance", "against_one_replica",
                           "warnings", "remedies"}
    assert spread["warnings"] == []  # round-robin spreads the load
    assert "against_one_replica" not in one  # one replica: nothing to compare with
    assert set(spread["overall"]) >= {"hit_ratio", "ttft_ms_mean", "ttft_ms_p99",
                                      "load_max_over_mean"}


def test_every_policy_on_one_trace_and_the_same_bytes_for_the_same_seed():
    documents = _simulate("--policy", "all")
    assert [d["policy"] for d in documents] == ["round-robin", "random", "least-loaded",
                                                "hash:session", "hash:user", "hash:prefix",
                                                "shared-kv"]
    assert len({d["overall"]["prompt_tokens"] for d in documents}) == 1  # the same trace
    # one prompt: hashing its prefix sends everything to one replica, at the cost of load
    assert documents[5]["overall"]["load_max_over_mean"] == 4.0
    again = run_cli("simulate", ".", "--turns", "16", "--output-format", "json", "--policy",
                    "all", cwd=CHAT, env={"PYTHONHASHSEED": "7"})
    assert json.loads(again.stdout) == documents
    other_seed = _simulate("--seed", "1", "--policy", "random")
    assert other_seed["overall"] != documents[1]["overall"]


def test_adding_a_replica_moves_a_fifth_of_the_sessions_with_consistent_hashing():
    document = _simulate("--policy", "hash:session", "--add-replica-at", "150",
                         "--fail-replica-at", "300")
    added, failed = document["events"]
    assert (added["kind"], added["replica"], failed["kind"], failed["replica"]) == \
        ("add", 4, "fail", 4)
    assert 0.1 < added["keys_moved"] < 0.35 < 0.6 < added["keys_moved_modulo"]
    assert added["hit_ratio_before"] > added["hit_ratio_after"] > 0.5
    assert [i["id"] for i in document["instances"]] == [0, 1, 2, 3, 4]


def test_the_ring_moves_only_the_keys_of_the_replica_that_joins():
    keys = [f"session-{i}" for i in range(2000)]
    before = Ring()
    for replica in range(4):
        before.add(replica)
    after = Ring(list(before.replicas), list(before.points))
    after.add(4)
    assert all(after.owner(k) in (before.owner(k), 4) for k in keys)
    assert 0.15 < moved_fraction(keys, before, after) < 0.25
    bounded = Router("hash:session", 2, load_factor=1.25)
    hot = next(k for k in keys if bounded.ring.owner(k) == 0)
    assert bounded.pick(hot, {0: 5, 1: 0}) == 1  # past 1.25 × the mean: passed on


def _recorded(session: str, user: str, turns: list[str]) -> list[Request]:
    system = ("system", "You are the support assistant of Northwind. " * 20)
    out, history = [], []
    for turn in turns:
        history.append(("user", turn))
        out.append(Request(len(out) + 1, user, session, (system, *history)))
        history.append(("assistant", "Done."))
    return out


def test_a_last_prompt_cache_reuses_exactly_the_previous_prompt_on_its_replica():
    """Two interleaved sessions on one llama.cpp-like slot: each request finds only what the
    request before it left, whichever session that was."""
    a = _recorded("a", "u1", ["Reset my password.", "And two-factor?"])
    b = _recorded("b", "u2", ["Refund my invoice.", "Thanks."])
    requests = [a[0], b[0], a[1], b[1]]
    from prefixlint.tokenizers import load

    encode = load("o200k_base").encode
    traffic = simulate.recorded(requests, encode, rps=1.0, block=1)
    result = simulate.run(traffic, simulate.Settings(replicas=1, cache_model="last-prompt"))
    tokens = [encode(r.text) for r in requests]

    def shared(x, y):
        return next((i for i, (p, q) in enumerate(zip(x, y)) if p != q), min(len(x), len(y)))

    expected = [0] + [shared(tokens[i - 1], tokens[i]) for i in range(1, 4)]
    [instance] = result.instances
    assert instance.cached_tokens == sum(expected)
    assert instance.prompt_tokens == sum(map(len, tokens))
    lru = simulate.run(traffic, simulate.Settings(replicas=1))
    assert lru.instances[0].cached_tokens > instance.cached_tokens  # a's history survives b


def test_recorded_requests_are_replayed_from_the_command_line(tmp_path):
    lines = [json.dumps({"session": r.session, "user": r.user, "body": {"messages": [
        {"role": role, "content": text} for role, text in r.messages]}})
        for pair in zip(_recorded("a", "u1", ["One?", "Two?", "Three?"]),
                        _recorded("b", "u2", ["Uno?", "Dos?", "Tres?"]))
        for r in pair]
    (tmp_path / "log.jsonl").write_text("\n".join(lines) + "\nnot json\n")
    proc = run_cli("simulate", "--requests", "log.jsonl", "--replicas", "2", "--policy",
                   "hash:session", "--output-format", "json", "--provider", "vllm",
                   cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "log.jsonl: line 7" in proc.stderr
    document = json.loads(proc.stdout)
    assert document["overall"]["requests"] == 6
    assert all(i["cached_tokens"] % 16 == 0 for i in document["instances"])  # full blocks


@pytest.mark.parametrize("args, message", [
    (["--policy", "sticky"], "is not one of"),
    (["--replicas", "0"], "0 is not in the range"),
    (["--requests", "missing.jsonl"], "no such file"),
    (["--prefill-ms-per-token", "fast"], "must be a number"),
    # bounded traffic: never minutes of work or gigabytes for one typo
    (["--rps", "nan"], "Invalid value for --rps: must be a finite number"),
    (["--duration", "nan"], "Invalid value for --duration: must be a finite number"),
    (["--users", "1000000"], "1,000,000 users × 2 sessions × 8 turns is 16,000,000 requests; "
                             "a simulation takes at most 1,000,000"),
    (["--add-replica-at", "1"] * 101, "at most 100 replicas added or lost"),
])
def test_bad_options_are_usage_errors(args, message):
    proc = run_cli("simulate", ".", *args, cwd=CHAT)
    assert proc.returncode == 2 and message in proc.stderr, proc.stderr


def test_text_and_html_outputs(tmp_path):
    proc = run_cli("simulate", ".", "--policy", "all", "--add-replica-at", "100", cwd=CHAT)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("Simulated 800 requests (50 users × 2 sessions × 8 turns")
    assert any(line.startswith("hash:session         4 ") for line in lines)
    assert any("replica 4 added; " in line and "with modulo hashing" in line for line in lines)
    page = tmp_path / "sim.html"
    proc = run_cli("simulate", ".", "--policy", "all", "--add-replica-at", "100",
                   "--output-format", "html", "-o", str(page), cwd=CHAT)
    assert proc.returncode == 0, proc.stderr
    html = page.read_text()
    assert "http" not in html.split("<body>")[1].replace("prefixlint", "")  # nothing fetched
    assert html.count('class="bar"') == 7 * 5 and html.count('class="line"') == 7
    # each policy's instances over time (the added replica from 100 s), the event marked
    documents = json.loads(run_cli("simulate", ".", "--policy", "all", "--add-replica-at",
                                   "100", "--output-format", "json", cwd=CHAT).stdout)
    assert html.count('class="instance-line"') == sum(
        1 for d in documents for i in d["instances"] if i["requests"]) >= 7 * 4
    assert html.count('class="instance-event"') == 7
    sticky = html[html.index('id="instances-over-time-4"'):]
    assert "replica 4 added" in sticky[:sticky.index("</svg>")]
    proc = run_cli("simulate", ".", "--prewarm", "--output-format", "html", "-o", str(page),
                   cwd=CHAT)
    assert "prewarmed: every replica holds the common prefixes" in page.read_text()
    document = _simulate("--add-replica-at", "100")
    by_instance = {i["id"]: i["hit_ratio"] for i in document["timeline_by_instance"]}
    assert sorted(by_instance) == [0, 1, 2, 3, 4]
    assert by_instance[4][0] is None and len(by_instance[4]) == len(document["timeline"])


def test_one_replica_taking_most_of_the_load_is_a_warning(tmp_path):
    """One user, sticky by user, four replicas: one replica serves everything; the text,
    JSON and HTML outputs say so."""
    args = ("--users", "1", "--policy", "hash:user", "--replicas", "4")
    document = _simulate(*args)
    [warning] = document["warnings"]
    busiest = max(document["instances"], key=lambda i: i["requests"])
    assert warning.startswith(f"replica {busiest['id']} serves 100% of the requests under "
                              "hash:user (load max/mean 4.00)")
    text = run_cli("simulate", ".", *args, cwd=CHAT).stdout
    assert f"warning: replica {busiest['id']} serves 100% of the requests" in text
    page = tmp_path / "sim.html"
    run_cli("simulate", ".", *args, "--output-format", "html", "-o", str(page), cwd=CHAT)
    assert f"Warning: replica {busiest['id']} serves 100% of the requests" in page.read_text()


def test_html_charts_render_in_chromium(tmp_path):
    import shutil

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("needs Debian's chromium (.ci/run installs it)")
    page = tmp_path / "sim.html"
    run_cli("simulate", ".", "--policy", "all", "--fail-replica-at", "200", "--output-format",
            "html", "-o", str(page), cwd=CHAT)
    dom = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                          "--dump-dom", page.as_uri()], capture_output=True, text=True,
                         timeout=120).stdout
    assert dom.count('<rect class="bar"') == 7 * 4 and dom.count("<polyline") > 7 + 7 * 3
    # every chart has its axes: the hit ratio from 0 to 100%, time in seconds, a colour key
    charts = re.findall(r'<svg class="chart.*?</svg>', dom, re.S)
    assert len(charts) == 2 + 7
    for chart in charts:
        assert re.findall(r'class="tick"[^>]*>(\d+%)<', chart) == ["0%", "50%", "100%"]
        assert '>hit ratio</text>' in chart and 'class="key"' in chart
    for chart in charts[1:]:
        assert ">time since the start of the trace</text>" in chart and ">0 s</text>" in chart
    assert ">replica 3</text>" in charts[0] and ">hash:session</text>" in charts[1]
    assert dom.count('class="instance-event"') == 7
    assert "replica 3 failed (its cache is lost)" in dom
    assert 'id="policies"' in dom and "hash:session" in dom


def test_store_hot_session_and_remedies_render_in_chromium(tmp_path):
    """The sections beside the charts, as a browser shows them: the shared store at 100 Gb/s
    (its break-even length, bytes moved, isolation line), the hot session's three variants
    and the remedies, with the JSON's figures."""
    import shutil
    from html.parser import HTMLParser

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("needs Debian's chromium (.ci/run installs it)")
    args = ("--policy", "all", "--hot-session", "0.3", "--store-bandwidth", "100")
    documents = {d["policy"]: d for d in _simulate(*args)}
    page = tmp_path / "sim.html"
    run_cli("simulate", ".", "--turns", "16", *args, "--output-format", "html", "-o",
            str(page), cwd=CHAT)
    dom = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                          f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom",
                          page.as_uri()], capture_output=True, text=True, timeout=120).stdout

    class Text(HTMLParser):
        def __init__(self):
            super().__init__()
            self.parts: list[str] = []

        def handle_data(self, data):
            self.parts.append(data)

    parser = Text()
    parser.feed(dom)
    text = " ".join(" ".join(parser.parts).split())
    store = documents["shared-kv"]
    overall, figures = store["overall"], store["shared_kv"]
    assert "Shared KV store (round-robin in front of the store)" in text
    assert "break-even prefix length 26 tokens" in text
    assert f"loaded {figures['loaded_tokens']:,} tokens" in text
    assert (f"all {overall['requests']:,} {overall['store_tokens']:,} "
            f"{overall['store_declined_tokens']:,} {overall['bytes_loaded']:,} B") in text
    assert f"{overall['bytes_moved']:,} B" in text
    assert (f"Isolation: {figures['per_user_written_tokens']:,} of the "
            f"{figures['written_tokens']:,} tokens written to the store") in text
    hot = store["hot_session"]
    assert f"user-hot-session sends {hot['share'] * 100:.2f}% of the requests" in text
    for variant in hot["variants"]:
        assert (f"{variant['name']} {variant['hot_replica_share'] * 100:.2f}% "
                f"{variant['hot_replica_requests']:,} {variant['requests']:,}") in text
    assert "Remedies (estimates, by the three criteria)" in text
    for advice in store["remedies"]["advice"]:
        assert f"{advice['criterion']}: {advice['remedy']} {advice['text']}" in text
    assert "KV bytes on every replica 166,199,296 B (158.5 MiB)" in text  # 1,268 × 131,072
    assert dom.count('<rect class="bar"') == 7 * 4  # the charts are still all there


def test_a_hot_session_takes_one_replica_and_bounded_load_or_a_rate_limit_takes_it_back(
        tmp_path):
    """Issue 25's skewed load: on fixtures/chat_clock, 50 users × 2 sessions × 16 turns
    (1,600 requests) and one automated session sending 30% of all requests: 1,600 × 0.3 /
    0.7 = 685.7, so 686 more, arriving at random within the 1,600 / 150 = 10.7 s the rest
    starts in. Session hashing sends it to replica 1, which serves 352 ordinary requests
    besides: 1,038 of 2,286 = 45.4% of the load (a fair share is 25%); bounded load at 1.25
    passes 305 of them on (733 / 2,286 = 32.1%) and pays 5.7 points of hit ratio, each moved
    turn finding its conversation elsewhere; a rate limit of 1 request a second (bursts of
    3) rejects 673 of the hot session's 686 (3 + about 10 s × 1/s get through), and replica
    1 serves 365 of the 1,613 left (22.6%) with the hit ratio kept."""
    document = _simulate("--replicas", "4", "--rps", "150", "--policy", "hash:session",
                         "--hot-session", "0.3", cwd=REPO / "fixtures" / "chat_clock")
    loads = {i["id"]: (i["requests"], i["load_share"]) for i in document["instances"]}
    assert loads[1] == (1038, round(1038 / 2286, 4)) == (1038, 0.4541)
    assert max(share for _, share in loads.values()) == loads[1][1]
    hot = document["hot_session"]
    assert (hot["session"], hot["requests"], hot["replica"]) == ("user-hot-session", 686, 1)
    sticky, bounded, limited = hot["variants"]
    assert sticky["name"] == "hash:session" and sticky["hot_replica_share"] == 0.4541
    assert sticky["hit_ratio"] == document["overall"]["hit_ratio"] == 0.877
    assert sticky["load_max_over_mean"] == 1.816  # 1,038 / (2,286 / 4)
    assert (bounded["name"], bounded["load_factor"]) == ("+ bounded load 1.25", 1.25)
    assert (bounded["hot_replica_requests"], bounded["hot_replica_share"]) == (733, 0.3206)
    assert bounded["load_max_over_mean"] <= 1.25 * 1.03  # the bound, at whole requests
    assert bounded["hit_ratio"] == 0.8201 < sticky["hit_ratio"]
    assert bounded["ttft_ms_p99"] < sticky["ttft_ms_p99"] / 10
    assert (limited["session_rate_limit"], limited["rejected"]) == (1.0, 673)
    assert limited["requests"] == 2286 - 673 == 1613
    assert (limited["hot_replica_requests"], limited["hot_replica_share"]) == (365, 0.2263)
    assert limited["hit_ratio"] == 0.8726 > bounded["hit_ratio"]
    text = run_cli("simulate", ".", "--turns", "16", "--replicas", "4", "--rps", "150",
                   "--policy", "hash:session", "--hot-session", "0.3",
                   cwd=REPO / "fixtures" / "chat_clock").stdout
    assert "Hot session: user-hot-session sends 30.0% of the requests (686); hash:session " \
           "sends it to replica 1." in text
    assert re.search(r"\+ bounded load 1\.25 +32\.1% +1\.28 +82\.0%", text)
    page = tmp_path / "sim.html"
    run_cli("simulate", ".", "--turns", "16", "--replicas", "4", "--rps", "150", "--policy",
            "hash:session", "--hot-session", "0.3", "--output-format", "html", "-o", str(page),
            cwd=REPO / "fixtures" / "chat_clock")
    section = re.search(r'<section id="hot-session">(.*?)</section>', page.read_text(),
                        re.S).group(1)
    assert "user-hot-session sends 30.01% of the requests (686); hash:session sends it to " \
           "replica 1." in section  # 686 / 2,286 = 0.3001
    rows = re.findall(r'<tr data-variant="([^"]+)">(.*?)</tr>', section)
    assert [unescape(name) for name, _ in rows] == [v["name"] for v in hot["variants"]]
    for (_, row), v in zip(rows, hot["variants"]):
        assert re.findall(r"<td>(.*?)</td>", row)[1:] == [
            f"{v['hot_replica_share'] * 100:.2f}%", f"{v['hot_replica_requests']:,}",
            f"{v['requests']:,}", f"{v['load_max_over_mean']:g}", f"{v['hit_ratio'] * 100:.2f}%",
            f"{v['ttft_ms_mean']:,} ms", f"{v['ttft_ms_p99']:,} ms", f"{v['rejected']:,}"]
    assert "<td>45.41%</td><td>1,038</td><td>2,286</td><td>1.816</td><td>87.70%</td>" in \
        section and "<td>22.63%</td><td>365</td><td>1,613</td>" in section
    assert "set it with --session-rate-limit" in section
    # no hot session: no comparison
    assert "hot_session" not in _simulate("--policy", "hash:session")
