"""`prefixlint simulate` output: a text table per policy, JSON (one object per policy), and
a self-contained HTML page with its charts drawn as inline SVG (no script, no network)."""

from __future__ import annotations

import re
from html import escape

from .. import __version__
from . import remedies_html
from .fleet_html import CSS as FLEET_CSS, hot_session_section, size, store_section
from .html import CSS

COLORS = ("#2a9d8f", "#e76f51", "#264653", "#e9c46a", "#8d99ae", "#6a4c93", "#1982c4",
          "#8ac926")


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{value * 100:.1f}%"


def text(results, headline: str, against: list | None = None, extra: str = "") -> str:
    lines = [headline, ""]
    lines.append(f"{'policy':<14} {'replica':>7} {'requests':>9} {'prompt tokens':>14} "
                 f"{'cached tokens':>14} {'hit ratio':>9} {'load':>6} {'first token':>11}"
                 f" {'moved':>9}")
    for result in results:
        total = sum(i.requests for i in result.instances)
        for instance in result.instances:
            figures = instance.as_dict(total, result.store is not None)
            moved = size(figures["bytes_moved"]) if "bytes_moved" in figures else "-"
            lines.append(f"{result.policy:<14} {instance.id:>7} {instance.requests:>9,} "
                         f"{instance.prompt_tokens:>14,} {instance.cached_tokens:>14,} "
                         f"{_percent(instance.hit_ratio):>9} "
                         f"{_percent(figures['load_share']):>6} "
                         f"{figures['ttft_ms_mean']:>8,.1f} ms {moved:>9}")
        overall = result.overall()
        lines.append(f"{result.policy:<14} {'all':>7} {overall['requests']:>9,} "
                     f"{overall['prompt_tokens']:>14,} {overall['cached_tokens']:>14,} "
                     f"{_percent(overall['hit_ratio']):>9}   first token: mean "
                     f"{overall['ttft_ms_mean']:,.1f} ms, p99 {overall['ttft_ms_p99']:,.1f} ms;"
                     f" load max/mean {overall['load_max_over_mean']:.2f}"
                     + (f"; {overall['rejected']:,} rejected by the session rate limit"
                        if "rejected" in overall else "")
                     + (f"; moved {size(overall['bytes_moved'])}" if result.store else ""))
        if result.store:
            lines.extend(f"{'':<14} {line}" for line in store_text(result))
        for event in result.events:
            lines.append(f"{'':<14} {event_text(event)}")
        for warning in result.warnings():
            lines.append(f"{'':<14} warning: {warning}")
        if against:
            lines.append(f"{'':<14} {against_text(against[results.index(result)])}")
        lines.append("")
    if extra:
        lines.append(extra.rstrip("\n"))
        lines.append("")
    return "\n".join(lines)


def store_text(result) -> list[str]:
    """The shared store's link, its break-even prefix length, what it moved, and the
    isolation note when it holds per-user content."""
    figures = result.shared_kv()
    overall = result.overall()
    even = figures["break_even_tokens"]
    verdict = (f"a stored prefix loads faster than it prefills from {even:,} tokens on" if even
               else "the link is slower per token than the prefill: the store never pays, "
                    "every replica prefills again")
    lines = [f"store: {figures['model']} KV {figures['kv_bytes_per_token']:,} B/token over "
             f"{figures['bandwidth_gbps']:g} Gb/s + {figures['latency_ms']:g} ms round trip = "
             f"{figures['transfer_ms_per_token']:.4f} ms/token against "
             f"{figures['prefill_ms_per_token']:g} ms/token of prefill: {verdict}",
             f"store: loaded {overall['store_tokens']:,} tokens "
             f"({size(overall['bytes_loaded'])}), prefilled "
             f"{overall['store_declined_tokens']:,} it held instead; stored "
             f"{size(overall['bytes_stored'])} (holds {figures['held_tokens']:,} of "
             f"{figures['capacity_tokens']:,} tokens at the end)"]
    if figures["per_user_written_tokens"]:
        lines.append(f"isolation: {figures['per_user_written_tokens']:,} of the "
                     f"{figures['written_tokens']:,} tokens written to the store "
                     f"({size(figures['per_user_written_bytes'])}) are not common to every "
                     "request (per-user or per-session values, conversations): the store "
                     "copies user data out of the instance")
    return lines


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


LEFT, BOTTOM, TOP = 46, 34, 12  # room for the axes' labels and titles


def _axes(width: int, height: int, x_title: str, x_ticks: list[tuple[float, str]]) -> str:
    """A chart's frame: the hit-ratio axis (0, 50, 100%) with grid lines, the x axis with
    its ticks and title, all in the plot's own coordinates (origin at LEFT, height)."""
    parts = []
    for ratio in (0.0, 0.5, 1.0):
        y = height - ratio * height
        parts.append(f'<line class="grid" x1="{LEFT}" x2="{LEFT + width}" y1="{y:.1f}" '
                     f'y2="{y:.1f}" stroke="#e3e7ee"/><text class="tick" x="{LEFT - 6}" '
                     f'y="{y + 4:.1f}" text-anchor="end" font-size="11">{ratio * 100:.0f}%</text>')
    parts.append(f'<line class="axis" x1="{LEFT}" x2="{LEFT}" y1="0" y2="{height}" '
                 f'stroke="#5c6577"/><line class="axis" x1="{LEFT}" x2="{LEFT + width}" '
                 f'y1="{height}" y2="{height}" stroke="#5c6577"/>')
    parts.append(f'<text class="axis-title" x="12" y="{height / 2:.1f}" font-size="12" '
                 f'text-anchor="middle" transform="rotate(-90 12 {height / 2:.1f})">hit ratio'
                 "</text>")
    for index, (x, label) in enumerate(x_ticks):
        anchor = "end" if index == len(x_ticks) - 1 and index else \
            "start" if index == 0 else "middle"
        parts.append(f'<text class="tick" x="{LEFT + x:.1f}" y="{height + 14}" '
                     f'text-anchor="{anchor}" font-size="11">{escape(label)}</text>')
    if x_title:
        parts.append(f'<text class="axis-title" x="{LEFT + width / 2:.1f}" '
                     f'y="{height + BOTTOM - 4}" text-anchor="middle" font-size="12">'
                     f"{escape(x_title)}</text>")
    return "".join(parts)


def _time_ticks(end: float, width: int) -> list[tuple[float, str]]:
    return [(fraction * (width - 10) + 5, f"{fraction * end:,.0f} s")
            for fraction in (0.0, 0.5, 1.0)]


def _legend(items: list[tuple[str, str]], x: float, y: float) -> str:
    """Colour keys in a row: (colour, label) each."""
    parts = []
    for color, label in items:
        parts.append(f'<rect class="key" x="{x:.1f}" y="{y - 9:.1f}" width="10" height="10" '
                     f'fill="{color}"/><text class="key-label" x="{x + 14:.1f}" y="{y:.1f}" '
                     f'font-size="11">{escape(label)}</text>')
        x += 24 + 7 * len(label)
    return "".join(parts)


def _framed(svg: str) -> str:
    """A chart moved down by TOP inside a taller frame, so that its top label shows."""
    head, _, body = svg.partition(">")
    head = re.sub(r'viewBox="0 0 (\d+) (\d+)"', lambda m: f'viewBox="0 0 {m.group(1)} '
                  f'{int(m.group(2)) + TOP}"', head)
    head = re.sub(r' height="(\d+)"', lambda m: f' height="{int(m.group(1)) + TOP}"', head)
    return f'{head}><g transform="translate(0,{TOP})">{body.removesuffix("</svg>")}</g></svg>'


def _bars(results) -> str:
    """Hit ratio per instance, one group of bars per policy."""
    width, height, gap = 660, 200, 18
    groups = len(results)
    group_width = (width - gap * (groups + 1)) / max(groups, 1)
    parts = [f'<svg class="chart" id="hit-by-instance" viewBox="0 0 {LEFT + width + 14} '
             f'{height + BOTTOM + 24}" width="{LEFT + width + 14}" '
             f'height="{height + BOTTOM + 24}" role="img" '
             f'aria-label="hit ratio per instance and policy">',
             _axes(width, height, "policy (one bar per replica)", [])]
    for g, result in enumerate(results):
        x0 = LEFT + gap + g * (group_width + gap)
        count = max(len(result.instances), 1)
        bar = group_width / count
        for i, instance in enumerate(result.instances):
            h = instance.hit_ratio * height
            parts.append(f'<rect class="bar" x="{x0 + i * bar:.1f}" y="{height - h:.1f}" '
                         f'width="{max(bar - 2, 1):.1f}" height="{h:.1f}" '
                         f'fill="{COLORS[i % len(COLORS)]}"><title>{escape(result.policy)} '
                         f'replica {instance.id}: {_percent(instance.hit_ratio)}</title></rect>')
        parts.append(f'<text class="tick" x="{x0 + group_width / 2:.1f}" y="{height + 14}" '
                     f'text-anchor="middle" font-size="12">{escape(result.policy)}</text>')
    replicas = max((len(r.instances) for r in results), default=0)
    parts.append(_legend([(COLORS[i % len(COLORS)], f"replica {i}") for i in range(replicas)],
                         LEFT, height + BOTTOM + 18))
    parts.append("</svg>")
    return "".join(parts)


def _timeline(results) -> str:
    """Hit ratio over time, one line per policy, with the events marked."""
    width, height = 660, 180
    parts = [f'<svg class="chart" id="hit-over-time" viewBox="0 0 {LEFT + width + 14} '
             f'{height + BOTTOM + 24}" width="{LEFT + width + 14}" '
             f'height="{height + BOTTOM + 24}" role="img" aria-label="hit ratio over time">']
    end = max((p["start_s"] for r in results for p in r.timeline), default=1.0) or 1.0
    parts.append(_axes(width, height, "time since the start of the trace",
                       _time_ticks(end, width)))
    for index, result in enumerate(results):
        points = [(LEFT + p["start_s"] / end * (width - 10) + 5,
                   height - p["hit_ratio"] * height)
                  for p in result.timeline if p["hit_ratio"] is not None]
        if points:
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
            parts.append(f'<polyline class="line" points="{path}" fill="none" stroke-width="2" '
                         f'stroke="{COLORS[index % len(COLORS)]}"><title>'
                         f'{escape(result.policy)}</title></polyline>')
    for event in results[0].events if results else ():
        x = LEFT + event["at_s"] / end * (width - 10) + 5
        parts.append(f'<line class="event" x1="{x:.1f}" x2="{x:.1f}" y1="0" y2="{height}" '
                     f'stroke="#c1121f" stroke-dasharray="4 3"><title>{escape(event_text(event))}'
                     f'</title></line>')
    parts.append(_legend([(COLORS[i % len(COLORS)], r.policy) for i, r in enumerate(results)],
                         LEFT, height + BOTTOM + 18))
    parts.append("</svg>")
    return "".join(parts)


def _instance_timeline(result, index: int) -> str:
    """One policy's instances over time, one line each, with the fleet's events marked
    (replica added or lost) and a prewarm at the start."""
    width, height = 660, 160
    end = max((p["start_s"] for p in result.timeline), default=1.0) or 1.0
    step = end / max(len(result.timeline) - 1, 1)
    parts = [f'<svg class="chart instances" id="instances-over-time-{index}" '
             f'viewBox="0 0 {LEFT + width + 14} {height + BOTTOM + 44}" '
             f'width="{LEFT + width + 14}" height="{height + BOTTOM + 44}" '
             f'role="img" aria-label="{escape(result.policy)}: hit ratio of each instance '
             f'over time">', _axes(width, height, "time since the start of the trace",
                                   _time_ticks(end, width))]
    for replica, ratios in sorted(result.instance_timeline.items()):
        points = [(LEFT + i * step / end * (width - 10) + 5, height - ratio * height)
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
        x = LEFT + at / end * (width - 10) + 5
        parts.append(f'<line class="instance-event" x1="{x:.1f}" x2="{x:.1f}" y1="0" '
                     f'y2="{height}" stroke="#c1121f" stroke-dasharray="4 3"><title>'
                     f'{escape(label)}</title></line>')
    parts.append(_legend([(COLORS[r % len(COLORS)], f"replica {r}")
                          for r in sorted(result.instance_timeline)], LEFT, height + BOTTOM + 18))
    parts.append(f'<text x="{LEFT}" y="{height + BOTTOM + 38}" font-size="12">'
                 f'{escape(result.policy)}: each instance\'s hit ratio over time</text></svg>')
    return "".join(parts)


def html(results, headline: str, extra: dict | None = None) -> str:
    """The page: warnings, the policies side by side, the shared store's figures (when the
    shared-kv policy ran), the hot-session comparison and the remedies (`extra`, the JSON
    keys `hot_session` and `remedies`), then the charts, events and instances."""
    extra = extra or {}
    sections = "".join(store_section(r) for r in results if r.store is not None)
    if extra.get("hot_session"):
        sections += hot_session_section(extra["hot_session"])
    if extra.get("remedies"):
        sections += remedies_html.section(extra["remedies"])
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
    warnings = "".join(f'<p class="finding warning">Warning: {escape(w)}</p>'
                       for r in results for w in r.warnings())
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>prefixlint simulate</title>
<style>{CSS}{remedies_html.CSS}{FLEET_CSS}
svg.chart{{border:1px solid #d7dce5;border-radius:8px;margin:.5rem 0}}</style>
</head><body>
<h1>Replicas and routing: simulated prefix-cache hits</h1>
<p class="muted">{escape(headline)} · prefixlint {escape(__version__)} · estimates: prefill
linear in uncached tokens, one request at a time per replica</p>
{warnings}
<h2>Per policy</h2>
<table id="policies"><tr><th>policy</th><th>hit ratio</th><th>first token, mean</th>
<th>first token, p99</th><th>load max/mean</th></tr>{"".join(rows)}</table>
{sections}
<h2>Hit ratio per instance</h2>
{_framed(_bars(results))}
<h2>Hit ratio over time</h2>
{_framed(_timeline(results))}
<h2>Each instance over time</h2>
{"".join(_framed(_instance_timeline(r, i)) for i, r in enumerate(results))}
{f"<h2>Events</h2><ul id='events'>{events}</ul>" if events else ""}
<h2>Instances</h2>
<table id="instances"><tr><th>policy</th><th>replica</th><th>requests</th><th>prompt tokens</th>
<th>cached tokens</th><th>hit ratio</th></tr>{instances}</table>
</body></html>
"""
