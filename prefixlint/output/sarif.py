"""SARIF 2.1.0 as GitHub code scanning takes it: rules from the catalogue, repository-relative
URIs, 1-based regions, and partial fingerprints so alerts are not duplicated across runs."""

from __future__ import annotations

import hashlib
import json

from .. import __version__
from ..rules import catalogue

LEVELS = {"error": "error", "warning": "warning", "info": "note"}
SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
HOME = "https://github.com/prefixlint/prefixlint"


def _rule(rule) -> dict:
    return {"id": rule.code, "name": rule.name,
            "shortDescription": {"text": rule.summary},
            "fullDescription": {"text": rule.why},
            "help": {"text": f"{rule.summary}\n\nWhy it matters: {rule.why}\n\n"
                             f"What to do instead: {rule.instead}",
                     "markdown": f"**{rule.summary}**\n\n{rule.why}\n\n**Instead:** "
                                 f"{rule.instead}"},
            "helpUri": f"{HOME}/blob/main/rules/{rule.code}.toml",
            "defaultConfiguration": {"level": LEVELS[rule.severity]},
            "properties": {"tags": ["prompt-caching"]}}


def _fingerprint(finding) -> str:
    """Stable across runs and line moves: code, file, the value, and the prompt."""
    key = "\0".join([finding.code, finding.span.path, finding.expr or finding.message,
                     finding.prompt or ""])
    return hashlib.sha256(key.encode("utf-8", "surrogateescape")).hexdigest()[:32]


def _physical(span) -> dict:
    region = {"startLine": span.line, "startColumn": span.column}
    if (span.end_line, span.end_column) > (span.line, span.column):
        region.update(endLine=span.end_line, endColumn=span.end_column)
    return {"artifactLocation": {"uri": span.path, "uriBaseId": "%SRCROOT%"}, "region": region}


def document(result) -> dict:
    rules = catalogue()
    codes = list(rules)
    results = []
    for finding in result.findings:
        entry = {
            "ruleId": finding.code, "ruleIndex": codes.index(finding.code),
            "level": LEVELS[finding.severity], "message": {"text": finding.message},
            "locations": [{"physicalLocation": _physical(finding.span)}],
            "partialFingerprints": {"prefixlint/v1": _fingerprint(finding)},
            "properties": {"prompt": finding.prompt, "scope": finding.scope,
                           "gainTokens": finding.gain_tokens}}
        if finding.related:  # the other places of the same value, which move with it
            entry["relatedLocations"] = [
                {"id": number, "physicalLocation": _physical(span),
                 "message": {"text": "another place of the same value: move it too"}}
                for number, span in enumerate(finding.related, 1)]
        results.append(entry)
    return {"$schema": SCHEMA, "version": "2.1.0", "runs": [{
        "tool": {"driver": {"name": "prefixlint", "version": __version__,
                            "semanticVersion": __version__, "informationUri": HOME,
                            "rules": [_rule(r) for r in rules.values()]}},
        "columnKind": "unicodeCodePoints",
        "results": results,
        "properties": {"tokenizer": result.tokenizer.name}}]}


def render(result) -> str:
    return json.dumps(document(result), indent=2, ensure_ascii=False) + "\n"
