"""What a shared prefix is worth per request: prefill time saved, and routing advice.

Estimates, labelled as such: prefill time is taken as linear in the tokens that are not
cached (`ms_per_token`, measured on one H200: 0.030 ms/token for an 8B model, 0.115 for a
32B one), and sticky routing is assumed to find a session's cache every time, against 1/N
under round-robin over N replicas.
"""

from __future__ import annotations

import math

from dataclasses import dataclass

from .measure import Measurement
from .providers import ProviderModel

PRESETS = {"h200-8b": 0.030, "h200-32b": 0.115}
DEFAULT_MS_PER_TOKEN = 0.05
SHORT_PREFIX_TOKENS = 200
LOW_SHARE = 0.2
HIGH_SHARE = 0.5
ROUTING_GAIN = 0.3


def ms_per_token(value: str | float | None) -> float:
    """A number of milliseconds per token, or a preset name (`h200-8b`, `h200-32b`)."""
    if value is None:
        return DEFAULT_MS_PER_TOKEN
    if isinstance(value, str) and value in PRESETS:
        return PRESETS[value]
    try:
        number = float(value)
    except ValueError:
        raise ValueError(f"prefill-ms-per-token must be a number or one of "
                         f"{', '.join(sorted(PRESETS))}") from None
    if not math.isfinite(number) or number <= 0:
        raise ValueError("prefill-ms-per-token must be a positive, finite number")
    return number


@dataclass(frozen=True)
class Settings:
    ms_per_token: float = DEFAULT_MS_PER_TOKEN
    replicas: int = 1
    requests_per_second: float | None = None
    sticky_hit: float = 1.0


@dataclass(frozen=True)
class Estimate:
    """Per-request estimates for one prompt under one provider."""

    cached_tokens: int
    projected_cached_tokens: int
    saved_ms: float
    projected_saved_ms: float
    sticky_saved_ms: float
    advice: tuple[str, ...]

    def per_hour_seconds(self, requests_per_second: float | None) -> float | None:
        """Prefill seconds saved per hour at a request rate, after the suggested moves."""
        if not requests_per_second:
            return None
        return round(self.projected_saved_ms / 1000 * requests_per_second * 3600, 1)


def estimate(measurement: Measurement, provider: ProviderModel, settings: Settings) -> Estimate:
    cached = provider.cached_tokens(measurement.prefix_tokens["global"])
    projected = provider.cached_tokens(measurement.projected_prefix_global)
    session_only = max(0, provider.cached_tokens(measurement.prefix_tokens["session"]) - cached)
    sticky = max(0.0, settings.sticky_hit - 1 / settings.replicas) * session_only * \
        settings.ms_per_token
    return Estimate(cached, projected, round(cached * settings.ms_per_token, 2),
                    round(projected * settings.ms_per_token, 2), round(sticky, 2),
                    tuple(_advice(measurement, cached, projected)))


def _advice(m: Measurement, cached: int, projected: int) -> list[str]:
    advice: list[str] = []
    share = m.share("global")
    if cached < SHORT_PREFIX_TOKENS or share < LOW_SHARE:
        if projected >= SHORT_PREFIX_TOKENS and projected > cached:
            advice.append(f"move the volatile values first: {projected:,} tokens would then be "
                          "cached; routing changes are not worth it before that")
        else:
            advice.append("shared prefix too short to be worth routing changes")
    elif share >= HIGH_SHARE:
        advice.append("prewarm this prefix on every replica (prefixlint prewarm)")
    # Sticky routing only where what it keeps is long enough to matter (issue 25).
    by_user = m.prefix_tokens["user"] - m.prefix_tokens["global"]
    by_session = m.prefix_tokens["session"] - m.prefix_tokens["global"]
    if m.share("user") - share >= ROUTING_GAIN and by_user >= SHORT_PREFIX_TOKENS:
        advice.append("route by user_id (consistent hashing): most of this prompt is shared "
                      "by each user's requests")
    elif m.share("session") - share >= ROUTING_GAIN and by_session >= SHORT_PREFIX_TOKENS:
        advice.append("sticky routing by session_id keeps the session's prefix cached")
    return advice


PREFIX_HASH_TOKENS = 200
PREFIX_HASH_PROMPTS = 3


def prefix_groups(heads: dict[str, list[int]]) -> list[tuple[int, tuple[str, ...]]]:
    """Prompts whose constant start shares its first 200 tokens, in groups of at least 3:
    candidates for routing by prefix hash. `heads` maps prompt ids to those tokens."""
    groups: dict[tuple[int, ...], list[str]] = {}
    for prompt_id, tokens in sorted(heads.items()):
        if len(tokens) >= PREFIX_HASH_TOKENS:
            groups.setdefault(tuple(tokens[:PREFIX_HASH_TOKENS]), []).append(prompt_id)
    found = [(PREFIX_HASH_TOKENS, tuple(ids)) for ids in groups.values()
             if len(ids) >= PREFIX_HASH_PROMPTS]
    return sorted(found, key=lambda g: (-len(g[1]), g[1]))


def routing_advice(groups: list[tuple[int, tuple[str, ...]]]) -> list[str]:
    return [f"{len(ids)} prompts start with the same {tokens}+ tokens ({', '.join(ids[:3])}"
            f"{', …' if len(ids) > 3 else ''}): route by a hash of that prefix so each replica "
            "keeps a few prefixes hot" for tokens, ids in groups]
