"""`prefixlint simulate` output: a text table per policy, JSON (one object per policy), and
a self-contained HTML page with its charts drawn as inline SVG (no script, no network)."""

from __future__ import annotations

from html import escape

from .. import __version__
from .html import CSS

COLORS = ("#2a9d8f", "#e76f51", "#264653", "#e9c46a", "#8d99ae", "#6a4c93", "#1982c4",
          "#8ac926")


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{value * 100:.1f}%"


def text(results, headline: str, against: list | None = None) -> str:
    lines = [headline, ""]
    lines.append(f"{'policy':<14} {'replica':>7} {'requests':>9} {'prompt tokens':>14} "
                 f"{'cached tokens':>14} {'hit ratio':>9}")
    for result in results:
        for instance in result.instances:
            lines.append(f"{result.policy:<14} {instance.id:>7} {instance.requests:>9,} "
                         f"{instance.prompt_tokens:>14,} {instance.cached_tokens:>14,} "
                         f"{_percent(instance.hit_ratio):>9}")
        overall = result.overall()
        lines.append(f"{result.policy:<14} {'all':>7} {overall['requests']:>9,} "
                     f"{overall['prompt_tokens']:>14,} {overall['cached_tokens']:>14,} "
                     f"{_percent(overall['hit_ratio']):>9}   first token: mean "
                     f"{overall['ttft_ms_mean']:,.1f} ms, p99 {overall['ttft_ms_p99']:,.1f} ms;"
                     f" load max/mean {overall['load_max_over_mean']:.2f}")
        for event in result.events:
            lines.append(f"{'':<14} {event_text(event)}")
        if against:
            lines.append(f"{'':<14} {against_text(against[results.index(result)])}")
        lines.append("")
    return "\n".join(lines)


def against_text(figures: dict) -> str:
    """The seed's arithmetic beside the simulated figure, against one replica."""
    return (f"against 1 replica: hit ratio {_percent(figures['hit_ratio_one_replica'])} -> "
            f"{_percent(figures['hit_ratio'])}; estimate "
            f"({figures['hit_ratio_one_replica']:.3f} - {figures['hit_ratio']:.3f}) x "
            f"{figures['prefill_ms_per_request']:,.1f} ms = "
            f"{figures['estimate_ms_more']:+,.1f} ms a request; simulated first token "
            f"{figures['ttft_ms_mean_one_replica']:,.1f} -> {figures['ttft_ms_mean']:,.1f} ms "
            f"({figures['simulated_ms_more']:+,.1f} ms, queues included)")


def event_text(event: dict) -> str:
    if "skipped" in event:
        return f"at {event['at_s']:g} s: {event['skipped']}"
    what = "replica {} added".format(event["replica"]) if event["kind"] == "add" else \
        "replica {} failed (its cache is lost)".format(event["replica"])
    moved = ""
    if "keys_moved" in event:
        moved = (f"; {_percent(event['keys_moved'])} of {event['keys']:,} keys moved "
                 f"({_percent(event['keys_moved_modulo'])} with modulo hashing)")
    return (f"at {event['at_s']:g} s, {what}{moved}; hit ratio {_percent(event.get('hit_ratio_before'))}"
            f" before, {_percent(event.get('hit_ratio_after'))} after")


def _bars(results) -> str:
    """Hit ratio per instance, one group of bars per policy."""
    width, height, gap = 720, 220, 18
    groups = len(results)
    group_width = (width - gap * (groups + 1)) / max(groups, 1)
    parts = [f'<svg class="chart" id="hit-by-instance" viewBox="0 0 {width} {height + 40}" '
             f'width="{width}" height="{height + 40}" role="img" '
             f'aria-label="hit ratio per instance and policy">']
    for g, result in enumerate(results):
        x0 = gap + g * (group_width + gap)
        count = max(len(result.instances), 1)
        bar = group_width / count
        for i, instance in enumerate(result.instances):
            h = instance.hit_ratio * height
            parts.append(f'<rect class="bar" x="{x0 + i * bar:.1f}" y="{height - h:.1f}" '
                         f'width="{max(bar - 2, 1):.1f}" height="{h:.1f}" '
                         f'fill="{COLORS[i % len(COLORS)]}"><title>{escape(result.policy)} '
                         f'replica {instance.id}: {_percent(instance.hit_ratio)}</title></rect>')
        parts.append(f'<text x="{x0 + group_width / 2:.1f}" y="{height + 18}" '
                     f'text-anchor="middle" font-size="12">{escape(result.policy)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _timeline(results) -> str:
    """Hit ratio over time, one line per policy, with the events marked."""
    width, height = 720, 200
    parts = [f'<svg class="chart" id="hit-over-time" viewBox="0 0 {width} {height + 30}" '
             f'width="{width}" height="{height + 30}" role="img" '
             f'aria-label="hit ratio over time">']
    end = max((p["start_s"] for r in results for p in r.timeline), default=1.0) or 1.0
    for index, result in enumerate(results):
        points = [(p["start_s"] / end * (width - 10) + 5, height - p["hit_ratio"] * height)
                  for p in result.timeline if p["hit_ratio"] is not None]
        if points:
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
            parts.append(f'<polyline class="line" points="{path}" fill="none" stroke-width="2" '
                         f'stroke="{COLORS[index % len(COLORS)]}"><title>'
                         f'{escape(result.policy)}</title></polyline>')
    for event in results[0].events if results else ():
        x = event["at_s"] / end * (width - 10) + 5
        parts.append(f'<line class="event" x1="{x:.1f}" x2="{x:.1f}" y1="0" y2="{height}" '
                     f'stroke="#c1121f" stroke-dasharray="4 3"><title>{escape(event_text(event))}'
                     f'</title></line>')
    parts.append("</svg>")
    return "".join(parts)


def _instance_timeline(result, index: int) -> str:
    """One policy's instances over time, one line each, with the fleet's events marked
    (replica added or lost) and a prewarm at the start."""
    width, height = 720, 180
    end = max((p["start_s"] for p in result.timeline), default=1.0) or 1.0
    step = end / max(len(result.timeline) - 1, 1)
    parts = [f'<svg class="chart instances" id="instances-over-time-{index}" '
             f'viewBox="0 0 {width} {height + 30}" width="{width}" height="{height + 30}" '
             f'role="img" aria-label="{escape(result.policy)}: hit ratio of each instance '
             f'over time">']
    for replica, ratios in sorted(result.instance_timeline.items()):
        points = [(i * step / end * (width - 10) + 5, height - ratio * height)
                  for i, ratio in enumerate(ratios) if ratio is not None]
        if points:
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
            parts.append(f'<polyline class="instance-line" points="{path}" fill="none" '
                         f'stroke-width="2" stroke="{COLORS[replica % len(COLORS)]}"><title>'
                         f'replica {replica}</title></polyline>')
    marks = [(0.0, "prewarmed: every replica holds the common prefixes")] \
        if result.settings.prewarm else []
    marks += [(e["at_s"], event_text(e)) for e in result.events]
    for at, label in marks:
        x = at / end * (width - 10) + 5
        parts.append(f'<line class="instance-event" x1="{x:.1f}" x2="{x:.1f}" y1="0" '
                     f'y2="{height}" stroke="#c1121f" stroke-dasharray="4 3"><title>'
                     f'{escape(label)}</title></line>')
    parts.append(f'<text x="5" y="{height + 22}" font-size="12">{escape(result.policy)}: '
                 f'each instance\'s hit ratio over time</text></svg>')
    return "".join(parts)


def html(results, headline: str) -> str:
    rows = []
    for index, result in enumerate(results):
        overall = result.overall()
        rows.append(
            f'<tr><td><span style="color:{COLORS[index % len(COLORS)]}">■</span> '
            f'{escape(result.policy)}</td><td>{_percent(overall["hit_ratio"])}</td>'
            f'<td>{overall["ttft_ms_mean"]:,.1f} ms</td><td>{overall["ttft_ms_p99"]:,.1f} ms</td>'
            f'<td>{overall["load_max_over_mean"]:.2f}</td></tr>')
    instances = "".join(
        f"<tr><td>{escape(r.policy)}</td><td>{i.id}</td><td>{i.requests:,}</td>"
        f"<td>{i.prompt_tokens:,}</td><td>{i.cached_tokens:,}</td>"
        f'<td class="hit">{_percent(i.hit_ratio)}</td></tr>'
        for r in results for i in r.instances)
    events = "".join(f"<li>{escape(r.policy)}: {escape(event_text(e))}</li>"
                     for r in results for e in r.events)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>prefixlint simulate</title>
<style>{CSS}svg.chart{{border:1px solid #d7dce5;border-radius:8px;margin:.5rem 0}}</style>
</head><body>
<h1>Replicas and routing: simulated prefix-cache hits</h1>
<p class="muted">{escape(headline)} · prefixlint {escape(__version__)} · estimates: prefill
linear in uncached tokens, one request at a time per replica</p>
<h2>Per policy</h2>
<table id="policies"><tr><th>policy</th><th>hit ratio</th><th>first token, mean</th>
<th>first token, p99</th><th>load max/mean</th></tr>{"".join(rows)}</table>
<h2>Hit ratio per instance</h2>
{_bars(results)}
<h2>Hit ratio over time</h2>
{_timeline(results)}
<h2>Each instance over time</h2>
{"".join(_instance_timeline(r, i) for i, r in enumerate(results))}
{f"<h2>Events</h2><ul id='events'>{events}</ul>" if events else ""}
<h2>Instances</h2>
<table id="instances"><tr><th>policy</th><th>replica</th><th>requests</th><th>prompt tokens</th>
<th>cached tokens</th><th>hit ratio</th></tr>{instances}</table>
</body></html>
"""
