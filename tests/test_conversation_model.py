"""The traffic model of `simulate` (issue 20, item 1): each turn of a conversation built from
the prompt's runs in the order they are sent, for every shape the issue lists, with the exact
chunks each yields; and the figures the fixture app gives on one and four replicas."""

from __future__ import annotations

import json

import pytest

from conftest import REPO, run_cli, write_project
from prefixlint.fleet import simulate
from prefixlint.structure import Run

PER_TURN = 150


def _turn(runs, turn, session="s1", user="u1", serial=None, window=None):
    return simulate.conversation_turn(runs, "app.py:9", user, session, turn,
                                      serial if serial is not None else turn, PER_TURN, window)


def _reused(runs, turn, window=None):
    """Tokens of turn `turn` a replica holds after serving turn `turn - 1` of the session."""
    cache = simulate.LruCache(10_000_000)
    chunks, answered, _ = _turn(runs, turn - 1, window=window)
    cache.store(chunks)
    cache.store(answered)
    return cache.hit(_turn(runs, turn, window=window)[0])


def _sizes(chunks):
    return [n for _, n in chunks]


def test_history_last_reuses_the_whole_conversation_and_the_answer():
    runs = (Run("shared", 400), Run("history", 90), Run("request", 12))
    chunks, answered, shared = _turn(runs, 3)
    assert _sizes(chunks) == [400, PER_TURN, PER_TURN, 12]
    assert _sizes(answered) == [400, PER_TURN, PER_TURN, PER_TURN]  # turn 3 joins history
    assert shared == 1
    assert _reused(runs, 4) == 400 + 3 * PER_TURN


def test_a_request_value_after_the_history_and_before_the_question_costs_one_turn():
    """A clock message after the conversation, then the question: the next turn reuses the
    history up to the turn before (the clock message is not part of the history)."""
    runs = (Run("shared", 400), Run("history", 90), Run("request", 9), Run("shared", 4),
            Run("request", 12))
    chunks, answered, _ = _turn(runs, 3)
    assert _sizes(chunks) == [400, PER_TURN, PER_TURN, 9, 4, 12]
    assert answered == ()
    assert _reused(runs, 4) == 400 + 2 * PER_TURN


def test_a_request_value_before_the_history_ends_the_reuse_there():
    """PFX006: retrieved documents in the system message, before the history."""
    runs = (Run("shared", 300), Run("request", 80), Run("shared", 100), Run("history", 90),
            Run("request", 12))
    chunks, _, shared = _turn(runs, 3)
    assert _sizes(chunks) == [300, 80, 100, PER_TURN, PER_TURN, 12]
    assert shared == 1  # a prewarm holds the first 300 only
    assert _reused(runs, 4) == 300


def test_a_user_value_in_the_system_prompt_is_shared_by_that_users_sessions_only():
    runs = (Run("shared", 200), Run("user", 10), Run("shared", 300), Run("history", 90),
            Run("request", 12))
    first, _, _ = _turn(runs, 1, session="a", user="u1", serial=1)
    same_user, _, _ = _turn(runs, 1, session="b", user="u1", serial=2)
    other_user, _, _ = _turn(runs, 1, session="c", user="u2", serial=3)
    cache = simulate.LruCache(1_000_000)
    cache.store(first)
    assert cache.hit(same_user) == 510
    assert cache.hit(other_user) == 200


def test_a_truncated_history_window_ends_the_reuse_where_the_history_starts():
    runs = (Run("shared", 400), Run("history", 90), Run("request", 12))
    chunks, _, _ = _turn(runs, 6, window=3)
    assert _sizes(chunks) == [400, PER_TURN, PER_TURN, PER_TURN, 12]
    assert _reused(runs, 6, window=3) == 400  # its first turn was dropped: nothing after
    assert _reused(runs, 4, window=3) == 400 + 3 * PER_TURN  # the window is not full yet


def test_a_prompt_without_a_history_run_gets_its_conversation_before_the_question():
    runs = (Run("shared", 400), Run("session", 5), Run("request", 12))
    chunks, answered, _ = _turn(runs, 2)
    assert _sizes(chunks) == [400, 5, PER_TURN, 12]
    assert _sizes(answered) == [400, 5, PER_TURN, PER_TURN]


def _simulate(cwd, *args):
    proc = run_cli("simulate", ".", "--output-format", "json", *args, cwd=cwd)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)["overall"]["hit_ratio"]


def test_the_clock_after_the_conversation_app_keeps_its_history_with_sticky_routing():
    """The issue's app: a 260-token system prompt, the conversation with the new question,
    then the time in a message of its own; 8 turns of 150 tokens."""
    app = REPO / "fixtures" / "chat_clock"
    one = _simulate(app, "--replicas", "1")
    spread = _simulate(app, "--replicas", "4")
    sticky = _simulate(app, "--replicas", "4", "--policy", "hash:session")
    assert one >= 0.75
    assert sticky >= spread + 0.15
    assert abs(sticky - one) < 0.01


LONG_SYSTEM = " ".join(f"Policy clause {i}: answer from the handbook only, cite the section, "
                       "and say plainly when it does not cover the question." for i in range(160))


def test_a_long_system_prompt_on_one_replica_matches_the_turn_arithmetic(tmp_path):
    """One session on one replica: turn t sends the system prompt, t turns of history (the
    last one the new question) and the time; it reuses everything the turn before sent but
    the time, and the answer. The simulated hit ratio is that sum over the sum of totals."""
    root = write_project(tmp_path / "p", {"app.py": f'''
from datetime import datetime

from openai import OpenAI

SYSTEM = """{LONG_SYSTEM}"""
client = OpenAI()


def turn(history):
    now = datetime.now().isoformat()
    return client.chat.completions.create(model="m", messages=[
        {{"role": "system", "content": SYSTEM}}, *history,
        {{"role": "user", "content": f"(time: {{now}})"}}])
'''}, "[conversation]\nturns = 8\ntokens-per-turn = 150\n")
    from prefixlint import api
    from prefixlint.structure import structure

    result = api.check([], api.load_config(root), cwd=root)
    [measurement] = result.measurements
    runs = structure(measurement.prompt, result.tokenizer.encode,
                     result.scope_for(measurement.prompt))
    assert [r.kind for r in runs][:2] == ["shared", "history"] and runs[0].tokens > 3500
    tail = sum(r.tokens for r in runs[2:])
    system = runs[0].tokens
    totals = [system + (t - 1) * PER_TURN + tail for t in range(1, 9)]
    reused = [0] + [system + (t - 1) * PER_TURN for t in range(2, 9)]
    expected = sum(reused) / sum(totals)
    got = _simulate(root, "--replicas", "1", "--users", "1", "--sessions-per-user", "1")
    assert got == pytest.approx(expected, abs=0.001)
    report = measurement.prefix_tokens["turn"] / measurement.tokens_total
    assert report > 0.98  # what `report` says of consecutive turns: the same arithmetic


def test_scaling_out_prints_the_seeds_estimate_beside_the_simulation_and_prewarms_new_replicas():
    """Against one replica: (hit ratio lost) x (prefill of a mean request) is the seed's
    estimate; the simulated first-token difference adds the queues. A replica added while the
    run prewarms starts with the common prefix."""
    app = REPO / "fixtures" / "chat_clock"
    proc = run_cli("simulate", ".", "--replicas", "4", "--turns", "16", "--output-format",
                   "json", cwd=app)
    against = json.loads(proc.stdout)["against_one_replica"]
    lost = against["hit_ratio_one_replica"] - against["hit_ratio"]
    assert against["estimate_ms_more"] == pytest.approx(
        lost * against["prefill_ms_per_request"], abs=0.02)
    assert abs(against["simulated_ms_more"] - against["estimate_ms_more"]) < 2.0
    runs = (Run("shared", 2000), Run("history", 90), Run("request", 12))
    levels = [("app.py:9", {"global": 2000, "user": 2000, "session": 2000, "turn": 2000},
               2102, runs)]
    traffic = simulate.modelled(levels, users=20, sessions_per_user=1, turns=4, rps=2.0,
                                tokens_per_turn=PER_TURN, seed=3)
    cold, warm = (simulate.run(traffic, simulate.Settings(
        replicas=2, policy="hash:session", add_replica_at=(10.0,), prewarm=prewarm))
        for prewarm in (False, True))
    assert warm.instances[2].requests == cold.instances[2].requests > 0
    assert warm.instances[2].cached_tokens >= cold.instances[2].cached_tokens + 2000


def test_a_hot_session_overloads_its_replica_and_bounded_load_relieves_it():
    app = REPO / "fixtures" / "chat_clock"
    common = ("--replicas", "4", "--turns", "16", "--rps", "150", "--policy", "hash:session",
              "--hot-session", "0.3", "--output-format", "json")
    hot = json.loads(run_cli("simulate", ".", *common, cwd=app).stdout)
    bounded = json.loads(run_cli("simulate", ".", *common, "--load-factor", "1.25",
                                 cwd=app).stdout)
    requests = hot["overall"]["requests"]
    assert requests == round(1600 / 0.7)  # the hot session sends 30% of all requests
    busiest = max(i["requests"] for i in hot["instances"])
    assert busiest > 0.4 * requests and hot["overall"]["load_max_over_mean"] > 1.7
    assert bounded["overall"]["load_max_over_mean"] < 1.35
    assert bounded["overall"]["ttft_ms_p99"] < hot["overall"]["ttft_ms_p99"] / 5
    assert bounded["overall"]["hit_ratio"] < hot["overall"]["hit_ratio"]  # the price
