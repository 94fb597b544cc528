"""The parts of `simulate --output-format html` that compare what the fleet pays: the shared
KV store's link, break-even prefix length and bytes moved (per instance and overall, with the
isolation line), and the hot-session comparison. Figures exactly as the JSON output holds
them (fractions of four decimals as percentages of two); every text escaped.
"""

from __future__ import annotations

from html import escape

from ..fleet.hot_sessions import DEFAULT_RATE
from ..fleet.simulate import SessionLimit
from .remedies_html import exact

CSS = "#store-bytes td,#store-link td{white-space:nowrap}"


def size(count: int) -> str:
    """Bytes in decimal units, as network links and stores are sized."""
    for unit, scale in (("TB", 10**12), ("GB", 10**9), ("MB", 10**6), ("kB", 10**3)):
        if count >= scale:
            return f"{count / scale:,.1f} {unit}"
    return f"{count:,} B"


def _bytes(count: int) -> str:
    """Exact bytes, then the same in decimal units."""
    return f'{count:,} B <span class="muted">({size(count)})</span>'


def _share(fraction: float) -> str:
    """A fraction the JSON rounds to four decimals, as a percentage that keeps them all."""
    return f"{fraction * 100:.2f}%"


def store_section(result) -> str:
    """The shared-kv policy's store: its link against the prefill, the break-even prefix
    length, what each instance loaded, prefilled instead and stored, and the isolation line
    when the store took in content not common to every request."""
    figures = result.shared_kv()
    overall = result.overall()
    even = figures["break_even_tokens"]
    verdict = (f"a stored prefix loads faster than it prefills from {even:,} tokens on"
               if even else "the link is slower per token than the prefill: the store never "
                            "pays, every replica prefills again")
    link = [("model", "KV model", escape(figures["model"])),
            ("kv_bytes_per_token", "KV bytes a token",
             f"{exact(figures['kv_bytes_per_token'])} B"),
            ("bandwidth_gbps", "bandwidth", f"{exact(figures['bandwidth_gbps'])} Gb/s"),
            ("latency_ms", "round trip of a load", f"{exact(figures['latency_ms'])} ms"),
            ("transfer_ms_per_token", "transfer, a token",
             f"{exact(figures['transfer_ms_per_token'])} ms"),
            ("prefill_ms_per_token", "prefill, a token",
             f"{exact(figures['prefill_ms_per_token'])} ms"),
            ("break_even_tokens", "break-even prefix length",
             f"{even:,} tokens" if even else "never"),
            ("capacity_tokens", "capacity", f"{figures['capacity_tokens']:,} tokens"),
            ("capacity_bytes", "capacity in bytes", _bytes(figures["capacity_bytes"])),
            ("held_tokens", "held at the end", f"{figures['held_tokens']:,} tokens"),
            ("written_tokens", "written", f"{figures['written_tokens']:,} tokens"),
            ("loaded_tokens", "loaded", f"{figures['loaded_tokens']:,} tokens"),
            ("per_user_written_tokens", "written, not common to every request",
             f"{figures['per_user_written_tokens']:,} tokens = "
             f"{_bytes(figures['per_user_written_bytes'])}")]
    rows = "".join(f'<tr data-key="{key}"><td>{name}</td><td>{value}</td></tr>'
                   for key, name, value in link)
    total = overall["requests"]
    instances = "".join(_moved_row(str(i.id), i.as_dict(total, True))
                        for i in result.instances)
    isolation = ""
    if figures["per_user_written_tokens"]:
        isolation = (f'<p class="finding" id="store-isolation">Isolation: '
                     f"{figures['per_user_written_tokens']:,} of the "
                     f"{figures['written_tokens']:,} tokens written to the store "
                     f"({_bytes(figures['per_user_written_bytes'])}) are not common to every "
                     "request (per-user or per-session values, conversations): the store "
                     "copies user data out of the instance.</p>")
    return (f'<section id="shared-kv"><h2>Shared KV store ({escape(figures["routing"])})'
            f'</h2><table id="store-link">{rows}</table><p id="store-verdict">'
            f"{exact(figures['transfer_ms_per_token'])} ms a token over the link against "
            f"{exact(figures['prefill_ms_per_token'])} ms of prefill, plus "
            f"{exact(figures['latency_ms'])} ms a load: {escape(verdict)}.</p>"
            '<table id="store-bytes"><tr><th>replica</th><th>requests</th>'
            "<th>tokens loaded</th><th>tokens prefilled instead</th><th>bytes loaded</th>"
            f"<th>bytes stored</th><th>bytes moved</th></tr>{instances}"
            f"{_moved_row('all', overall)}</table>{isolation}</section>")


def _moved_row(name: str, figures: dict) -> str:
    return (f'<tr data-replica="{name}"><td>{name}</td><td>{figures["requests"]:,}</td>'
            f'<td>{figures["store_tokens"]:,}</td><td>{figures["store_declined_tokens"]:,}</td>'
            f'<td>{_bytes(figures["bytes_loaded"])}</td>'
            f'<td>{_bytes(figures["bytes_stored"])}</td>'
            f'<td>{_bytes(figures["bytes_moved"])}</td></tr>')


def hot_session_section(figures: dict) -> str:
    """The hot session's replica under hash:session, with bounded load and with a
    per-session rate limit (see `hot_sessions.compare`)."""
    rows = "".join(
        f'<tr data-variant="{escape(v["name"])}"><td>{escape(v["name"])}</td>'
        f'<td>{_share(v["hot_replica_share"])}</td><td>{v["hot_replica_requests"]:,}</td>'
        f'<td>{v["requests"]:,}</td><td>{exact(v["load_max_over_mean"])}</td>'
        f'<td>{_share(v["hit_ratio"])}</td><td>{exact(v["ttft_ms_mean"])} ms</td>'
        f'<td>{exact(v["ttft_ms_p99"])} ms</td><td>{v["rejected"]:,}</td></tr>'
        for v in figures["variants"])
    note = ""
    if figures["rate_limit_default"]:
        note = (f'<p class="muted">A rate limit of {DEFAULT_RATE:g} request a second, bursts '
                f"of {SessionLimit.BURST:g}: no person types faster; set it with "
                "--session-rate-limit.</p>")
    replica = figures["replica"]
    return (f'<section id="hot-session"><h2>Hot session</h2><p>'
            f"{escape(figures['session'])} sends {_share(figures['share'])} of the requests "
            f"({figures['requests']:,}); hash:session sends it to replica {replica}.</p>"
            f'<table id="hot-session-variants"><tr><th>variant</th>'
            f"<th>replica {replica}'s share</th><th>replica {replica}'s requests</th>"
            "<th>requests served</th><th>load max/mean</th><th>hit ratio</th>"
            "<th>first token, mean</th><th>first token, p99</th><th>rejected</th></tr>"
            f"{rows}</table>{note}</section>")
