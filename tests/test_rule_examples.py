"""Every example in every rule file is a test: bad ones produce the code, good ones do not."""

from __future__ import annotations

import pytest

from prefixlint import api
from prefixlint.rules import catalogue

from conftest import write_project

EXAMPLES = [(rule.code, index, example) for rule in catalogue().values()
            for index, example in enumerate(rule.examples)]


def test_catalogue_has_the_rules_this_release_implements():
    assert list(catalogue()) == ["PFX001", "PFX002", "PFX003", "PFX004", "PFX005", "PFX006", "PFX007", "PFX010",
                                 "PFX011", "PFX012", "PFX013", "PFX020", "PFX030", "PFX031", "PFX032",
                                 "PFX900"]
    for rule in catalogue().values():
        kinds = {e.kind for e in rule.examples}
        assert kinds == {"bad", "good"}, rule.code
        assert rule.why and rule.instead and rule.summary


@pytest.mark.parametrize("code,index,example", EXAMPLES,
                         ids=[f"{c}-{i}-{e.kind}" for c, i, e in EXAMPLES])
def test_example(tmp_path, code, index, example):
    root = write_project(tmp_path / "p", {example.file: example.source, **dict(example.files)},
                         example.settings)
    config = api.load_config(root)
    result = api.check([], config, cwd=root)
    found = [f"{f.span.line}:{f.span.column}" for f in result.findings if f.code == code]
    if example.kind == "bad":
        assert found, f"{code} example {index} should be reported; got {result.findings}"
        if example.expect:
            assert found == list(example.expect)
        assert all(f.path.startswith("prompts/") if hasattr(f, "path") else True
                   for f in result.findings)
    else:
        assert not found, f"{code} good example {index} was reported: {result.findings}"
        assert not [f for f in result.findings if f.severity == "error"]
