"""JUnit XML: one test case per prompt (and per unreadable file), failed by its findings."""

from __future__ import annotations

import re
from collections import defaultdict
from xml.etree import ElementTree as ET

from ..ir import natural_key

# Characters XML 1.0 cannot hold (control characters, lone surrogates): replaced, so that the
# report stays well-formed whatever a template or file name contains.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _xml(text: str) -> str:
    return _NOT_XML.sub("\ufffd", text)


def render(result) -> str:
    by_prompt: dict[str, list] = defaultdict(list)
    for finding in result.findings:
        by_prompt[finding.prompt or finding.span.path].append(finding)
    cases = sorted({m.prompt.id for m in result.measurements} | set(by_prompt), key=natural_key)
    failures = sum(1 for case in cases if by_prompt.get(case))
    suite = ET.Element("testsuite", name="prefixlint", tests=str(len(cases)),
                       failures=str(failures), errors="0", skipped="0")
    for case in cases:
        element = ET.SubElement(suite, "testcase", classname="prefixlint", name=_xml(case))
        found = by_prompt.get(case, ())
        if found:  # one failure per test case (JUnit readers show only one), every finding in it
            first = found[0]
            more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
            failure = ET.SubElement(element, "failure", type=first.code,
                                    message=_xml(f"{first.code} {first.message}{more}"))
            failure.text = _xml("\n".join(
                f"{f.span.path}:{f.span.line}:{f.span.column}: {f.code} {f.message}"
                for f in found))
    suites = ET.Element("testsuites", name="prefixlint", tests=str(len(cases)),
                        failures=str(failures))
    suites.append(suite)
    ET.indent(suites)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(suites, encoding="unicode") + "\n"
