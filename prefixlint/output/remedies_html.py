"""The remedies by the three criteria as an HTML section, for `report` and `simulate`: each
piece of advice with the numbers it rests on, exactly as the JSON `remedies` key holds them,
the workload and KV figures under them, and the isolation note set apart. Every text is
escaped; the section needs no script and no external asset.
"""

from __future__ import annotations

from html import escape

from ..remedies import size

CSS = (".advice{border:1px solid #d7dce5;border-radius:8px;padding:.5rem 1rem;margin:.7rem 0}"
       ".advice h3{font-size:1rem;margin:.2rem 0}.advice.isolation{border-color:#9d0208}"
       "table.numbers td:first-child{color:#5c6577}")


LABELS = {  # a figure's JSON key in words, with its unit
    "turns_per_session": "requests a session", "sessions_per_user": "sessions a user",
    "session_tokens_mean": "tokens a request reuses of its own session beyond the common "
                           "prefix (mean)",
    "user_tokens_mean": "tokens a session's first turn reuses of its user's others (mean)",
    "replicas": "replicas", "prefill_ms_per_token": "prefill, ms a token",
    "sticky_saved_ms_per_request": "sticky routing saves up to, ms a request",
    "shared_tokens_mean": "tokens a request shares with every request of its prompt (mean)",
    "common_prefixes": "common prefixes", "common_prefix_tokens": "tokens of the common "
                                                                  "prefixes",
    "kv_model": "KV model", "kv_bytes_per_token": "KV bytes a token",
    "kv_bytes_per_replica": "KV bytes on every replica",
    "prefill_ms_per_miss": "prefill of a miss, ms a request",
    "top_prefixes": "top prefixes", "top_prefix_tokens": "tokens of the top prefixes",
    "top_prefix_requests": "requests starting with a top prefix",
    "top_kv_bytes_per_replica": "KV bytes of the top prefixes on every replica",
    "cache_tokens": "prefix cache of a replica, tokens",
    "share_of_cache": "share of the cache the common prefixes take",
    "per_user_tokens_mean": "per-user or per-session tokens a request reuses (mean)",
    "requests": "requests", "sessions": "sessions", "users": "users"}


def exact(number: float | int) -> str:
    """A figure exactly as the JSON holds it, with thousands separators (never rounded
    further): 166,199,296; 0.0025; 1,268 for 1268.0."""
    return f"{int(number):,}" if float(number).is_integer() else f"{number:,}"


def cell(number: float | int | str | None, key: str = "") -> str:
    """A figure for a table cell: text escaped, numbers exact, bytes also in binary units
    (as KV memory is counted)."""
    if number is None:
        return "-"
    if isinstance(number, str):
        return escape(number)
    if key.endswith("bytes") or "_bytes_" in key:
        return f'{exact(number)} B <span class="muted">({escape(size(number))})</span>'
    return exact(number)


def _numbers(pairs: dict, table_id: str = "") -> str:
    """One row per figure: its JSON key in words (the key itself in `data-key`), its value."""
    rows = "".join(f'<tr data-key="{escape(key)}"><td>'
                   f'{escape(LABELS.get(key, key.replace("_", " ")))}</td>'
                   f"<td>{cell(number, key)}</td></tr>" for key, number in pairs.items())
    ident = f' id="{table_id}"' if table_id else ""
    return f'<table class="numbers"{ident}>{rows}</table>'


def _advice(advice: dict) -> str:
    isolation = " isolation" if advice["criterion"] == "isolation" else ""
    return (f'<div class="advice{isolation}" data-criterion="{escape(advice["criterion"])}" '
            f'data-remedy="{escape(advice["remedy"])}"><h3>{escape(advice["criterion"])}: '
            f'{escape(advice["remedy"])}</h3><p>{escape(advice["text"])}</p>'
            f'{_numbers(advice["numbers"])}</div>')


def section(document: dict, heading: str = "") -> str:
    """The `remedies` document (see `remedies.document`) as a section: `heading` says what
    traffic the figures come from, when not the page's own."""
    work = {key: number for key, number in document["workload"].items()
            if key != "common_prefixes"}
    prefixes = "".join(f"<tr><td>{p['tokens']:,}</td><td>{p['requests']:,}</td></tr>"
                       for p in document["workload"]["common_prefixes"])
    kv = document["kv"]
    return ('<section id="remedies"><h2>Remedies (estimates, by the three criteria)</h2>'
            + (f'<p class="muted">{escape(heading)}</p>' if heading else "")
            + "".join(_advice(a) for a in document["advice"])
            + f"<h3>What they rest on</h3><p>KV cache: {escape(kv['model'])}, "
            f"{kv['bytes_per_token']:,} bytes a token ({kv['layers']:,} layers × "
            f"{kv['values_per_layer']:,} values a layer in {escape(kv['dtype'])})</p>"
            f"{_numbers(work, 'remedies-workload')}"
            + (f'<table id="common-prefixes"><tr><th>common prefix, tokens</th>'
               f"<th>requests starting with it</th></tr>{prefixes}</table>" if prefixes else "")
            + "</section>")
