"""Fixes, tested on the rule examples: a fix removes its finding and never shortens a prefix."""

from __future__ import annotations

import json
import shutil

import pytest

from prefixlint.rules import catalogue

from conftest import REPO, run_cli, write_project


def bad_example(code: str, index: int = 0):
    return [e for e in catalogue()[code].examples if e.kind == "bad"][index]


def global_prefix(root, prompt_path):
    data = json.loads(run_cli("report", "--output-format", "json", cwd=root).stdout)
    return next(p["prefix_tokens"]["global"] for p in data["prompts"] if p["path"] == prompt_path)


def test_safe_fix_sorts_the_set_of_the_pfx010_example(tmp_path):
    example = bad_example("PFX010")
    root = write_project(tmp_path / "p", {example.file: example.source})
    before = global_prefix(root, example.file)
    proc = run_cli("check", "--fix", cwd=root)
    assert "fixed app/tags.py (1 finding)" in proc.stderr
    assert "PFX010" not in proc.stdout and proc.returncode == 0
    assert 'labels = ", ".join(sorted(TAGS))' in (root / example.file).read_text()
    assert global_prefix(root, example.file) >= before


def test_safe_fix_adds_sort_keys(tmp_path):
    shutil.copytree(REPO / "tests" / "python", tmp_path / "p")
    root = tmp_path / "p"
    run_cli("check", "--fix", "p33_json_dumps_unsorted.py", cwd=root)
    assert "json.dumps(schema, sort_keys=True)" in (root / "p33_json_dumps_unsorted.py").read_text()
    proc = run_cli("check", "p33_json_dumps_unsorted.py", cwd=root)
    assert "PFX010" not in proc.stdout


@pytest.mark.parametrize("code", ["PFX001", "PFX002", "PFX003", "PFX004", "PFX005"])
def test_unsafe_fix_moves_the_volatile_line_of_each_template_example(tmp_path, code):
    example = bad_example(code)
    root = write_project(tmp_path / "p", {example.file: example.source})
    before = global_prefix(root, example.file)
    assert run_cli("check", "--fix", cwd=root).stdout.count(code) == 1  # not a safe fix
    proc = run_cli("check", "--unsafe-fixes", cwd=root)
    assert f"{code}: moved line" in proc.stderr
    assert code not in proc.stdout
    after = global_prefix(root, example.file)
    # a date is fixed at the global level (it is shared by every user on one day)
    assert after >= before if code == "PFX004" else after > before


def test_unsafe_fix_moves_a_whole_branch_block(tmp_path):
    example = bad_example("PFX002", 1)
    root = write_project(tmp_path / "p", {example.file: example.source})
    proc = run_cli("check", "--unsafe-fixes", cwd=root)
    assert "PFX002" not in proc.stdout
    text = (root / example.file).read_text()
    assert text.rstrip().endswith("{% endif %}")


def test_diff_shows_and_writes_nothing(tmp_path):
    example = bad_example("PFX002")
    root = write_project(tmp_path / "p", {example.file: example.source})
    proc = run_cli("check", "--unsafe-fixes", "--diff", cwd=root)
    assert proc.returncode == 1
    assert proc.stdout.startswith(f"--- a/{example.file}\n+++ b/{example.file}\n")
    assert "-You are speaking with {{ user.display_name }}." in proc.stdout
    assert (root / example.file).read_text() == example.source


def test_a_fix_that_removes_nothing_is_not_applied(tmp_path):
    shutil.copytree(REPO / "fixtures" / "supportbot", tmp_path / "p")
    root = tmp_path / "p"
    original = (root / "prompts/escalation.j2").read_text()
    proc = run_cli("check", "--unsafe-fixes", "prompts/escalation.j2", cwd=root)
    # Line 2 is `{% block header %}Today is {{ today }}…{% endblock %}` in a child template:
    # moving it out of its block would stop it being rendered at all.
    assert "not fixing prompts/escalation.j2: a moved line would leave the block" in proc.stderr
    assert (root / "prompts/escalation.j2").read_text() == original
