"""The CI gate: `--diff-base REF` compares shared prefixes before and after a change."""

from __future__ import annotations

import json
import subprocess

from conftest import run_cli, write_project

POLICY = ("Follow the support policy: verify the account owner before discussing billing, "
          "never share another customer's data, escalate outages to the on-call engineer, "
          "and keep every answer under 150 words.\n") * 8
GOOD = "You are Nimbus.\n" + POLICY + "You are speaking with {{ user.name }}.\n"
BAD = "You are Nimbus.\nYou are speaking with {{ user.name }}.\n" + POLICY


def git(root, *args):
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True)


def committed(root):
    """`root` as a new git repository with everything in one first commit."""
    git(root, "init", "-q", "-b", "main")
    git(root, "config", "user.email", "dev@example.com")
    git(root, "config", "user.name", "Dev")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "first")
    return root


def repo(tmp_path, first: str):
    return committed(write_project(tmp_path / "repo", {
        "prompts/helpdesk.j2": first, "prompts/other.j2": "Static text only. " * 20}))


def test_a_change_that_breaks_the_prefix_fails_with_the_right_regression(tmp_path):
    root = repo(tmp_path, GOOD)
    (root / "prompts/helpdesk.j2").write_text(BAD)
    git(root, "commit", "-qam", "move the name up")
    proc = run_cli("check", "--diff-base", "HEAD~1", "--max-regression", "50",
                   "--output-format", "json", cwd=root)
    assert proc.returncode == 1
    data = json.loads(proc.stdout)
    [change] = data["diff"]["prompts"]
    assert change["id"] == "prompts/helpdesk.j2" and change["regression"] is True
    before = run_cli("report", "--output-format", "json", "prompts/helpdesk.j2", cwd=root)
    after_tokens = json.loads(before.stdout)["prompts"][0]["prefix_tokens"]["global"]
    old = write_project(tmp_path / "old", {"prompts/helpdesk.j2": GOOD})
    before_tokens = json.loads(run_cli("report", "--output-format", "json", cwd=old).stdout
                               )["prompts"][0]["prefix_tokens"]["global"]
    assert (change["before"], change["after"]) == (before_tokens, after_tokens)
    assert change["change"] == after_tokens - before_tokens < -250
    assert [f["code"] for f in data["diff"]["new_findings"]] == ["PFX002"]
    assert [f["path"] for f in data["findings"]] == ["prompts/helpdesk.j2"]  # other.j2 unchanged

    # The gate holds whatever rules are ignored, and a generous limit passes the tokens
    ignored = run_cli("check", "--diff-base", "HEAD~1", "--max-regression", "10%",
                      "--ignore", "PFX0", cwd=root)
    assert ignored.returncode == 1 and "regression" in ignored.stdout
    text = run_cli("check", "--diff-base", "HEAD~1", cwd=root).stdout
    assert text.startswith("Shared prefix (global tokens) of the prompts changed since HEAD~1:\n"
                           f"  prompts/helpdesk.j2: {change['before']:,} -> {change['after']:,}")


def test_a_change_that_moves_the_value_down_passes_and_reports_the_gain(tmp_path):
    root = repo(tmp_path, BAD)
    (root / "prompts/helpdesk.j2").write_text(GOOD)  # uncommitted: the work tree counts
    proc = run_cli("report", "--diff-base", "HEAD", "--max-regression", "0",
                   "--output-format", "json", cwd=root)
    assert proc.returncode == 0, proc.stdout
    [change] = json.loads(proc.stdout)["diff"]["prompts"]
    assert change["change"] > 250 and change["regression"] is False
    assert (root / "prompts/helpdesk.j2").read_text() == GOOD  # work tree untouched


def test_a_new_warning_fails_the_gate_even_below_fail_on(tmp_path):
    root = repo(tmp_path, GOOD)
    (root / "prompts/helpdesk.j2").write_text("Today is {{ today }}.\n" + GOOD)
    assert run_cli("check", cwd=root).returncode == 0  # a warning alone passes check
    assert run_cli("check", "--diff-base", "HEAD", cwd=root).returncode == 1


def test_bad_refs_are_usage_errors(tmp_path):
    root = repo(tmp_path, GOOD)
    proc = run_cli("check", "--diff-base", "no-such-ref", cwd=root)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert run_cli("check", "--diff-base", "HEAD", "--max-regression", "lots",
                   cwd=root).returncode == 2


def _python_repo(tmp_path):
    """A copy of the langgraph fixture app, committed."""
    import shutil

    from conftest import REPO

    root = tmp_path / "app"
    shutil.copytree(REPO / "fixtures" / "langgraph_agent" / "fixed", root)
    return committed(root)


def test_a_comment_above_every_prompt_changes_no_prompt(tmp_path):
    """Prompt identity survives edits: each prompt is its file, its definition and its place
    there, so a comment line added above every module's code shifts every line but changes
    nothing the gate compares."""
    root = _python_repo(tmp_path)
    for path in sorted(root.rglob("*.py")):
        path.write_text("# Reviewed for cacheability.\n" + path.read_text())
    proc = run_cli("check", "--diff-base", "HEAD", "--max-regression", "0",
                   "--output-format", "json", cwd=root)
    assert proc.returncode == 0, proc.stdout
    diff = json.loads(proc.stdout)["diff"]
    assert diff["prompts"] == [] and diff["new_findings"] == []
    assert len(diff["changed_files"]) >= 2
    text = run_cli("check", "--diff-base", "HEAD", cwd=root).stdout
    assert "  (no prompt changed)" in text


def test_a_value_moved_up_across_a_line_shift_is_that_prompts_regression(tmp_path):
    """The breaking value moved above the rules, with a comment added above as well: the
    prompt is compared with itself (not reported as removed and new)."""
    root = _python_repo(tmp_path)
    graph = next(root.rglob("graph.py"))
    text = graph.read_text()
    assert '"content": SYSTEM_PROMPT}' in text
    graph.write_text("# The agent's graph.\n" + text.replace(
        '"content": SYSTEM_PROMPT}', '"content": time_note + "\\n" + SYSTEM_PROMPT}'))
    proc = run_cli("check", "--diff-base", "HEAD", "--max-regression", "0",
                   "--output-format", "json", cwd=root)
    assert proc.returncode == 1
    diff = json.loads(proc.stdout)["diff"]
    [change] = diff["prompts"]
    assert change["before"] is not None and change["after"] is not None
    assert change["change"] < -100 and change["regression"] is True
    assert (change["path"], change["line"]) == ("src/react_agent/graph.py", 25)
    assert [f["code"] for f in diff["new_findings"]] == ["PFX006"]
    said = f"shared prefix {change['before']:,} -> {change['after']:,} tokens"

    def gate(fmt):
        proc = run_cli("check", "--diff-base", "HEAD", "--max-regression", "0",
                       "--output-format", fmt, cwd=root)
        assert proc.returncode == 1
        return proc.stdout

    assert "src/react_agent/graph.py:25: 188 -> " in gate("text")
    github = gate("github").splitlines()
    assert github[0].startswith("::error file=src/react_agent/graph.py,line=25,"
                                "title=prefixlint gate::") and said in github[0]
    import jsonschema

    from test_output_formats import sarif_schema

    document = json.loads(gate("sarif"))
    jsonschema.Draft4Validator(sarif_schema()).validate(document)
    results = document["runs"][0]["results"]
    assert [(r["ruleId"], r["baselineState"]) for r in results] == [("PFX006", "new"),
                                                                    ("PFX-GATE", "updated")]
    assert said in results[1]["message"]["text"]
    import xml.etree.ElementTree as ET

    suite = ET.fromstring(gate("junit").split("\n", 1)[1]).find("testsuite")
    [case] = [c for c in suite if c.get("name") == "gate: src/react_agent/graph.py:25"]
    assert said in case.find("failure").get("message")
    assert suite.get("failures") == "2"  # the prompt's new finding, and the gate


def _compare_without_base(root, monkeypatch):
    """The gate in process, with the base revision's export made to fail: a comparison that
    returns did not analyze `base`."""
    from prefixlint import api, gate

    def no_export(*args):
        raise AssertionError("the base revision was analyzed")

    monkeypatch.setattr(gate, "export", no_export)
    monkeypatch.chdir(root)
    return gate.compare([], api.load_config(root), "HEAD", root, use_cache=True)


def test_a_change_no_prompt_depends_on_is_answered_without_the_base(tmp_path, monkeypatch):
    """Docs, a Python module with no prompt sink in it, a new data file: the base revision
    is not exported nor analyzed, and no prompt changed."""
    root = _python_repo(tmp_path)
    (root / "README.md").write_text("How to run the agent.\n")
    (root / "numbers.py").write_text("def add(a, b):\n    return a + b\n")
    (root / "data.csv").write_text("a,b\n1,2\n")
    result, comparison = _compare_without_base(root, monkeypatch)
    assert comparison.changes == () and comparison.new_findings == ()
    assert comparison.changed_files == ("README.md", "data.csv", "numbers.py")
    assert len(result.measurements) >= 1  # the work tree's prompts are still reported


def test_a_change_a_prompt_may_depend_on_analyzes_the_base(tmp_path, monkeypatch):
    """A module that mentions a prompt sink (now or at the base), a template, a settings
    file, or any file a prompt is built from: each needs the base revision."""
    import pytest

    for name, text in (("helper.py", "SYSTEM_PROMPT = 'You are a helper.'\n"),
                       ("prompts/new.j2", "Hello {{ user.name }}\n"),
                       ("prefixlint.toml", "min-gain-tokens = 16\n")):
        root = _python_repo(tmp_path / name.replace("/", "_"))
        (root / name).parent.mkdir(exist_ok=True)
        (root / name).write_text(text)
        with pytest.raises(AssertionError, match="base revision was analyzed"):
            _compare_without_base(root, monkeypatch)
    root = _python_repo(tmp_path / "built_from")
    module = next(p for p in sorted(root.rglob("*.py")) if "SYSTEM_PROMPT" in p.read_text())
    module.write_text(module.read_text() + "\n# reviewed\n")
    with pytest.raises(AssertionError, match="base revision was analyzed"):
        _compare_without_base(root, monkeypatch)
