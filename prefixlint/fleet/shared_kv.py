"""A KV store shared by every replica (LMCache, Mooncake behind vLLM or SGLang): what moving
a prefix's KV over the network costs against computing it again, and the store itself.

A replica that lacks part of a request's prefix locally can load it from the store: one
round trip plus the KV bytes over the link (`bytes per token × tokens × 8 / bandwidth`), or
prefill it again (`tokens × ms per token`). Both grow linearly with the tokens and the load
pays a fixed latency, so the cheaper choice is all or nothing: load the whole stored part
when it is at least `break_even_tokens` long, as the engines' connectors do when they ask
the store how many tokens it can provide. Writes go to the store after the prefill
(asynchronously, as LMCache and Mooncake offload): they move bytes but add no wait.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Sequence

from .routing import POLICIES as ROUTING_POLICIES

SHARED_KV = "shared-kv"
POLICIES = ROUTING_POLICIES + (SHARED_KV,)
DEFAULT_BANDWIDTH_GBPS = 25.0
DEFAULT_LATENCY_MS = 1.0
DEFAULT_CAPACITY_BYTES = 200 * 10**9  # a CPU-memory store of 200 GB


@dataclass(frozen=True)
class Network:
    """The store and the link to it: KV bytes per token, bandwidth in Gb/s, round-trip
    latency in ms, capacity in tokens."""

    bytes_per_token: int
    bandwidth_gbps: float = DEFAULT_BANDWIDTH_GBPS
    latency_ms: float = DEFAULT_LATENCY_MS
    capacity_tokens: int = DEFAULT_CAPACITY_BYTES // 131_072
    model: str = ""

    @property
    def transfer_ms_per_token(self) -> float:
        """Milliseconds to move one token's KV: bytes × 8 bits over bandwidth × 10⁹ b/s."""
        return self.bytes_per_token * 8 / (self.bandwidth_gbps * 1e9) * 1000

    def transfer_ms(self, tokens: int) -> float:
        """One load of `tokens` tokens: the round trip plus the bytes over the link."""
        return self.latency_ms + tokens * self.transfer_ms_per_token

    def loads(self, tokens: int, prefill_ms_per_token: float) -> bool:
        """Whether loading `tokens` from the store is faster than prefilling them."""
        return tokens > 0 and self.transfer_ms(tokens) < tokens * prefill_ms_per_token

    def break_even_tokens(self, prefill_ms_per_token: float) -> int | None:
        """The shortest stored prefix that loads faster than it prefills: latency / (prefill
        − transfer per token), rounded up past equality; None when the link is slower per
        token than the prefill (the store never pays)."""
        margin = prefill_ms_per_token - self.transfer_ms_per_token
        if margin <= 0:
            return None
        return math.floor(self.latency_ms / margin) + 1

    def as_dict(self, prefill_ms_per_token: float) -> dict:
        return {"label": "estimate", "model": self.model,
                "kv_bytes_per_token": self.bytes_per_token,
                "bandwidth_gbps": self.bandwidth_gbps, "latency_ms": self.latency_ms,
                "capacity_tokens": self.capacity_tokens,
                "capacity_bytes": self.capacity_tokens * self.bytes_per_token,
                "transfer_ms_per_token": round(self.transfer_ms_per_token, 6),
                "prefill_ms_per_token": prefill_ms_per_token,
                "break_even_tokens": self.break_even_tokens(prefill_ms_per_token)}


def capacity_tokens(value: str | None, bytes_per_token: int) -> int:
    """A store capacity given in tokens (`2000000`) or bytes with a unit (`200GB`, `1.5TiB`,
    `512MB`), as tokens of this model. ValueError with the reason when it is neither."""
    if value is None:
        return max(1, DEFAULT_CAPACITY_BYTES // bytes_per_token)
    units = {"": None, "tokens": None, "b": 1, "kb": 10**3, "mb": 10**6, "gb": 10**9,
             "tb": 10**12, "kib": 2**10, "mib": 2**20, "gib": 2**30, "tib": 2**40}
    found = re.fullmatch(r"\s*([0-9][0-9_,]*(?:\.[0-9]+)?)\s*([A-Za-z]*)\s*", value)
    unit = found.group(2).lower() if found else ""
    if not found or unit not in units:
        raise ValueError(f"{value!r} is not a capacity: give tokens (2000000) or bytes with a "
                         "unit (200GB, 1.5TiB)")
    amount = float(found.group(1).replace("_", "").replace(",", ""))
    scale = units[unit]
    tokens = int(amount) if scale is None else int(amount * scale // bytes_per_token)
    if tokens < 1:
        raise ValueError(f"{value!r} holds less than one token of KV")
    return tokens


class Store:
    """The shared store: an LRU of chunks up to its capacity in tokens, counting what it
    takes in, and how much of that is not common to every request (per-user or per-session
    content, copied out of the instance that computed it)."""

    def __init__(self, capacity: int, common: frozenset[str] = frozenset()) -> None:
        from .simulate import LruCache

        self.cache = LruCache(capacity)
        self.common = common
        self.private_tokens = 0  # tokens written that are not every request's start

    def hit(self, chunks: Sequence[tuple[str, int]]) -> int:
        return self.cache.hit(chunks)

    def put(self, chunks: Sequence[tuple[str, int]]) -> int:
        """Write the chunks the store lacks; the tokens written."""
        held = self.cache.chunks
        new = [(key, tokens) for key, tokens in chunks if key not in held]
        self.private_tokens += sum(n for key, n in new if key not in self.common)
        self.cache.store(chunks)
        return sum(n for _, n in new)
