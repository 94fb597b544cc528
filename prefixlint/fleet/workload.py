"""What a trace says about the three criteria of the remedies: how long conversations are
and how much a turn reuses of its own session (and a session of its user's others), how
much every request of a prompt shares, and the common prefixes a prewarm would hold. One
pass over the trace, a few set look-ups per chunk.
"""

from __future__ import annotations

from dataclasses import dataclass

from .simulate import Traffic


@dataclass(frozen=True)
class Workload:
    """Means per request of a trace, in tokens; `prefixes` are the common prefixes as
    (tokens, requests that start with it), most valuable (tokens × requests) first."""

    requests: int
    sessions: int
    users: int
    shared_tokens: float  # what a request shares with every request of its prompt
    session_tokens: float  # beyond that, what it reuses of its session's previous turn
    user_tokens: float  # beyond that, what a session's first turn reuses of its user's others
    prefixes: tuple[tuple[int, int], ...]

    @property
    def turns(self) -> float:
        return self.requests / self.sessions if self.sessions else 0.0

    @property
    def sessions_per_user(self) -> float:
        return self.sessions / self.users if self.users else 0.0

    @property
    def prefix_tokens(self) -> int:
        """What a prewarm puts on each replica: every common prefix once."""
        return sum(tokens for tokens, _ in self.prefixes)

    def as_dict(self) -> dict:
        return {"requests": self.requests, "sessions": self.sessions, "users": self.users,
                "turns_per_session": round(self.turns, 2),
                "sessions_per_user": round(self.sessions_per_user, 2),
                "shared_tokens_mean": round(self.shared_tokens, 1),
                "session_tokens_mean": round(self.session_tokens, 1),
                "user_tokens_mean": round(self.user_tokens, 1),
                "common_prefixes": [{"tokens": t, "requests": n} for t, n in self.prefixes],
                "common_prefix_tokens": self.prefix_tokens}


def measure(traffic: Traffic) -> Workload:
    """The workload figures of a trace (see `Workload`)."""
    common = {key for key, _ in traffic.prewarm}
    last: dict[str, set[str]] = {}  # per session, what its previous turn left
    earlier: dict[str, set[str]] = {}  # per user, the first turns of its sessions so far
    prefixes: dict[str, list[int]] = {}  # last common chunk -> [tokens, requests]
    shared_sum = own_sum = user_sum = 0
    firsts_with_earlier = 0
    users: set[str] = set()
    for request in traffic.requests:
        chunks = request.chunks
        shared, count_common = _leading(chunks, common)
        if shared:
            entry = prefixes.setdefault(chunks[count_common - 1][0], [shared, 0])
            entry[1] += 1
        shared_sum += shared
        keys = {key for key, _ in chunks}
        previous = last.get(request.session)
        if previous is not None:
            own_sum += max(0, _leading(chunks, previous, common)[0] - shared)
        else:
            before = earlier.get(request.user)
            if before:
                user_sum += max(0, _leading(chunks, before, common)[0] - shared)
                firsts_with_earlier += 1
            earlier.setdefault(request.user, set()).update(keys)
        last[request.session] = keys | {key for key, _ in request.answered}
        users.add(request.user)
    count = len(traffic.requests) or 1
    ranked = sorted(prefixes.values(), key=lambda e: (-e[0] * e[1], -e[0]))
    return Workload(len(traffic.requests), len(last), len(users), shared_sum / count,
                    own_sum / count, user_sum / firsts_with_earlier if firsts_with_earlier
                    else 0.0, tuple((t, n) for t, n in ranked))


def _leading(chunks, held, also=frozenset()) -> tuple[int, int]:
    """The tokens and the number of the chunks, from the start, that `held` or `also` hold."""
    tokens = count = 0
    for key, size in chunks:
        if key not in held and key not in also:
            break
        tokens += size
        count += 1
    return tokens, count
