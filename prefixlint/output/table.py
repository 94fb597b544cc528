"""`report`'s readable table: per prompt, tokens, shared prefix per scope, share, break, gain."""

from __future__ import annotations

from ..api import Result
from ..estimate import Settings, estimate
from ..measure import Measurement


def _percent(value: float) -> str:
    return f"{value * 100:.1f}%"


def _break(measurement: Measurement) -> str:
    hole = measurement.break_hole or measurement.day_break_hole
    if hole is None:
        return "-"
    where = f"{hole.span.line}:{hole.span.column}"
    if hole.span.path != measurement.prompt.path:
        where = f"{hole.span.path}:{where}"
    return f"{where} {hole.scope.label} '{hole.expr}'"


def render(result: Result, settings: Settings | None = None) -> str:
    header = ("prompt", "tokens", "days", "global", "user", "session", "turn", "share", "break",
              "projected")
    rows = []
    for m in result.measurements:
        projected = _percent(m.projected_share_global)
        if m.gain_tokens:
            projected += f" (+{m.gain_tokens:,})"
        elif m.gain_tokens_stable:
            projected += f" (+{m.gain_tokens_stable:,} across days)"
        rows.append((m.prompt.id, f"{m.tokens_total:,}", f"{m.prefix_tokens_stable:,}",
                     f"{m.prefix_tokens['global']:,}",
                     f"{m.prefix_tokens['user']:,}", f"{m.prefix_tokens['session']:,}",
                     f"{m.prefix_tokens['turn']:,}", _percent(m.share("global")), _break(m),
                     projected))
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    numeric = {1, 2, 3, 4, 5, 6, 7}

    def line(row) -> str:
        cells = [str(c).rjust(widths[i]) if i in numeric else str(c).ljust(widths[i])
                 for i, c in enumerate(row)]
        return "  ".join(cells).rstrip()

    out = [line(header), line(tuple("-" * w for w in widths))]
    out.extend(line(r) for r in rows)
    total = sum(m.tokens_total for m in result.measurements)
    shared = sum(m.prefix_tokens["global"] for m in result.measurements)
    projected = sum(m.projected_prefix_global for m in result.measurements)
    share = shared / total if total else 1.0
    after = projected / total if total else 1.0
    out.append("")
    out.append(f"{len(result.measurements)} prompts, {total:,} tokens ({result.tokenizer.name}); "
               f"shared by every user: {shared:,} ({_percent(share)}); after the suggested "
               f"moves: {projected:,} ({_percent(after)}).")
    out.append("days = shared across days; global = shared by every user (today); user = by "
               "one user's sessions; session = by one session's requests. Share = global / "
               "tokens.")
    if settings is not None and result.provider is not None and result.measurements:
        out.extend(_estimates(result, settings))
    unreadable = [f for f in result.findings if f.code == "PFX900"]
    for finding in unreadable:
        out.append(f"not measured: {finding.span.path}:{finding.span.line}: {finding.message}")
    if result.findings:
        out.append(f"{len(result.findings)} findings: run `prefixlint check` for details.")
    return "\n".join(out) + "\n"


def _estimates(result: Result, settings: Settings) -> list[str]:
    """Per prompt: what the provider caches, and prefill time saved per request (estimates)."""
    used = result.providers_used()
    if len(used) == 1:
        provider = used[0][0]
        model = f", {provider.model}" if provider.model else ""
        named = f"{provider.name}{model}: minimum {provider.minimum:,} tokens"
    else:
        named = "per prompt, from its SDK: " + ", ".join(
            f"{p.name}{f' {p.model}' if p.model else ''} (minimum {p.minimum:,}) for {n}"
            for p, n in used)
    out = ["", f"Estimates ({named}; {settings.ms_per_token:g} ms of prefill per token; "
               f"{settings.replicas} replica{'s' if settings.replicas != 1 else ''}):"]
    header = ("prompt", "cached", "saves", "after moves", "sticky adds")
    rows = []
    advice_lines = []
    for m in result.measurements:
        found = estimate(m, result.provider_for(m.prompt), settings)
        rows.append((m.prompt.id, f"{found.cached_tokens:,}", f"{found.saved_ms:,.1f} ms",
                     f"{found.projected_cached_tokens:,} / {found.projected_saved_ms:,.1f} ms",
                     f"{found.sticky_saved_ms:,.1f} ms"))
        for advice in found.advice:
            advice_lines.append(f"  {m.prompt.id}: {advice}")
        hourly = found.per_hour_seconds(settings.requests_per_second)
        if hourly:
            advice_lines.append(f"  {m.prompt.id}: at {settings.requests_per_second:g} "
                                f"requests/s the cached prefix (after the moves) saves about "
                                f"{hourly:,.0f} s of prefill per hour")
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    for row in [header, tuple("-" * w for w in widths), *rows]:
        out.append("  ".join(c.ljust(widths[i]) if i == 0 else c.rjust(widths[i])
                             for i, c in enumerate(row)).rstrip())
    from ..api import heads
    from ..estimate import prefix_groups, routing_advice

    advice_lines += [f"  {line}" for line in routing_advice(prefix_groups(heads(result)))]
    if advice_lines:
        out.append("Advice (estimates):")
        out.extend(advice_lines)
    return out
