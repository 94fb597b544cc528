"""A check's result as plain JSON data and back: what the result cache keeps of findings and
measurements (what `check`'s outputs need, not the renderers `report` and `prewarm` use)."""

from __future__ import annotations

from .coverage import opaque
from .ir import Finding, Hole, Prompt, Scope, Span
from .measure import Cause, Measurement


def not_loaded(text: str) -> list[int]:
    raise RuntimeError("a result read from the cache has no tokenizer loaded")


def _span_data(span: Span) -> list:
    return [span.path, span.line, span.column, span.end_line, span.end_column]


def _span(data: list) -> Span:
    return Span(str(data[0]), int(data[1]), int(data[2]), int(data[3]), int(data[4]))


def finding_data(finding: Finding) -> dict:
    return {"code": finding.code, "severity": finding.severity, "span": _span_data(finding.span),
            "message": finding.message, "scope": finding.scope, "expr": finding.expr,
            "prompt": finding.prompt, "gain": finding.gain_tokens,
            "fix": [_span_data(finding.fix[0]), finding.fix[1]] if finding.fix else None,
            "related": [_span_data(s) for s in finding.related],
            "scope_source": finding.scope_source, "also": finding.also}


def finding_from(data: dict) -> Finding:
    fix = (_span(data["fix"][0]), str(data["fix"][1])) if data["fix"] else None
    return Finding(data["code"], data["severity"], _span(data["span"]), data["message"],
                   data["scope"], data["expr"], data["prompt"], int(data["gain"]), fix,
                   tuple(_span(s) for s in data["related"]), data["scope_source"],
                   int(data["also"]))


def _hole_data(hole: Hole) -> dict:
    return {"kind": hole.kind, "expr": hole.expr, "span": _span_data(hole.span),
            "deps": list(hole.deps), "scope": hole.scope.label,
            "passed": _span_data(hole.passed) if hole.passed else None,
            "arm_tokens": hole.arm_tokens}


def _hole(data: dict) -> Hole:
    return Hole(data["kind"], data["expr"], _span(data["span"]), tuple(data["deps"]),
                Scope.parse(data["scope"]), _span(data["passed"]) if data["passed"] else None,
                data.get("arm_tokens", 0))


def _cause_data(cause: Cause) -> dict:
    return {"hole": _hole_data(cause.hole), "prefix": cause.prefix_tokens,
            "following": cause.following_tokens, "gain": cause.gain_tokens,
            "related": [_hole_data(h) for h in cause.related]}


def _cause(data: dict) -> Cause:
    return Cause(_hole(data["hole"]), int(data["prefix"]), int(data["following"]),
                 tuple(_hole(h) for h in data["related"]), int(data["gain"]))


def measurement_data(m: Measurement) -> dict:
    from .api import may_grow

    prompt = m.prompt
    return {"prompt": {"id": prompt.id, "path": prompt.path, "line": prompt.line,
                       "kind": prompt.kind, "files": list(prompt.files), "chat": prompt.chat,
                       "sink": prompt.sink, "opaque": opaque(prompt),
                       "sent_to": prompt.sent_to, "sent_model": prompt.sent_model,
                       "history": may_grow(prompt)},
            "tokens_total": m.tokens_total, "prefix_tokens": m.prefix_tokens,
            "causes": [_cause_data(c) for c in m.causes],
            "projected_global": m.projected_prefix_global,
            "stable": m.prefix_tokens_stable, "projected_stable": m.projected_prefix_stable,
            "level_totals": [list(pair) for pair in m.level_totals],
            "before_history": [_cause_data(c) for c in m.before_history]}


def measurement_from(data: dict) -> Measurement:
    p = data["prompt"]
    prompt = Prompt(p["id"], p["path"], int(p["line"]), p["kind"], (), (), None,
                    tuple(p["files"]), chat=bool(p["chat"]), sink=str(p.get("sink", "")),
                    opaque=str(p.get("opaque", "")), sent_to=str(p.get("sent_to", "")),
                    sent_model=str(p.get("sent_model", "")), history=bool(p.get("history")))
    return Measurement(prompt, int(data["tokens_total"]),
                       {k: int(v) for k, v in data["prefix_tokens"].items()},
                       tuple(_cause(c) for c in data["causes"]), int(data["projected_global"]),
                       int(data["stable"]), int(data["projected_stable"]),
                       tuple((str(a), int(b)) for a, b in data["level_totals"]),
                       tuple(_cause(c) for c in data["before_history"]))
