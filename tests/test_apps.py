"""Six small applications in the styles real ones are written in, each broken and fixed.

Every finding the fixtures document is pinned (code, path, line, column), with the global and
turn prefix of every prompt; `prefixlint check .` at each fixture's root reports exactly those
findings, and nothing on the fixed variants.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from prefixlint import api

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "fixtures"

# fixture -> (findings as (code, path, line, column), {prompt id: (global, turn)})
APPS = {
    "langgraph_agent": (
        [("PFX006", "broken/src/react_agent/prompts.py", 16, 14)],
        {"broken/src/react_agent/graph.py:24": (178, 178),
         "fixed/src/react_agent/graph.py:24": (188, 216)}),
    "fastapi_rag": (
        [("PFX002", "broken/app/prompts/system.md", 4, 6),
         ("PFX006", "broken/app/prompts/system.md", 8, 1),
         ("PFX006", "broken/app/prompts/system.md", 22, 1)],
        {"broken/app/main.py:36": (27, 41), "fixed/app/main.py:37": (167, 224),
         # the prompt file alone, its `{fields}` scoped by name (code's findings stand)
         "broken/app/prompts/system.md": (27, 197)}),
    "anthropic_agent": (
        [("PFX006", "broken/agent/research.py", 27, 59),
         ("PFX013", "broken/agent/research.py", 28, 35)],
        {"broken/agent/research.py:33": (177, 177), "fixed/agent/research.py:33": (297, 327)}),
    "litellm_batch": (
        [("PFX010", "broken/triage/run.py", 21, 24),
         ("PFX011", "broken/triage/run.py", 23, 20)],
        {"broken/triage/run.py:33": (99, 99), "fixed/triage/run.py:32": (123, 123)}),
    "prompt_library": (
        [("PFX001", "broken/agents/prompts/planner.md", 1, 15),
         ("PFX002", "broken/agents/prompts/writer.j2", 1, 39)],
        {"broken/agents/nodes.py:12": (14, 14), "broken/agents/nodes.py:19": (13, 141),
         "broken/agents/prompts/writer.j2": (8, 136), "fixed/agents/nodes.py:12": (106, 106),
         "fixed/agents/nodes.py:19": (133, 148), "fixed/agents/prompts/writer.j2": (128, 143),
         # a Markdown prompt of a prompts folder, measured alone too (its finding is the
         # one of the code that renders it, nodes.py:12)
         "broken/agents/prompts/planner.md": (9, 9),
         "fixed/agents/prompts/planner.md": (101, 101)}),
    "prompty_app": (
        [("PFX006", "broken/src/chat/chat.prompty", 36, 1)],
        {"broken/src/chat/app.py:17": (106, 158), "broken/src/chat/chat.prompty": (101, 126),
         "fixed/src/chat/app.py:17": (100, 197), "fixed/src/chat/chat.prompty": (95, 192)}),
}


def _check(name: str) -> api.Result:
    root = FIXTURES / name
    return api.check([], api.load_config(root), cwd=root)


@pytest.mark.parametrize("name", sorted(APPS))
def test_findings_and_prefixes_are_exactly_the_documented_ones(name):
    findings, prefixes = APPS[name]
    result = _check(name)
    assert [(f.code, f.span.path, f.span.line, f.span.column) for f in result.findings] == findings
    assert {m.prompt.id: (m.prefix_tokens["global"], m.prefix_tokens["turn"])
            for m in result.measurements} == prefixes


@pytest.mark.parametrize("name", sorted(APPS))
def test_every_documented_break_is_in_the_fixture_readme(name):
    """The README of each fixture is its documentation: it names every break found."""
    readme = (FIXTURES / name / "README.md").read_text(encoding="utf-8")
    for code, path, line, _ in APPS[name][0]:
        assert f"| {code} | `{path}:{line}" in readme


@pytest.mark.parametrize("name", sorted(APPS))
def test_check_at_the_fixture_root_finds_the_breaks_and_passes_the_fixed_variant(name):
    env = dict(os.environ)
    root = FIXTURES / name
    broken = subprocess.run([sys.executable, "-m", "prefixlint", "check", ".", "--output-format",
                             "concise"], cwd=root, capture_output=True, text=True, env=env)
    assert broken.returncode == 1, broken.stderr
    lines = [line.split(": ", 1)[0] + ": " + line.split(": ", 1)[1].split()[0]
             for line in broken.stdout.splitlines() if line.startswith("broken/")]
    assert lines == [f"{path}:{line}:{column}: {code}" for code, path, line, column
                     in APPS[name][0]]
    assert "fixed/" not in broken.stdout
    fixed = subprocess.run([sys.executable, "-m", "prefixlint", "check", "fixed"], cwd=root,
                           capture_output=True, text=True, env=env)
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    assert fixed.stdout.startswith("All checks passed!")


def test_linked_findings_name_the_python_line_that_passes_the_value():
    result = _check("prompt_library")
    planner = next(f for f in result.findings if f.span.path.endswith("planner.md"))
    assert "(from datetime.datetime.now(), passed at broken/agents/loader.py:16)" in \
        planner.message
    assert planner.prompt == "broken/agents/nodes.py:12"


def test_values_of_one_object_are_one_cause_with_every_place_listed():
    """`user_profile.name` and `user_profile.role` are read from one object: one finding at
    the first, the second in `related` (then the loader's render that passes the values into
    the template, and the prompt's call site), and a gain that counts moving both."""
    proc = subprocess.run([sys.executable, "-m", "prefixlint", "check", "broken/agents",
                           "--output-format", "json"], cwd=FIXTURES / "prompt_library",
                          capture_output=True, text=True)
    writer = [f for f in json.loads(proc.stdout)["findings"] if f["path"].endswith("writer.j2")]
    assert [(f["line"], f["column"], f["related"]) for f in writer] == [
        (1, 39, [{"path": "broken/agents/prompts/writer.j2", "line": 1, "column": 64,
                  "end_line": 1, "end_column": 87},
                 # the render that passes the values into the template
                 {"path": "broken/agents/loader.py", "line": 16, "column": 12, "end_line": 16,
                  "end_column": 89},
                 # where the fix is made: the call that renders and sends the template
                 {"path": "broken/agents/nodes.py", "line": 19, "column": 1, "end_line": 19,
                  "end_column": 1}])]
    assert "(also 'user_profile.role' at 1:64)" in writer[0]["message"]
    assert writer[0]["gain_tokens"] == 118


def test_pfx006_cost_follows_the_conversation_settings(tmp_path):
    root = tmp_path / "agent"
    shutil.copytree(FIXTURES / "langgraph_agent", root)
    (root / "prefixlint.toml").write_text("[conversation]\nturns = 20\ntokens-per-turn = 300\n")
    default = _check("langgraph_agent").findings[0]
    longer = api.check([], api.load_config(root), cwd=root).findings[0]
    assert "about 525 tokens a turn over 8 turns of 150" in default.message
    assert "about 2,850 tokens a turn over 20 turns of 300" in longer.message
    assert longer.gain_tokens - default.gain_tokens == 2850 - 525


def test_every_python_file_of_the_tests_and_fixtures_analyzes_without_an_internal_error():
    """With PREFIXLINT_DEBUG=1 an internal error is raised instead of becoming PFX900."""
    files = sorted(str(p.relative_to(REPO)) for folder in ("tests", "fixtures")
                   for p in (REPO / folder).rglob("*.py") if "__pycache__" not in p.parts)
    assert len(files) > 100
    env = dict(os.environ, PREFIXLINT_DEBUG="1")
    proc = subprocess.run([sys.executable, "-m", "prefixlint", "check", "--exit-zero",
                           "--output-format", "json", *files], cwd=REPO, capture_output=True,
                          text=True, env=env, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "Traceback" not in proc.stderr
    assert "internal error" not in proc.stdout
