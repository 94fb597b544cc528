"""What replicas and a routing policy do to the prefix cache, for these prompts and this
traffic: a discrete-event simulation.

Each replica keeps its own prefix cache — an LRU of content chunks up to a capacity in tokens
(vLLM, SGLang), or only the last prompt it processed (a llama.cpp slot without host-memory
cache) — and serves requests one at a time, first come first served: a request's first-token
time is its wait plus its uncached tokens times the prefill cost per token. A request is a
chain of chunks, each keyed by its content and everything before it, so two requests share
exactly the chunks of their common start. The traffic is either modelled from the prompts
`report` measures (their global, user, session and turn prefixes; conversations grow by
`tokens-per-turn` each turn) or a recorded JSONL replayed with its real texts, tokenized and
cut into blocks.

Estimates, labelled as such: decoding, batching and memory pressure are not modelled; the
per-token prefill cost comes from `--prefill-ms-per-token` or a preset.
"""

from __future__ import annotations

import hashlib
import heapq
import random
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Callable, Sequence

from .routing import Ring, Router, moved_fraction, moved_fraction_modulo
from .shared_kv import SHARED_KV, Network, Store
from ..structure import Run

TIMELINE_BUCKETS = 24
DEFAULT_CACHE_TOKENS = 500_000
RECORDED_BLOCK = 16  # tokens per chunk for engines that cache per token (±15 tokens a request)
MOST_OF_THE_LOAD = 0.5  # a replica serving more than half the requests is a hot spot
MAX_REQUESTS = 1_000_000  # requests one simulation models (100,000 take about 3 s)


@dataclass(frozen=True)
class SimRequest:
    """One request: when it arrives, who sends it, and its prompt as a chain of chunks."""

    at: float
    user: str
    session: str
    chunks: tuple[tuple[str, int], ...]  # (key of the content up to here, tokens)
    # What the replica holds once it has answered, besides the request: the next turn's
    # start through this turn's answer (see `conversation_turn`); empty when that is never
    # the next request's prefix.
    answered: tuple[tuple[str, int], ...] = ()

    @property
    def tokens(self) -> int:
        return sum(n for _, n in self.chunks)


@dataclass(frozen=True)
class Traffic:
    """A trace and what every replica holds after a prewarm."""

    requests: tuple[SimRequest, ...]
    prewarm: tuple[tuple[str, int], ...] = ()
    source: str = "model"


def _leading(chunks: Sequence[tuple[str, int]], held) -> int:
    """The tokens of the chunks a cache holds from the start, up to the first it does not."""
    cached = 0
    for key, tokens in chunks:
        if key not in held:
            break
        cached += tokens
    return cached


class LruCache:
    """A radix-style prefix cache: chunks evicted least recently used past a capacity."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.size = 0
        self.chunks: OrderedDict[str, int] = OrderedDict()

    def hit(self, chunks: Sequence[tuple[str, int]]) -> int:
        return _leading(chunks, self.chunks)

    def store(self, chunks: Sequence[tuple[str, int]]) -> None:
        for key, tokens in chunks:
            if key in self.chunks:
                self.chunks.move_to_end(key)
                continue
            self.chunks[key] = tokens
            self.size += tokens
        while self.size > self.capacity and self.chunks:
            _, tokens = self.chunks.popitem(last=False)
            self.size -= tokens


class LastPromptCache:
    """A single llama.cpp slot: only the last prompt's tokens stay cached."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.keys: set[str] = set()

    def hit(self, chunks: Sequence[tuple[str, int]]) -> int:
        return _leading(chunks, self.keys)

    def store(self, chunks: Sequence[tuple[str, int]]) -> None:
        self.keys = {key for key, _ in chunks}


CACHE_MODELS = {"lru": LruCache, "last-prompt": LastPromptCache}


@dataclass(frozen=True)
class Settings:
    """One simulation's knobs."""

    replicas: int = 4
    policy: str = "round-robin"
    cache_tokens: int = DEFAULT_CACHE_TOKENS
    cache_model: str = "lru"
    ms_per_token: float = 0.05
    seed: int = 0
    load_factor: float | None = None
    prefix_tokens: int = 256  # hash:prefix hashes the chunks covering this many tokens
    add_replica_at: tuple[float, ...] = ()
    fail_replica_at: tuple[float, ...] = ()
    prewarm: bool = False
    store: Network | None = None  # the shared-kv policy's store and link
    session_rate_limit: float | None = None  # requests a second a session may send


@dataclass
class SessionLimit:
    """A per-session rate limit at the gateway: a token bucket per session of `rate`
    requests a second with bursts of BURST requests (or one second's worth, when more); a
    request beyond it is rejected (HTTP 429), as nginx's `limit_req ... burst nodelay`
    does."""

    BURST = 3.0

    rate: float
    buckets: dict[str, tuple[float, float]] = field(default_factory=dict)

    def allows(self, session: str, at: float) -> bool:
        size = max(self.BURST, self.rate)
        tokens, last = self.buckets.get(session, (size, at))
        tokens = min(size, tokens + (at - last) * self.rate)
        if tokens < 1.0:
            self.buckets[session] = (tokens, at)
            return False
        self.buckets[session] = (tokens - 1.0, at)
        return True


@dataclass
class Instance:
    id: int
    requests: int = 0
    prompt_tokens: int = 0
    cached_tokens: int = 0
    ttft_ms: float = 0.0  # summed over its requests
    store_tokens: int = 0  # of the cached tokens, those loaded from the shared store
    declined_tokens: int = 0  # held by the store but prefilled again (cheaper)
    bytes_loaded: int = 0
    bytes_stored: int = 0

    @property
    def hit_ratio(self) -> float:
        return self.cached_tokens / self.prompt_tokens if self.prompt_tokens else 0.0

    def as_dict(self, total_requests: int = 0, store: bool = False) -> dict:
        out = {"id": self.id, "requests": self.requests, "prompt_tokens": self.prompt_tokens,
               "cached_tokens": self.cached_tokens, "hit_ratio": round(self.hit_ratio, 4),
               "load_share": round(self.requests / total_requests, 4) if total_requests
               else 0.0,
               "ttft_ms_mean": round(self.ttft_ms / self.requests, 2) if self.requests
               else 0.0}
        if store:
            out |= {"store_tokens": self.store_tokens,
                    "store_declined_tokens": self.declined_tokens,
                    "bytes_loaded": self.bytes_loaded, "bytes_stored": self.bytes_stored,
                    "bytes_moved": self.bytes_loaded + self.bytes_stored}
        return out


@dataclass
class Result:
    """What one policy gave on one trace."""

    policy: str
    replicas: int
    instances: list[Instance]
    ttft_ms: list[float]
    events: list[dict] = field(default_factory=list)
    timeline: list[dict] = field(default_factory=list)
    settings: Settings = field(default_factory=Settings)
    # Per instance, the hit ratio of each time bucket (None where it served nothing).
    instance_timeline: dict[int, list] = field(default_factory=dict)
    rejected: int = 0  # requests a session rate limit turned away
    store_tokens: int = 0  # what the shared store holds at the end, in tokens
    store_private_tokens: int = 0  # tokens written to it that not every request starts with

    def overall(self) -> dict:
        prompt = sum(i.prompt_tokens for i in self.instances)
        cached = sum(i.cached_tokens for i in self.instances)
        served = [i.requests for i in self.instances if i.requests or i.id < self.replicas]
        mean = sum(served) / len(served) if served else 0.0
        ordered = sorted(self.ttft_ms)
        p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] if ordered else 0.0
        return {"requests": sum(i.requests for i in self.instances), "prompt_tokens": prompt,
                "cached_tokens": cached,
                "hit_ratio": round(cached / prompt, 4) if prompt else 0.0,
                "ttft_ms_mean": round(sum(ordered) / len(ordered), 2) if ordered else 0.0,
                "ttft_ms_p99": round(p99, 2),
                "load_max_over_mean": round(max(served) / mean, 3) if mean else 0.0} | (
            {"rejected": self.rejected} if self.settings.session_rate_limit else {}) | (
            self._moved() if self.store else {})

    @property
    def store(self) -> Network | None:
        """The shared store's link when this is the shared-kv policy."""
        return self.settings.store if self.policy == SHARED_KV else None

    def _moved(self) -> dict:
        loaded = sum(i.bytes_loaded for i in self.instances)
        stored = sum(i.bytes_stored for i in self.instances)
        return {"store_tokens": sum(i.store_tokens for i in self.instances),
                "store_declined_tokens": sum(i.declined_tokens for i in self.instances),
                "bytes_loaded": loaded, "bytes_stored": stored, "bytes_moved": loaded + stored}

    def shared_kv(self) -> dict:
        """The store's figures: its link, the break-even prefix length at these numbers,
        and how much of what it took in is per-user or per-session content."""
        store = self.store
        figures = store.as_dict(self.settings.ms_per_token)
        loaded = sum(i.store_tokens for i in self.instances)
        written = sum(i.bytes_stored for i in self.instances) // store.bytes_per_token
        figures |= {"routing": "round-robin in front of the store",
                    "held_tokens": self.store_tokens,
                    "written_tokens": written,
                    "per_user_written_tokens": self.store_private_tokens,
                    "per_user_written_bytes": self.store_private_tokens * store.bytes_per_token,
                    "loaded_tokens": loaded}
        return figures

    def warnings(self) -> list[str]:
        """What a reader must not miss: one replica serving most of the requests (sticky
        routing on a few heavy users or sessions makes a hot spot; the others idle)."""
        total = sum(i.requests for i in self.instances)
        if self.replicas < 2 or not total:
            return []
        busiest = max(self.instances, key=lambda i: (i.requests, -i.id))
        share = busiest.requests / total
        if share <= MOST_OF_THE_LOAD:
            return []
        return [f"replica {busiest.id} serves {share * 100:.0f}% of the requests under "
                f"{self.policy} (load max/mean {self.overall()['load_max_over_mean']:.2f}): "
                "its queue sets the first-token time while the other replicas idle"]

    def as_dict(self) -> dict:
        total = sum(i.requests for i in self.instances)
        return {"version": 1, "policy": self.policy, "replicas": self.replicas,
                "instances": [i.as_dict(total, self.store is not None) for i in self.instances],
                "overall": self.overall(),
                "events": self.events, "timeline": self.timeline,
                "timeline_by_instance": [{"id": replica, "hit_ratio": ratios} for replica, ratios
                                         in sorted(self.instance_timeline.items())],
                "warnings": self.warnings()} | (
            {"shared_kv": self.shared_kv()} if self.store else {})


def _key(*parts: object) -> str:
    return hashlib.blake2b("\x1f".join(map(str, parts)).encode("utf-8"),
                           digest_size=12).hexdigest()


ANSWER_LABEL_TOKENS = 16  # a role header or a label between the history and the question


def conversation_turn(runs: Sequence, prompt_id: str, user: str, session: str, turn: int,
                      serial: int, tokens_per_turn: int, window: int | None = None,
                      ) -> tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...], int]:
    """Turn `turn` of a conversation on a prompt of these runs (`structure.Run`): its chunks,
    what the replica holds once it has answered, and how many leading chunks every request
    shares (what a prewarm holds).

    The model. The runs are sent in order: `shared` ones are the same for every request,
    `user` ones per user, `session` ones per session, `request` ones per request. The history
    is the turns before this one (the last `window` of them when the application truncates
    it), each `tokens_per_turn` tokens: its question and answer as later turns send them. A
    prompt with no history run has its conversation just before its last request run (the
    question). Each chunk's key chains the keys before it, so a chunk is reused only after
    the same start: a request reuses what a replica holds up to its first differing chunk. An
    engine keeps the tokens it generated (vLLM and SGLang in their prefix cache, a llama.cpp
    slot with its last prompt): once this turn is answered, the replica holds this request
    and its answer. When one per-request run follows the history (the question, at most a
    role header or a label before it), that is the next turn's start through this turn
    (`answered`); when more follows it (a clock message and then the question, a reminder),
    the next turn reuses the history only up to the previous turn. (A lone clock message
    after a history that already holds the question is taken as the question: the model
    then counts one answer per turn as reused that the engine computes again.) A request value before the history ends the reuse there (PFX006); a
    truncated window changes the history's first turn, and the reuse ends where it starts."""
    runs = list(runs)
    history_at = next((i for i, r in enumerate(runs) if r.kind == "history"), None)
    if history_at is None:
        history_at = max((i for i, r in enumerate(runs) if r.kind == "request"),
                         default=len(runs))
        runs.insert(history_at, Run("history", 0))
    first = 1 if window is None else max(1, turn - window)
    owners = {"shared": (), "user": (user,), "session": (session,), "request": (serial,)}
    chunks: list[tuple[str, int]] = []
    key = _key("p", prompt_id)
    shared = 0
    before_history: list[tuple[str, int]] = []
    through_history = key
    for index, run in enumerate(runs):
        if run.kind == "history":
            for past in range(first, turn):
                key = _key(key, "h", session, past)
                chunks.append((key, tokens_per_turn))
            before_history = list(chunks)
            through_history = key
            continue
        key = _key(key, run.kind, index, *owners[run.kind])
        chunks.append((key, run.tokens))
        if run.kind == "shared" and shared == len(chunks) - 1 and index < history_at:
            shared += 1
    after = runs[history_at + 1:]
    volatile = [i for i, r in enumerate(after) if r.kind != "shared"]
    label = sum(r.tokens for r in after[:volatile[0]]) if volatile else 0
    answered: tuple[tuple[str, int], ...] = ()
    if len(volatile) <= 1 and label <= ANSWER_LABEL_TOKENS and (
            not volatile or after[volatile[0]].kind == "request"):
        answered = tuple(before_history) + ((_key(through_history, "h", session, turn),
                                             tokens_per_turn),)
    return (tuple((k, n) for k, n in chunks if n > 0), tuple((k, n) for k, n in answered
                                                               if n > 0), shared)


def modelled(levels: Sequence[tuple], users: int, sessions_per_user: int,
             turns: int, rps: float, tokens_per_turn: int, seed: int = 0,
             think_seconds: float = 20.0, duration: float | None = None,
             window: int | None = None, hot_share: float = 0.0) -> Traffic:
    """Traffic from measured prompts: `levels` are (prompt id, prefix tokens per level,
    total tokens[, runs]); with the prompt's runs (`structure.structure`) each turn is built
    by `conversation_turn`, else from the level counts alone. Sessions start spread over the
    run (its length is the requests over the rate, or `duration`); turns of a session follow
    each other after a think time. With `hot_share`, one more session (an automated client)
    sends that share of all requests, conversation after conversation, spread over the run."""
    rng = random.Random(seed)
    count = users * sessions_per_user * turns
    length = duration if duration is not None else count / rps
    requests: list[SimRequest] = []
    serial = 0
    for user_index in range(users):
        user = f"user-{user_index}"
        for number in range(sessions_per_user):
            session = f"{user}-session-{number}"
            prompt_id, prefix, total, *rest = levels[rng.randrange(len(levels))]
            runs = rest[0] if rest else ()
            at = rng.uniform(0, max(length - turns * think_seconds, length * 0.5))
            for turn in range(1, turns + 1):
                serial += 1
                if duration is None or at < duration:
                    requests.append(_request(at, user, session, session, turn, serial,
                                             (prompt_id, prefix, total, runs),
                                             tokens_per_turn, window))
                at += rng.expovariate(1 / think_seconds)
    if hot_share > 0 and requests:
        requests.extend(_hot_session(levels, len(requests), hot_share, turns, length, serial,
                                     tokens_per_turn, window, rng))
    requests.sort(key=lambda r: (r.at, r.session))
    prewarm: list[tuple[str, int]] = []
    for prompt_id, prefix, _, *rest in levels:
        if rest and rest[0]:
            chunks, _, shared = conversation_turn(rest[0], prompt_id, "", "", 1, 0,
                                                  tokens_per_turn, window)
            prewarm.extend(chunks[:shared])
        elif prefix["global"]:
            prewarm.append((_key("g", prompt_id), prefix["global"]))
    return Traffic(tuple(requests), tuple(prewarm), "model")


def _hot_session(levels, count: int, share: float, turns: int, length: float, serial: int,
                 tokens_per_turn: int, window: int | None, rng) -> list[SimRequest]:
    """The requests of one session that sends `share` of all of them: one conversation of
    `turns` turns after another (each its own history), arriving at random over the run."""
    hot = round(count * share / (1 - share))
    user, session = "user-hot", "user-hot-session"
    prompt_id, prefix, total, *rest = levels[rng.randrange(len(levels))]
    runs = rest[0] if rest else ()
    out = []
    for index in range(hot):
        serial += 1
        turn = index % turns + 1
        conversation = f"{session}#{index // turns}"
        at = rng.uniform(0, length)  # a client's bursts: arrivals at random, not paced
        out.append(_request(at, user, session, conversation, turn, serial,
                            (prompt_id, prefix, total, runs), tokens_per_turn, window))
    return out


def _request(at: float, user: str, session: str, conversation: str, turn: int, serial: int,
             prompt: tuple, tokens_per_turn: int, window: int | None) -> SimRequest:
    """Turn `turn` of `conversation`, routed as `session`: built from the prompt's runs when
    they are known, else from its level counts alone."""
    prompt_id, prefix, total, runs = prompt
    if runs:
        chunks, answered, _ = conversation_turn(runs, prompt_id, user, conversation, turn,
                                                serial, tokens_per_turn, window)
    else:
        chunks, answered = _chain(prompt_id, prefix, total, user, conversation, turn,
                                  tokens_per_turn, serial), ()
    return SimRequest(at, user, session, chunks, answered)


def _chain(prompt_id: str, prefix: dict, total: int, user: str, session: str, turn: int,
           tokens_per_turn: int, serial: int) -> tuple[tuple[str, int], ...]:
    shared = prefix["global"]
    by_user = max(shared, prefix["user"])
    by_session = max(by_user, prefix["session"])
    chunks = [(_key("g", prompt_id), shared)]
    if by_user > shared:
        chunks.append((_key("u", prompt_id, user), by_user - shared))
    history = (turn - 1) * tokens_per_turn
    append_only = prefix.get("turn", 0) >= by_session
    if append_only or turn == 1:
        if by_session > by_user:
            chunks.append((_key("s", prompt_id, session), by_session - by_user))
        for index in range(1, turn):  # the conversation so far, as it was sent
            chunks.append((_key("h", prompt_id, session, index), tokens_per_turn))
    else:  # something per request comes before the history: nothing after it is reused
        chunks.append((_key("r", serial, "history"), by_session - by_user + history))
    chunks.append((_key("r", serial), max(1, total - by_session)))
    return tuple((k, n) for k, n in chunks if n > 0)


def recorded(requests, encode: Callable[[str], list[int]], rps: float,
             block: int = RECORDED_BLOCK) -> Traffic:
    """Traffic from recorded requests (see `recorded.read`), one every 1/rps seconds in file
    order, each cut into blocks of `block` tokens keyed by their content and all before it.
    A prewarm holds the blocks every request starts with."""
    out = []
    encoded = [encode(r.text) for r in requests]
    for index, (request, tokens) in enumerate(zip(requests, encoded)):
        chunks = []
        key = ""
        for start in range(0, len(tokens), block):
            piece = tokens[start:start + block]
            key = _key(key, *piece)
            chunks.append((key, len(piece)))
        session = request.session or request.user or f"line-{request.line}"
        out.append(SimRequest(index / rps, request.user or "anonymous", session, tuple(chunks)))
    shared = 0
    if encoded:
        from ..measure import common_prefix

        shared = common_prefix(encoded) // block * block
    prewarm = tuple(c for c in out[0].chunks[: shared // block]) if out else ()
    return Traffic(tuple(out), prewarm, "requests")


def run(traffic: Traffic, settings: Settings, aligned: Callable[[int], int] = lambda n: n
        ) -> Result:
    """Route and serve every request of the trace; `aligned` turns a run of cached tokens
    into what the engine really reuses (full blocks, a minimum).

    Under the shared-kv policy the balancer routes round-robin in front of the store (the
    store, not the routing, is what brings a session's prefix back), each replica keeps its
    own prefix cache as well, and what a replica lacks locally but the store holds is loaded
    when that is faster than prefilling it (`shared_kv.Network.loads`); every request's
    chunks, and the answer an engine keeps, are written to the store after it is served."""
    shared = settings.policy == SHARED_KV
    if shared and settings.store is None:
        raise ValueError("the shared-kv policy needs a store (Settings.store)")
    router = Router("round-robin" if shared else settings.policy, settings.replicas,
                    settings.seed, settings.load_factor)
    network = settings.store if shared else None
    store = Store(network.capacity_tokens, frozenset(k for k, _ in traffic.prewarm)) \
        if network else None
    limit = SessionLimit(settings.session_rate_limit) if settings.session_rate_limit else None
    rejected = 0
    cache_type = CACHE_MODELS[settings.cache_model]
    caches = {r: cache_type(settings.cache_tokens) for r in range(settings.replicas)}
    instances = {r: Instance(r) for r in range(settings.replicas)}
    if settings.prewarm:
        for cache in caches.values():
            cache.store(traffic.prewarm)
    free_at = {r: 0.0 for r in caches}
    in_flight = {r: [] for r in caches}
    events = sorted([(t, "add") for t in settings.add_replica_at] +
                    [(t, "fail") for t in settings.fail_replica_at])
    event_log: list[dict] = []
    keys_seen: dict[str, None] = {}
    ttft: list[float] = []
    end = traffic.requests[-1].at if traffic.requests else 0.0
    width = (end / TIMELINE_BUCKETS) or 1.0
    buckets = [[0, 0] for _ in range(TIMELINE_BUCKETS + 1)]
    by_instance: dict[int, list[list[int]]] = {}
    served: list[tuple[float, int, int]] = []  # (arrival, prompt tokens, cached tokens)
    for request in traffic.requests:
        while events and events[0][0] <= request.at:
            at, kind = events.pop(0)
            event_log.append(_event(at, kind, router, caches, instances, free_at, in_flight,
                                    list(keys_seen), settings, traffic.prewarm))
        if limit is not None and not limit.allows(request.session, request.at):
            rejected += 1
            continue
        load = {}
        for replica in router.alive:
            queue = in_flight[replica]
            while queue and queue[0] <= request.at:
                heapq.heappop(queue)
            load[replica] = len(queue)
        key = router.key(request.user, request.session, _prefix_key(request, settings))
        if key:
            keys_seen.setdefault(key, None)
        replica = router.pick(key, load)
        cache = caches[replica]
        total = request.tokens
        cached = min(total, aligned(cache.hit(request.chunks)))
        cache.store(request.chunks)
        if request.answered:
            cache.store(request.answered)
        stats = instances[replica]
        load_ms = 0.0
        if store is not None:
            extra = min(total, aligned(store.hit(request.chunks))) - cached
            if network.loads(extra, settings.ms_per_token):
                load_ms = network.transfer_ms(extra)
                cached += extra
                stats.store_tokens += extra
                stats.bytes_loaded += extra * network.bytes_per_token
            elif extra > 0:
                stats.declined_tokens += extra
            written = store.put(request.chunks) + store.put(request.answered)
            stats.bytes_stored += written * network.bytes_per_token
        start = max(request.at, free_at[replica])
        service = (load_ms + (total - cached) * settings.ms_per_token) / 1000
        free_at[replica] = start + service
        heapq.heappush(in_flight[replica], start + service)
        ttft.append((start - request.at) * 1000 + service * 1000)
        stats.ttft_ms += ttft[-1]
        stats.requests += 1
        stats.prompt_tokens += total
        stats.cached_tokens += cached
        served.append((request.at, total, cached))
        index = min(TIMELINE_BUCKETS, int(request.at / width))
        for bucket in (buckets[index], by_instance.setdefault(
                replica, [[0, 0] for _ in range(TIMELINE_BUCKETS + 1)])[index]):
            bucket[0] += total
            bucket[1] += cached
    for at, kind in events:  # events after the last request
        event_log.append(_event(at, kind, router, caches, instances, free_at, in_flight,
                                list(keys_seen), settings, traffic.prewarm))
    _windows(event_log, served)
    timeline = [{"start_s": round(i * width, 3),
                 "hit_ratio": round(c / p, 4) if p else None}
                for i, (p, c) in enumerate(buckets)]
    per_instance = {replica: [round(c / p, 4) if p else None for p, c in rows]
                    for replica, rows in by_instance.items()}
    return Result(settings.policy, settings.replicas,
                  [instances[r] for r in sorted(instances)], ttft, event_log, timeline,
                  settings, per_instance, rejected, store.cache.size if store else 0,
                  store.private_tokens if store else 0)


def against_one_replica(result: Result, one: Result, ms_per_token: float) -> dict:
    """The seed's estimate beside the simulation: the hit ratio lost against one replica times
    the prefill of a mean request, and the mean first-token time the simulation gives (which
    also counts the queue a replica builds)."""
    overall, base = result.overall(), one.overall()
    requests = overall["requests"] or 1
    prefill_ms = overall["prompt_tokens"] / requests * ms_per_token
    lost = base["hit_ratio"] - overall["hit_ratio"]
    return {"hit_ratio_one_replica": base["hit_ratio"], "hit_ratio": overall["hit_ratio"],
            "prefill_ms_per_request": round(prefill_ms, 2),
            "estimate_ms_more": round(lost * prefill_ms, 2),
            "ttft_ms_mean_one_replica": base["ttft_ms_mean"],
            "ttft_ms_mean": overall["ttft_ms_mean"],
            "simulated_ms_more": round(overall["ttft_ms_mean"] - base["ttft_ms_mean"], 2)}


def _prefix_key(request: SimRequest, settings: Settings) -> str:
    """hash:prefix's key: the chunk that covers the first `prefix_tokens` tokens."""
    covered = 0
    key = ""
    for key, tokens in request.chunks:
        covered += tokens
        if covered >= settings.prefix_tokens:
            break
    return key


def _event(at: float, kind: str, router: Router, caches: dict, instances: dict,
           free_at: dict, in_flight: dict, keys: list[str], settings: Settings,
           prewarm: tuple = ()) -> dict:
    """Add or lose a replica at `at`; an added replica starts prewarmed (the common
    prefixes, as `prefixlint warm` does when it starts) when the run prewarms."""
    before = Ring(list(router.ring.replicas), list(router.ring.points))
    count = len(router.alive)
    if kind == "add":
        replica = max(caches) + 1
        caches[replica] = CACHE_MODELS[settings.cache_model](settings.cache_tokens)
        if settings.prewarm:
            caches[replica].store(prewarm)
        instances[replica] = Instance(replica)
        free_at[replica] = at
        in_flight[replica] = []
        router.add(replica)
    else:
        replica = max(router.alive)
        if len(router.alive) == 1:
            return {"at_s": at, "kind": "fail", "replica": replica,
                    "skipped": "the last replica cannot fail"}
        router.remove(replica)
        caches[replica] = CACHE_MODELS[settings.cache_model](settings.cache_tokens)  # lost
    event = {"at_s": at, "kind": kind, "replica": replica}
    if router.policy.startswith("hash:"):
        event["keys_moved"] = round(moved_fraction(keys, before, router.ring), 4)
        event["keys_moved_modulo"] = round(moved_fraction_modulo(keys, count,
                                                                 len(router.alive)), 4)
        event["keys"] = len(keys)
    return event


EVENT_WINDOW_S = 60.0


def _windows(events: list[dict], served: list[tuple[float, int, int]]) -> None:
    """Each event's hit ratio over the requests of the minute before it and of the minute
    after it (shorter when another event comes sooner)."""
    edges = [0.0, *(e["at_s"] for e in events), float("inf")]
    for index, event in enumerate(events):
        at = edges[index + 1]
        low = max(edges[index], at - EVENT_WINDOW_S)
        high = min(edges[index + 2], at + EVENT_WINDOW_S)
        for label, low, high in (("hit_ratio_before", low, at), ("hit_ratio_after", at, high)):
            prompt = cached = 0
            for at, tokens, hit in served:
                if low <= at < high:
                    prompt += tokens
                    cached += hit
            event[label] = round(cached / prompt, 4) if prompt else None
