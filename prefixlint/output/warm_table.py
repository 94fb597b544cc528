"""`warm`'s per-instance table: what each replica took and, verified, what it now caches."""

from __future__ import annotations

from ..fleet.warm import COUNTS_HINT


def render(results, verify: bool) -> str:
    header = ("instance", "warmed", "failed", "prefix tokens", "cached", "ratio", "cold ms",
              "warm ms")
    rows = []
    for r in results:
        d = r.as_dict()
        rows.append((d["endpoint"], str(d["warmed"]), str(d["failed"]), f"{d['prefix_tokens']:,}",
                     "-" if d["cached_tokens"] is None else f"{d['cached_tokens']:,}",
                     "-" if d["ratio"] is None else f"{d['ratio'] * 100:.1f}%",
                     "-" if d["cold_ms"] is None else f"{d['cold_ms']:,.0f}",
                     "-" if d["warm_ms"] is None else f"{d['warm_ms']:,.0f}"))
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines = ["  ".join(c.ljust(widths[i]) if i == 0 else c.rjust(widths[i])
                       for i, c in enumerate(row)).rstrip()
             for row in [header, tuple("-" * w for w in widths), *rows]]
    for r in results:
        for error in r.errors[:3]:
            lines.append(f"{r.endpoint}: {error}")
        if verify and r.warmed and not r.counted:
            lines.append(f"{r.endpoint}: the server reports no cached-token counts, so the "
                         f"warming cannot be verified ({COUNTS_HINT})")
    ok = [r for r in results if r.ok(verify)]
    lines.append(f"{len(ok)} of {len(results)} instances warmed"
                 + (" and verified" if verify else "") + ".")
    return "\n".join(lines) + "\n"
