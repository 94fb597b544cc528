"""Prefix-cache hit ratios of running engines, per instance, from their Prometheus metrics:
the replica that never warms shows up beside the others instead of hiding in an average.

Read per engine (the metric families each documents):
- vLLM: `vllm:prefix_cache_hits_total` / `vllm:prefix_cache_queries_total` (tokens), or the
  older `vllm:gpu_prefix_cache_hit_rate` gauge;
- SGLang: `sglang:cached_tokens_total` / `sglang:prompt_tokens_total`, or the
  `sglang:cache_hit_rate` gauge;
- llama.cpp: `llamacpp:prompt_tokens_cached_total` / (that + `llamacpp:prompt_tokens_total`,
  which counts only the tokens it evaluated).
Counters give a ratio over the instance's life and, sampled twice, over a window.
"""

from __future__ import annotations

import math
import re
import statistics
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit, urlunsplit

_LINE = re.compile(r"^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})?\s+(\S+)")
COLD_GAP = 0.25  # this far below the median of the other instances
COLD_PEERS = 0.3  # ... when those reach at least this


class MetricsError(Exception):
    """An instance that cannot be read: unreachable, not metrics, or an unknown engine."""


@dataclass(frozen=True)
class Reading:
    """One scrape: token counters (cached, looked up) or only a hit-ratio gauge."""

    engine: str
    cached: float | None = None
    queried: float | None = None
    gauge: float | None = None

    @property
    def ratio(self) -> float | None:
        if self.cached is not None and self.queried:
            return self.cached / self.queried
        return self.gauge


def parse(text: str) -> dict[str, float]:
    """Sum each metric's samples over its label sets (Prometheus text format)."""
    totals: dict[str, float] = {}
    for line in text.splitlines():
        match = _LINE.match(line)
        if match is None:
            continue
        try:
            value = float(match.group(3))
        except ValueError:
            continue
        if math.isfinite(value):
            totals[match.group(1)] = totals.get(match.group(1), 0.0) + value
    return totals


def reading(text: str) -> Reading:
    """The prefix-cache figures of one metrics page (MetricsError for an unknown engine, or
    for figures no engine can report: a negative counter, more hits than lookups, a rate
    outside 0-1 are an invalid reading, never a hit ratio of -500%)."""
    found = _reading(text)
    counters = [v for v in (found.cached, found.queried) if v is not None]
    if any(v < 0 for v in counters) or (
            found.cached is not None and found.queried is not None
            and found.cached > found.queried) or (
            found.gauge is not None and not 0.0 <= found.gauge <= 1.0):
        raise MetricsError(f"invalid reading from {found.engine}: cached {found.cached}, "
                           f"looked up {found.queried}, rate {found.gauge}")
    return found


# Each engine's families, tried in this order: (engine, cached-token counters, counters of
# the tokens looked up, a hit-rate gauge for older versions, whether the second counter
# counts only the tokens evaluated, as llama.cpp's does). The counters win over the gauge.
FAMILIES = (
    ("vllm", ("vllm:prefix_cache_hits_total", "vllm:prefix_cache_hits"),
     ("vllm:prefix_cache_queries_total", "vllm:prefix_cache_queries"),
     "vllm:gpu_prefix_cache_hit_rate", False),
    ("sglang", ("sglang:cached_tokens_total",), ("sglang:prompt_tokens_total",),
     "sglang:cache_hit_rate", False),
    ("llama.cpp", ("llamacpp:prompt_tokens_cached_total",), ("llamacpp:prompt_tokens_total",),
     None, True),
)


def _reading(text: str) -> Reading:
    values = parse(text)

    def get(names: tuple[str, ...]) -> float | None:
        return next((values[n] for n in names if n in values), None)

    for engine, cached_names, queried_names, gauge, evaluated in FAMILIES:
        cached, queried = get(cached_names), get(queried_names)
        if cached is not None and queried is not None:
            return Reading(engine, cached, cached + queried if evaluated else queried)
        if gauge is not None and gauge in values:
            return Reading(engine, gauge=values[gauge])
    known = sorted({n.split(":", 1)[0] if ":" in n else n.split("_", 1)[0] for n in values})
    raise MetricsError("no prefix-cache metrics (looked for vLLM, SGLang and llama.cpp's"
                       + (f"; found families {', '.join(known[:5])}" if known else "") + ")")


def metrics_url(url: str) -> str:
    """`http://host:8000`, `http://host:8000/v1` and `…/metrics` all mean `…/metrics`."""
    parts = urlsplit(url)
    if not parts.scheme or not parts.netloc:
        raise MetricsError(f"not a URL: {url!r}")
    path = parts.path.rstrip("/")
    if not path.endswith("/metrics"):
        path = re.sub(r"/v1$", "", path) + "/metrics"
    return urlunsplit((parts.scheme, parts.netloc, path, "", ""))


def scrape(url: str, timeout: float) -> Reading:
    import httpx

    from .bounded_http import BoundError, get

    target = metrics_url(url)
    try:
        status, body = get(target, timeout, MAX_PAGE_BYTES)
    except BoundError as exc:
        raise MetricsError(str(exc).replace("answer", "page")) from None
    except httpx.HTTPError as exc:
        raise MetricsError(f"unreachable ({type(exc).__name__}: {exc or 'no answer'})") \
            from None
    if status != 200:
        raise MetricsError(f"{target} answered HTTP {status}")
    return reading(body.decode("utf-8", "replace"))


MAX_PAGE_BYTES = 5_000_000  # a metrics page is a few kilobytes


@dataclass
class Instance:
    url: str
    engine: str | None = None
    first: Reading | None = None
    last: Reading | None = None
    gauges: list[float] = field(default_factory=list)
    error: str | None = None
    cold: bool = False

    @property
    def hit_ratio(self) -> float | None:
        return self.last.ratio if self.last else None

    @property
    def window_hit_ratio(self) -> float | None:
        if self.first is None or self.last is None or self.first is self.last:
            return None
        if self.last.cached is not None and self.first.cached is not None:
            looked_up = (self.last.queried or 0) - (self.first.queried or 0)
            return (self.last.cached - self.first.cached) / looked_up if looked_up > 0 \
                else None
        return statistics.fmean(self.gauges) if self.gauges else None

    @property
    def judged(self) -> float | None:
        """The ratio a cold instance is judged by: the window's when one was sampled (None
        when no prompt came in it: nothing to judge), else the counters' since the start."""
        if self.first is not None and self.last is not None and self.first is not self.last:
            return self.window_hit_ratio
        return self.hit_ratio

    def as_dict(self) -> dict:
        def rounded(value):
            return None if value is None else round(value, 4)

        last = self.last
        return {"url": self.url, "engine": self.engine, "hit_ratio": rounded(self.hit_ratio),
                "window_hit_ratio": rounded(self.window_hit_ratio),
                "cached_tokens": None if last is None or last.cached is None
                else int(last.cached),
                "prompt_tokens": None if last is None or last.queried is None
                else int(last.queried),
                "cold": self.cold, "error": self.error}


def observe(urls: list[str], interval: float | None, samples: int, timeout: float,
            sleep=time.sleep) -> list[Instance]:
    """Scrape every instance once, or `samples` + 1 times `interval` seconds apart; then
    flag the instances far below the others."""
    instances = [Instance(url) for url in urls]
    rounds = 1 + (samples if interval else 0)
    for number in range(rounds):
        if number:
            sleep(interval)
        for instance in instances:
            if instance.error is not None:
                continue
            try:
                read = scrape(instance.url, timeout)
            except MetricsError as exc:
                instance.error = str(exc)
                continue
            instance.engine = read.engine
            instance.first = instance.first or read
            instance.last = read
            if read.gauge is not None:
                instance.gauges.append(read.gauge)
    _flag_cold(instances)
    return instances


def _flag_cold(instances: list[Instance]) -> None:
    judged = [(i, i.judged) for i in instances if i.judged is not None]
    for instance, ratio in judged:
        others = [r for other, r in judged if other is not instance]
        if len(others) < 1:
            continue
        peers = statistics.median(others)
        instance.cold = peers >= COLD_PEERS and ratio < peers - COLD_GAP


def text(instances: list[Instance], manifest: str = "prewarm.json") -> str:
    window = any(i.first is not None and i.first is not i.last for i in instances)

    def percent(value: float | None) -> str:
        return "-" if value is None else f"{value * 100:.1f}%"

    width = max([len(i.url) for i in instances] + [8])
    lines = [f"{'instance':<{width}}  {'engine':<9}  {'hit ratio':>9}"
             + (f"  {'window':>7}" if window else "")
             + f"  {'cached tokens':>14}  {'prompt tokens':>14}"]
    for instance in instances:
        if instance.error is not None:
            lines.append(f"{instance.url:<{width}}  {instance.error}")
            continue
        last = instance.last
        cached = "-" if last is None or last.cached is None else f"{int(last.cached):,}"
        prompt = "-" if last is None or last.queried is None else f"{int(last.queried):,}"
        lines.append(f"{instance.url:<{width}}  {instance.engine:<9}  "
                     f"{percent(instance.hit_ratio):>9}"
                     + (f"  {percent(instance.window_hit_ratio):>7}" if window else "")
                     + f"  {cached:>14}  {prompt:>14}")
    for instance in instances:
        if instance.cold:
            peers = statistics.median(i.judged for i in instances
                                      if i is not instance and i.judged is not None)
            lines.append(f"cold: {instance.url} caches {percent(instance.judged)} of its "
                         f"prompt tokens against {percent(peers)} on the others — warm it: "
                         f"prefixlint warm --manifest {manifest} --endpoint {instance.url}")
    return "\n".join(lines) + "\n"
