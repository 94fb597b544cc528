"""The CI gate's verdict in the machine formats: GitHub annotations for each regression, SARIF
results with `baselineState` (new or unchanged, as code scanning expects) and a result per
regression, and a JUnit test case per regression. Text and JSON carry it in `check` itself."""

from __future__ import annotations

import json

from ..gate import Comparison, regression_text, regressions

GATE_RULE = "PFX-GATE"


def github(text: str, comparison: Comparison, limit: str | None) -> str:
    from .github import _escape_data, _escape_property

    lines = [f"::error file={_escape_property(c.path)},line={max(c.line, 1)},"
             f"title={_escape_property('prefixlint gate')}::"
             f"{_escape_data(regression_text(c, limit))}"
             for c in regressions(comparison, limit)]
    return "".join(line + "\n" for line in lines) + text


def sarif(text: str, comparison: Comparison, limit: str | None) -> str:
    document = json.loads(text)
    run = document["runs"][0]
    new = {(f.code, f.span.path, f.span.line, f.span.column) for f in comparison.new_findings}
    for entry in run["results"]:
        region = entry["locations"][0]["physicalLocation"]
        key = (entry["ruleId"], region["artifactLocation"]["uri"],
               region["region"]["startLine"], region["region"]["startColumn"])
        entry["baselineState"] = "new" if key in new else "unchanged"
    failing = regressions(comparison, limit)
    if failing:
        rules = run["tool"]["driver"]["rules"]
        rules.append({"id": GATE_RULE, "name": "shared-prefix-regression",
                      "shortDescription": {"text": "A change loses more shared-prefix tokens "
                                                   "than --max-regression allows."},
                      "fullDescription": {"text": "The CI gate compares each prompt's shared "
                                                  "prefix before and after a change."},
                      "help": {"text": "Move the value that now ends the prefix below the "
                                       "constant text, or raise --max-regression."},
                      "defaultConfiguration": {"level": "error"}})
        for change in failing:
            run["results"].append({
                "ruleId": GATE_RULE, "ruleIndex": len(rules) - 1, "level": "error",
                "baselineState": "updated",
                "message": {"text": regression_text(change, limit)},
                "locations": [{"physicalLocation": {
                    "artifactLocation": {"uri": change.path, "uriBaseId": "%SRCROOT%"},
                    "region": {"startLine": max(change.line, 1)}}}]})
    run["properties"]["gate"] = comparison.as_dict(limit)
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def junit(text: str, comparison: Comparison, limit: str | None) -> str:
    import xml.etree.ElementTree as ET

    root = ET.fromstring(text.split("\n", 1)[1])
    suite = root.find("testsuite")
    failing = regressions(comparison, limit)
    for change in failing:
        case = ET.SubElement(suite, "testcase", classname="prefixlint.gate",
                             name=f"gate: {change.id}")
        failure = ET.SubElement(case, "failure", type="regression",
                                message=regression_text(change, limit))
        failure.text = regression_text(change, limit)
    for element in (root, suite):
        element.set("tests", str(int(element.get("tests", "0")) + len(failing)))
        element.set("failures", str(int(element.get("failures", "0")) + len(failing)))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
