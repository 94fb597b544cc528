"""A hot session under sticky routing: the share of the load the replica it hashes to takes,
and what bounded load or a per-session rate limit does to that load and to the hit ratio,
on the same trace. The cure for one long, busy conversation is sticky routing with a bound,
not dropping stickiness: this puts the three side by side.
"""

from __future__ import annotations

import dataclasses
from typing import Callable

from . import simulate
from .routing import Ring

HOT_SESSION = "user-hot-session"  # the session `simulate.modelled(hot_share=...)` adds
DEFAULT_LOAD_FACTOR = 1.25
DEFAULT_RATE = 1.0  # requests a second: no person types faster; an automated client may


def compare(traffic: simulate.Traffic, settings: simulate.Settings,
            aligned: Callable[[int], int]) -> dict:
    """hash:session as it is, with bounded load (`settings.load_factor`, else 1.25) and
    with a per-session rate limit (`settings.session_rate_limit`, else 1 request a
    second): for each, the hot replica's share of the requests, load max/mean, hit ratio,
    first-token times and the requests the limit rejected."""
    hot = sum(1 for r in traffic.requests if r.session == HOT_SESSION)
    base = dataclasses.replace(settings, policy="hash:session", load_factor=None,
                               session_rate_limit=None)
    factor = settings.load_factor or DEFAULT_LOAD_FACTOR
    rate = settings.session_rate_limit or DEFAULT_RATE
    ring = Ring()
    for replica in range(settings.replicas):
        ring.add(replica)
    replica = ring.owner(HOT_SESSION)
    variants = []
    for name, chosen in (("hash:session", base),
                         (f"+ bounded load {factor:g}",
                          dataclasses.replace(base, load_factor=factor)),
                         (f"+ session rate limit {rate:g}/s",
                          dataclasses.replace(base, session_rate_limit=rate))):
        result = simulate.run(traffic, chosen, aligned)
        overall = result.overall()
        served = overall["requests"]
        mine = next((i.requests for i in result.instances if i.id == replica), 0)
        variants.append({"name": name, "load_factor": chosen.load_factor,
                         "session_rate_limit": chosen.session_rate_limit,
                         "requests": served, "rejected": result.rejected,
                         "hot_replica_requests": mine,
                         "hot_replica_share": round(mine / served, 4) if served else 0.0,
                         "load_max_over_mean": overall["load_max_over_mean"],
                         "hit_ratio": overall["hit_ratio"],
                         "ttft_ms_mean": overall["ttft_ms_mean"],
                         "ttft_ms_p99": overall["ttft_ms_p99"]})
    total = len(traffic.requests)
    return {"session": HOT_SESSION, "requests": hot,
            "share": round(hot / total, 4) if total else 0.0, "replica": replica,
            "rate_limit_default": settings.session_rate_limit is None, "variants": variants}


def text(figures: dict) -> str:
    """The comparison as a small table."""
    lines = [f"Hot session: {figures['session']} sends {figures['share'] * 100:.1f}% of the "
             f"requests ({figures['requests']:,}); hash:session sends it to replica "
             f"{figures['replica']}."]
    rows = [("variant", f"replica {figures['replica']}", "load max/mean", "hit ratio",
             "first token mean", "p99", "rejected")]
    for v in figures["variants"]:
        rows.append((v["name"], f"{v['hot_replica_share'] * 100:.1f}%",
                     f"{v['load_max_over_mean']:.2f}", f"{v['hit_ratio'] * 100:.1f}%",
                     f"{v['ttft_ms_mean']:,.1f} ms", f"{v['ttft_ms_p99']:,.1f} ms",
                     f"{v['rejected']:,}"))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for row in rows:
        lines.append("  ".join(c.ljust(widths[i]) if i == 0 else c.rjust(widths[i])
                               for i, c in enumerate(row)).rstrip())
    if figures["rate_limit_default"]:
        lines.append(f"(a rate limit of {DEFAULT_RATE:g} request a second, bursts of "
                     f"{simulate.SessionLimit.BURST:g}: no person types faster; set it with "
                     "--session-rate-limit)")
    return "\n".join(lines) + "\n"
