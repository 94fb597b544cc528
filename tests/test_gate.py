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
