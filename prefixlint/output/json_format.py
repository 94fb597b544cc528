"""The JSON contract of DESIGN.md §5, shared by `check` and `report` (keys only ever added)."""

from __future__ import annotations

import io
import json

from ..api import Result
from ..estimate import Settings, estimate
from ..ir import Finding
from ..measure import Measurement


def finding_dict(finding: Finding, sinks: dict | None = None) -> dict:
    """A finding; `sink` says what sends its prompt (a library model's id, `client of …`,
    `inferred` from a prompt-ish keyword into code not in view, `text` when no sink was
    found and the prompt text was measured on its own)."""
    span = finding.span
    return {"code": finding.code, "severity": finding.severity, "path": span.path,
            "line": span.line, "column": span.column, "end_line": span.end_line,
            "end_column": span.end_column, "message": finding.message, "scope": finding.scope,
            "expr": finding.expr, "prompt": finding.prompt, "gain_tokens": finding.gain_tokens,
            "scope_source": finding.scope_source,
            "related": [{"path": r.path, "line": r.line, "column": r.column,
                         "end_line": r.end_line, "end_column": r.end_column}
                        for r in finding.related],
            "sink": (sinks or {}).get(finding.prompt) or None}


def prompt_dict(measurement: Measurement, result: Result | None = None,
                settings: Settings | None = None) -> dict:
    prompt = measurement.prompt
    hole = measurement.break_hole
    brk = None
    if hole is not None:
        brk = {"path": hole.span.path, "line": hole.span.line, "column": hole.span.column,
               "expr": hole.expr, "scope": hole.scope.label}
    return {
        "id": prompt.id, "path": prompt.path, "line": prompt.line, "kind": prompt.kind,
        "tokens_total": measurement.tokens_total,
        "prefix_tokens": dict(measurement.prefix_tokens),
        "share": {level: measurement.share(level) for level in measurement.prefix_tokens},
        "break": brk,
        "projected": {"prefix_tokens_global": measurement.projected_prefix_global,
                      "share_global": measurement.projected_share_global},
        "gain_tokens": measurement.gain_tokens,
        "across_days": {"prefix_tokens": measurement.prefix_tokens_stable,
                        "projected_prefix_tokens": measurement.projected_prefix_stable,
                        "gain_tokens": measurement.gain_tokens_stable},
        "files": list(prompt.files),
        "sink": prompt.sink or None,
    } | _provider_keys(measurement, result, settings)


def _provider_keys(measurement: Measurement, result: Result | None,
                   settings: Settings | None) -> dict:
    provider = result.provider_for(measurement.prompt) if result is not None else None
    if provider is None:
        return {}
    keys: dict = {"provider": {"name": provider.name, "model": provider.model or None,
                               "cached_tokens": provider.cached_tokens(
                                   measurement.prefix_tokens["global"]),
                               "minimum": provider.minimum}}
    if settings is not None:
        found = estimate(measurement, provider, settings)
        keys["estimate"] = {
            "label": "estimate", "prefill_ms_per_token": settings.ms_per_token,
            "replicas": settings.replicas, "cached_tokens": found.cached_tokens,
            "projected_cached_tokens": found.projected_cached_tokens,
            "saved_ms_per_request": found.saved_ms,
            "projected_saved_ms_per_request": found.projected_saved_ms,
            "sticky_routing_saved_ms_per_request": found.sticky_saved_ms,
            "projected_saved_seconds_per_hour": found.per_hour_seconds(
                settings.requests_per_second),
            "advice": list(found.advice)}
    return keys


def document(result: Result, settings: Settings | None = None) -> dict:
    prompts = [prompt_dict(m, result, settings) for m in result.measurements]
    sinks = {m.prompt.id: m.prompt.sink for m in result.measurements}
    extra = {}
    if settings is not None and result.measurements:
        from ..api import heads
        from ..estimate import prefix_groups, routing_advice

        extra = {"routing": {"label": "estimate",
                             "advice": routing_advice(prefix_groups(heads(result)))}}
    from ..coverage import coverage

    return {
        "version": 1,
        "tokenizer": result.tokenizer.name,
        "findings": [finding_dict(f, sinks) for f in result.findings],
        "prompts": prompts,
        "summary": {
            "prompts": len(prompts),
            "findings": len(result.findings),
            "tokens_total": sum(m.tokens_total for m in result.measurements),
            "prefix_tokens_global": sum(m.prefix_tokens["global"] for m in result.measurements),
        },
        "coverage": coverage(result).as_dict(),
    } | extra


def render(result: Result, settings: Settings | None = None) -> str:
    return json_text(document(result, settings))


def json_text(value: object) -> str:
    """`value` as indented JSON with a final line break, exactly as `json.dumps` writes it.
    Written piece by piece into one growing buffer: `json.dumps` with an indent joins a list
    of one string per key, value and comma, which on thousands of prompts held about twice
    the text's own size at once."""
    buffer = io.StringIO()
    json.dump(value, buffer, indent=2, ensure_ascii=False)
    buffer.write("\n")
    return buffer.getvalue()
