"""The modelled traffic checked against real engines (issue 20, item 2): for each shape of
prompt the traffic model knows (history last; a clock message after the history; retrieved
text before it; a user value in the system prompt; a truncated history window), the requests
`simulate.modelled` generates are rendered to real text and sent to three llama.cpp servers
(one slot each, no host-memory cache) through prefixlint's own router, with round-robin,
session hashing and prefix hashing, prewarmed or not, and with a replica added mid-run. Each
server's count of cached tokens is compared with the simulation of the same trace.

Rendering: every run's text is a deterministic string of digits and capitals (one token per
character for the test model's byte-level vocabulary) chosen by what decides the run (the
prompt, the user, the session or the request); a turn of history is its question and the
answer the server generated for it, as an application sends its conversation."""

from __future__ import annotations

import hashlib
import random

import engine
import httpx
import pytest

from prefixlint.fleet import simulate
from prefixlint.fleet.routing import Router
from prefixlint.structure import Run
from prefixlint.fleet.warm import cached_of, prompt_tokens_of

QUESTION = 20  # tokens of the question (the last request run), and of each answer
PER_TURN = 2 * QUESTION
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# Answers drawn from the same alphabet, so that the text sent back is the tokens generated.
ANSWER_GRAMMAR = "root ::= [0-9A-Z]+"

SHAPES = {
    "history last": (Run("shared", 300), Run("history", 0), Run("request", QUESTION)),
    "clock after the history": (Run("shared", 300), Run("history", 0), Run("request", 12),
                                Run("shared", 6), Run("request", QUESTION)),
    "retrieved text before the history": (Run("shared", 200), Run("request", 60),
                                          Run("shared", 80), Run("history", 0),
                                          Run("request", QUESTION)),
    "user value in the system prompt": (Run("shared", 150), Run("user", 12),
                                        Run("shared", 150), Run("history", 0),
                                        Run("request", QUESTION)),
}


def _text(tokens: int, *owner: object) -> str:
    rng = random.Random(hashlib.sha256(repr(owner).encode()).hexdigest())
    return "".join(rng.choice(ALPHABET) for _ in range(tokens))


class Conversations:
    """Renders the trace's requests as an application would send them, turn by turn."""

    def __init__(self, runs, window: int | None) -> None:
        self.runs = runs
        self.window = window
        self.turns: dict[str, int] = {}
        self.history: dict[str, list[str]] = {}

    def render(self, request: simulate.SimRequest, serial: int) -> tuple[str, str]:
        """(prompt text, the question's text) of the session's next turn."""
        turn = self.turns[request.session] = self.turns.get(request.session, 0) + 1
        past = self.history.setdefault(request.session, [])
        kept = past if self.window is None else past[-self.window:]
        last = max(i for i, r in enumerate(self.runs) if r.kind == "request")
        parts, question = [], ""
        for index, run in enumerate(self.runs):
            if run.kind == "history":
                parts.extend(kept)
                continue
            owner = {"shared": (), "user": (request.user,), "session": (request.session,),
                     "request": (serial,)}[run.kind]
            text = _text(run.tokens, run.kind, index, *owner)
            if index == last:
                question = text
            parts.append(text)
        return "".join(parts), question

    def answered(self, request: simulate.SimRequest, question: str, answer: str) -> None:
        self.history[request.session].append(question + answer)


def _traffic(runs, window=None):
    levels = [("app.py:9", {"global": 0, "user": 0, "session": 0, "turn": 0}, 0, runs)]
    return simulate.modelled(levels, users=3, sessions_per_user=2, turns=4, rps=0.5,
                             tokens_per_turn=PER_TURN, seed=5, think_seconds=4.0,
                             window=window)


def _replay(urls, traffic, runs, settings: simulate.Settings, window=None):
    """Send the trace through prefixlint's router; (cached, prompt) tokens per server."""
    for url in urls:  # caches that hold nothing of the trace
        httpx.post(url + "/completion", json={"prompt": "unrelated", "n_predict": 1},
                   timeout=60)
    start = settings.replicas
    router = Router(settings.policy, start, settings.seed, settings.load_factor)
    if settings.prewarm:
        head = "".join(_text(r.tokens, r.kind, i) for i, r in enumerate(runs)
                       if all(x.kind == "shared" for x in runs[:i + 1]))
        for url in urls[:start]:
            httpx.post(url + "/completion", json={"prompt": head, "n_predict": 1}, timeout=60)
    pending = list(settings.add_replica_at)
    conversations = Conversations(runs, window)
    totals = [[0, 0] for _ in urls]
    for serial, request in enumerate(traffic.requests, start=1):
        while pending and pending[0] <= request.at:
            pending.pop(0)
            added = max(router.alive) + 1
            router.add(added)
            if settings.prewarm:
                httpx.post(urls[added] + "/completion", json={"prompt": head, "n_predict": 1},
                           timeout=60)
        key = router.key(request.user, request.session,
                         simulate._prefix_key(request, settings))
        replica = router.pick(key, {})
        prompt, question = conversations.render(request, serial)
        answer = httpx.post(urls[replica] + "/completion", json={
            "prompt": prompt, "n_predict": QUESTION, "ignore_eos": True, "cache_prompt": True,
            "grammar": ANSWER_GRAMMAR}, timeout=60).json()
        conversations.answered(request, question, answer["content"])
        totals[replica][0] += cached_of(answer)
        totals[replica][1] += prompt_tokens_of(answer)
    return totals


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    with engine.running(3, tmp_path_factory.mktemp("modelled")) as urls:
        yield urls


CASES = [(shape, policy, False) for shape in SHAPES
         for policy in ("round-robin", "hash:session", "hash:prefix")] + \
    [("history last", "hash:session", True), ("user value in the system prompt",
                                               "round-robin", True)]


@pytest.mark.parametrize("shape, policy, prewarm", CASES,
                         ids=[f"{s}-{p}{'-prewarm' if w else ''}" for s, p, w in CASES])
def test_each_shape_simulates_within_five_points_of_the_engines(servers, shape, policy,
                                                               prewarm):
    runs = SHAPES[shape]
    traffic = _traffic(runs)
    settings = simulate.Settings(replicas=3, policy=policy, cache_model="last-prompt",
                                 prefix_tokens=300, prewarm=prewarm)
    measured = _replay(servers, traffic, runs, settings)
    result = simulate.run(traffic, settings)
    simulated = [i.hit_ratio for i in result.instances]
    engines = [c / p if p else 0.0 for c, p in measured]
    assert all(abs(s - m) <= 0.05 for s, m in zip(simulated, engines)), (simulated, engines)
    assert max(engines) > 0.2


def test_a_truncated_window_and_a_replica_added_mid_run_match_the_engines(servers):
    runs = SHAPES["history last"]
    traffic = _traffic(runs, window=2)
    middle = traffic.requests[len(traffic.requests) // 2].at
    settings = simulate.Settings(replicas=2, policy="hash:session", cache_model="last-prompt",
                                 add_replica_at=(middle,))
    measured = _replay(servers, traffic, runs, settings, window=2)
    result = simulate.run(traffic, settings)
    simulated = [i.hit_ratio for i in result.instances]
    engines = [c / p if p else 0.0 for c, p in measured]
    assert len(simulated) == 3 and measured[2][1] > 0  # the added replica served requests
    assert all(abs(s - m) <= 0.05 for s, m in zip(simulated, engines)), (simulated, engines)
