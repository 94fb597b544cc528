"""How a load balancer picks a replica: round-robin, random, least-loaded, and hashing a key
(session, user, or the first tokens of the prompt) onto a ring of virtual nodes — consistent
hashing, so that adding or losing a replica moves only the keys of that replica — optionally
with bounded load (a replica past `load_factor` × the mean load passes the request on along
the ring). The simulation and the real-engine test both route with these.
"""

from __future__ import annotations

import bisect
import hashlib
import random
from dataclasses import dataclass, field

POLICIES = ("round-robin", "random", "least-loaded", "hash:session", "hash:user",
            "hash:prefix")
VIRTUAL_NODES = 160


def stable_hash(key: str) -> int:
    """A hash that is the same in every process (Python's `hash` is salted per process)."""
    return int.from_bytes(hashlib.blake2b(key.encode("utf-8"), digest_size=8).digest(), "big")


@dataclass
class Ring:
    """A consistent-hash ring of replicas, each at `VIRTUAL_NODES` points."""

    replicas: list[int] = field(default_factory=list)
    points: list[tuple[int, int]] = field(default_factory=list)  # (hash, replica), sorted

    def add(self, replica: int) -> None:
        self.replicas.append(replica)
        for index in range(VIRTUAL_NODES):
            bisect.insort(self.points, (stable_hash(f"replica-{replica}-{index}"), replica))

    def remove(self, replica: int) -> None:
        self.replicas.remove(replica)
        self.points = [p for p in self.points if p[1] != replica]

    def walk(self, key: str):
        """The replicas in ring order from the key's point, each once."""
        start = bisect.bisect(self.points, (stable_hash(key), -1))
        seen: set[int] = set()
        for offset in range(len(self.points)):
            replica = self.points[(start + offset) % len(self.points)][1]
            if replica not in seen:
                seen.add(replica)
                yield replica

    def owner(self, key: str) -> int:
        return next(self.walk(key))


class Router:
    """Picks the replica of each request under one policy."""

    def __init__(self, policy: str, replicas: int, seed: int = 0,
                 load_factor: float | None = None) -> None:
        if policy not in POLICIES:
            raise ValueError(f"unknown policy {policy!r}: one of {', '.join(POLICIES)}, or all")
        self.policy = policy
        self.alive: list[int] = []
        self.ring = Ring()
        self.turn = 0
        self.random = random.Random(seed)
        self.load_factor = load_factor
        for replica in range(replicas):
            self.add(replica)

    def add(self, replica: int) -> None:
        self.alive.append(replica)
        self.ring.add(replica)

    def remove(self, replica: int) -> None:
        self.alive.remove(replica)
        self.ring.remove(replica)

    def key(self, user: str, session: str, prefix: str) -> str:
        return {"hash:session": session, "hash:user": user, "hash:prefix": prefix}.get(
            self.policy, "")

    def pick(self, key: str, load: dict[int, int]) -> int:
        """The replica for a request with this routing key, given each replica's load
        (requests in flight)."""
        if self.policy == "round-robin":
            replica = self.alive[self.turn % len(self.alive)]
            self.turn += 1
            return replica
        if self.policy == "random":
            return self.random.choice(self.alive)
        if self.policy == "least-loaded":  # ties taken in turn, as balancers do
            least = min(load.get(r, 0) for r in self.alive)
            idle = [r for r in self.alive if load.get(r, 0) == least]
            self.turn += 1
            return idle[self.turn % len(idle)]
        if self.load_factor is None:
            return self.ring.owner(key)
        mean = (sum(load.get(r, 0) for r in self.alive) + 1) / len(self.alive)
        bound = max(1.0, self.load_factor * mean)
        for replica in self.ring.walk(key):
            if load.get(replica, 0) + 1 <= bound:
                return replica
        return self.ring.owner(key)


def moved_fraction(keys: list[str], before: Ring, after: Ring) -> float:
    """The share of keys whose replica differs between two rings."""
    if not keys:
        return 0.0
    return sum(before.owner(k) != after.owner(k) for k in keys) / len(keys)


def moved_fraction_modulo(keys: list[str], before: int, after: int) -> float:
    """The same for `hash(key) % N` routing, for comparison: almost every key moves."""
    if not keys:
        return 0.0
    return sum(stable_hash(k) % before != stable_hash(k) % after for k in keys) / len(keys)
