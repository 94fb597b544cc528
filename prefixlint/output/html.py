"""`report --output-format html`: one self-contained page (no network resources).

A summary (prompts, tokens, global share, projected share, estimated savings), a contents
table of the prompts worst first (most tokens to gain by a move, then the smallest share),
the remedies by the three criteria with the numbers each rests on, then per prompt its
rendered text coloured by token: shared by every user, per user, per session, or volatile,
with the break marked and linked to its source line.
"""

from __future__ import annotations

from html import escape

from .. import __version__
from . import remedies_html

CSS = """
body{font:15px/1.5 system-ui,-apple-system,Segoe UI,sans-serif;margin:2rem auto;max-width:72rem;
color:#1d2330;background:#fff;padding:0 1rem}
h1{font-size:1.6rem;margin:0 0 .3rem}h2{font-size:1.15rem;margin:2rem 0 .4rem}
.summary{display:flex;flex-wrap:wrap;gap:1rem;margin:1rem 0}
.card{border:1px solid #d7dce5;border-radius:8px;padding:.7rem 1rem;min-width:10rem}
.card b{display:block;font-size:1.5rem}
table{border-collapse:collapse;margin:.5rem 0}td,th{padding:.25rem .7rem;text-align:right;
border-bottom:1px solid #e3e7ee}td:first-child,th:first-child{text-align:left}
pre{white-space:pre-wrap;word-wrap:break-word;border:1px solid #d7dce5;border-radius:8px;
padding:1rem;font:13px/1.45 ui-monospace,Menlo,Consolas,monospace;max-height:34rem;overflow:auto}
.g{background:#d8f3dc}.d{background:#e9f5c9}.u{background:#dbe9ff}.s{background:#fff1c2}
.v{background:#ffd6d6}
.break{display:inline-block;background:#c1121f;color:#fff;font-weight:bold;padding:0 .35rem;
border-radius:4px;margin:0 .15rem;text-decoration:none}
.legend span{padding:.1rem .5rem;margin-right:.5rem;border-radius:4px}
.finding{color:#9d0208}.muted{color:#5c6577}
#contents td:nth-child(2),#contents th:nth-child(2){text-align:left}
"""


def worst_first(views: list[dict]) -> list[dict]:
    """Prompts ordered by what fixing them gains: the most tokens a move makes shared on
    every request, then across days, then the smallest share shared by every user, by id."""
    return sorted(views, key=lambda v: (-v["measurement"].gain_tokens,
                                        -v["measurement"].gain_tokens_stable,
                                        v["measurement"].share("global"),
                                        v["measurement"].prompt.id))


def _contents(views: list[dict]) -> str:
    rows = "".join(
        f'<tr><td><a href="#prompt-{i}">{escape(v["measurement"].prompt.id)}</a></td>'
        f'<td>{escape(_first_break(v))}</td><td>{v["measurement"].tokens_total:,}</td>'
        f'<td>{v["measurement"].share("global") * 100:.1f}%</td>'
        f'<td>+{max(v["measurement"].gain_tokens, v["measurement"].gain_tokens_stable):,}</td>'
        f'<td>{len(v["findings"])}</td></tr>'
        for i, v in enumerate(views))
    return ('<h2>Prompts, worst first</h2><table id="contents"><tr><th>prompt</th>'
            "<th>first break</th><th>tokens</th><th>shared by every user</th>"
            f"<th>gain after the moves</th><th>findings</th></tr>{rows}</table>")


def _first_break(view: dict) -> str:
    m = view["measurement"]
    if m.break_hole is not None:
        return f"{m.break_hole.scope.label} value {m.break_hole.expr}"
    if m.day_break_hole is not None:
        return f"{m.day_break_hole.scope.label} value {m.day_break_hole.expr} (daily)"
    return "none"


def _segments(text: str, bounds: list[int]) -> list[tuple[str, str]]:
    """Split text at the character offsets where the prefixes shared across days, by every
    user today, per user and per session end."""
    out = []
    start = 0
    for css, end in zip(("g", "d", "u", "s"), bounds):
        end = max(start, min(end, len(text)))
        out.append((css, text[start:end]))
        start = end
    out.append(("v", text[start:]))
    return [(css, part) for css, part in out if part]


def _prompt_section(index: int, view: dict, links: str) -> str:
    m = view["measurement"]
    bounds = view["bounds"]
    parts = []
    marks = {"d": m.day_break_hole, "u": m.break_hole}  # where each band starts
    for css, part in _segments(view["text"], bounds):
        hole = marks.pop(css, None) if css in marks else None
        if css in ("u", "s", "v") and "u" in marks:  # no user band: the break starts here
            hole = marks.pop("u")
        if hole is not None:
            where = f"{hole.span.path}:{hole.span.line}:{hole.span.column}"
            kind = "day break" if css == "d" else "break"
            parts.append(f'<a class="break" id="{kind.replace(" ", "-")}-{index}" '
                         f'href="{escape(links + hole.span.path)}#L{hole.span.line}" '
                         f'title="{kind}: {escape(where)}">▼ {kind}: '
                         f'{escape(hole.scope.label)} value {escape(hole.expr)} ({escape(where)})</a>')
        parts.append(f'<span class="{css}">{escape(part)}</span>')
    prefix = m.prefix_tokens
    total = m.tokens_total or 1
    rows = (f"<tr><td>across days</td><td>{m.prefix_tokens_stable:,}</td>"
            f"<td>{m.prefix_tokens_stable / total * 100:.1f}%</td></tr>") + "".join(
        f"<tr><td>{level}</td><td>{prefix[level]:,}</td><td>{m.share(level) * 100:.1f}%</td></tr>"
        for level in ("global", "user", "session", "turn"))
    days = (f" · across days {m.prefix_tokens_stable / total * 100:.1f}%, after the moves "
            f"+{m.gain_tokens_stable:,} tokens" if m.gain_tokens_stable else "")
    findings = "".join(f'<li class="finding">{escape(f.span.path)}:{f.span.line}:{f.span.column} '
                       f'{escape(f.code)} {escape(f.message)}</li>' for f in view["findings"])
    return (f'<section class="prompt" id="prompt-{index}" data-prompt="{escape(m.prompt.id)}">'
            f"<h2>{escape(m.prompt.id)}</h2>"
            f'<p class="muted">{m.tokens_total:,} tokens · {m.prompt.kind} · projected share '
            f"{m.projected_share_global * 100:.1f}% (+{m.gain_tokens:,} tokens){days}</p>"
            f"<table><tr><th>scope</th><th>shared prefix</th><th>share</th></tr>{rows}</table>"
            f"{'<ul>' + findings + '</ul>' if findings else ''}"
            f"<pre>{''.join(parts)}</pre></section>")


def render(result, settings, views: list[dict], links: str = "",
           remedies: dict | None = None, remedies_heading: str = "") -> str:
    """`views`: per measurement its rendered text and the character offsets of the prefixes;
    `links`: the project root as seen from where the page is written, for source links;
    `remedies`: the JSON `remedies` document, shown after the contents (`remedies_heading`
    says what traffic it was measured on)."""
    total = sum(m.tokens_total for m in result.measurements)
    shared = sum(m.prefix_tokens["global"] for m in result.measurements)
    projected = sum(m.projected_prefix_global for m in result.measurements)
    share = shared / total if total else 1.0
    after = projected / total if total else 1.0
    days = sum(m.prefix_tokens_stable for m in result.measurements) / total if total else 1.0
    saved = ""
    if settings is not None and result.provider is not None:
        from ..estimate import estimate

        ms = sum(estimate(m, result.provider_for(m.prompt), settings).projected_saved_ms
                 for m in result.measurements)
        names = ", ".join(dict.fromkeys(p.name for p, _ in result.providers_used())) or \
            result.provider.name
        saved = (f'<div class="card" id="saved"><b>{ms:,.1f} ms</b>prefill saved per request '
                 f"after the moves (estimate, {settings.ms_per_token:g} ms/token, "
                 f"{escape(names)})</div>")
    cards = (f'<div class="card" id="prompts"><b>{len(result.measurements)}</b>prompts</div>'
             f'<div class="card" id="tokens"><b>{total:,}</b>tokens ({escape(result.tokenizer.name)})</div>'
             f'<div class="card" id="days"><b>{days * 100:.1f}%</b>shared across days</div>'
             f'<div class="card" id="share"><b>{share * 100:.1f}%</b>shared by every user</div>'
             f'<div class="card" id="projected"><b>{after * 100:.1f}%</b>after the suggested moves</div>'
             f'<div class="card" id="findings"><b>{len(result.findings)}</b>findings</div>{saved}')
    legend = ('<p class="legend"><span class="g">shared by every user, every day</span>'
              '<span class="d">shared by every user, today only</span><span class="u">'
              'shared per user</span><span class="s">shared per session</span><span class="v">'
              "volatile</span></p>")
    views = worst_first(views)
    advice = remedies_html.section(remedies, remedies_heading) if remedies else ""
    sections = _contents(views) + advice + "".join(_prompt_section(i, v, links)
                                                   for i, v in enumerate(views))
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>prefixlint '
            f"report</title><style>{CSS}{remedies_html.CSS}</style></head><body>"
            "<h1>prefixlint report</h1>"
            f'<p class="muted">prefixlint {__version__} · shared prefixes measured with '
            f"{escape(result.tokenizer.name)}</p><div class=\"summary\">{cards}</div>{legend}"
            f"{sections}</body></html>\n")
