"""The command line as users drive it: outputs, exit codes, selection, rule docs, errors."""

from __future__ import annotations

import json

from conftest import REPO, run_cli

HELPDESK = REPO / "fixtures" / "supportbot"


def test_check_text_output_and_exit_1():
    proc = run_cli("check", cwd=HELPDESK)
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    # Each finding in full, as ruff shows one: the whole message, the line, a caret.
    assert lines[:5] == [
        "prompts/escalation.j2:2:28: PFX004 date value 'today' (scope by name 'today') changes "
        "the prefix every day after 8 tokens; 1,153 constant tokens follow — move it below the "
        "constant text (+1,152 tokens cacheable)",
        "  |",
        "2 | {% block header %}Today is {{ today }}. Outage handling mode.{% endblock %}",
        "  |                            ^^^^^^^^^^^ PFX004",
        "  |"]
    assert lines[6].startswith("prompts/helpdesk.j2:3:23: PFX002 user value 'user.display_name'")
    assert lines[8:10] == ["3 | You are speaking with {{ user.display_name }}.",
                           "  |                       ^^^^^^^^^^^^^^^^^^^^^^^ PFX002"]
    assert not any(line.endswith("…") for line in lines)  # nothing cut
    assert lines[-3:] == ["Found 2 findings (1 error, 1 warning) in 4 prompts.",
                          "No safe fixes (2 fixable with --fix --unsafe-fixes).",
                          "Coverage: 4 prompts measured (4 template files no code was seen "
                          "rendering)."]
    assert proc.stderr == ""
    concise = run_cli("check", "--output-format", "concise", cwd=HELPDESK).stdout.splitlines()
    assert concise == ["prompts/escalation.j2:2:28: PFX004 date value 'today' changes the "
                       "prefix every day after 8 tokens (+1,152 tokens cacheable)",
                       "prompts/helpdesk.j2:3:23: PFX002 user value 'user.display_name' ends "
                       "the shared prefix after 23 tokens (+1,146 tokens cacheable)"]


def test_exit_codes_follow_fail_on_and_exit_zero():
    assert run_cli("check", "--select", "PFX004", cwd=HELPDESK).returncode == 0
    assert run_cli("check", "--select", "PFX004", "--fail-on", "warning",
                   cwd=HELPDESK).returncode == 1
    assert run_cli("check", "--exit-zero", cwd=HELPDESK).returncode == 0
    assert run_cli("check", "--fail-on", "never", cwd=HELPDESK).returncode == 0
    assert run_cli("check", "prompts/helpdesk_fixed.j2", cwd=HELPDESK).returncode == 0


def test_select_and_ignore_by_prefix():
    proc = run_cli("check", "--ignore", "PFX00", cwd=HELPDESK)
    assert proc.returncode == 0
    assert proc.stdout.startswith("All checks passed!")
    proc = run_cli("check", "--select", "PFX0", "--ignore", "PFX004", "--output-format",
                   "concise", cwd=HELPDESK)
    assert [line.split()[1] for line in proc.stdout.splitlines()] == ["PFX002"]


def test_usage_errors_exit_2_even_with_exit_zero(tmp_path):
    assert run_cli("check", "no/such/dir", "--exit-zero", cwd=HELPDESK).returncode == 2
    assert run_cli("check", "--select", "E501", cwd=HELPDESK).returncode == 2
    assert run_cli("check", "--output-format", "xml", cwd=HELPDESK).returncode == 2
    assert run_cli("check", "--tokenizer", "p50k_base", cwd=HELPDESK).returncode == 2
    assert run_cli("rule", "PFX999", cwd=HELPDESK).returncode == 2
    (tmp_path / "prefixlint.toml").write_text("tokeniser = 'o200k_base'\n")
    proc = run_cli("check", cwd=tmp_path)
    assert proc.returncode == 2
    assert "unknown setting `tokeniser` (did you mean `tokenizer`?)" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_json_output_matches_the_design_contract():
    proc = run_cli("check", "--output-format", "json", cwd=HELPDESK)
    data = json.loads(proc.stdout)
    assert list(data) == ["version", "tokenizer", "findings", "prompts", "summary", "coverage"]
    assert data["version"] == 1 and data["tokenizer"] == "o200k_base"
    finding = next(f for f in data["findings"] if f["code"] == "PFX002")
    for key in ("code", "severity", "path", "line", "column", "end_line", "end_column",
                "message", "scope", "expr", "prompt", "gain_tokens"):
        assert key in finding
    assert (finding["path"], finding["line"], finding["column"], finding["end_column"]) == \
        ("prompts/helpdesk.j2", 3, 23, 46)
    assert finding["scope"] == "user" and finding["expr"] == "user.display_name"
    prompt = next(p for p in data["prompts"] if p["id"] == "prompts/helpdesk.j2")
    for key in ("id", "path", "line", "kind", "tokens_total", "prefix_tokens", "share", "break",
                "projected"):
        assert key in prompt
    assert prompt["kind"] == "jinja" and prompt["line"] == 1
    assert set(prompt["prefix_tokens"]) == {"global", "user", "session", "turn"}
    assert prompt["prefix_tokens"]["global"] < 50 < 1000 < prompt["prefix_tokens"]["user"]
    assert prompt["break"] == {"path": "prompts/helpdesk.j2", "line": 3, "column": 23,
                               "expr": "user.display_name", "scope": "user"}
    assert prompt["projected"]["prefix_tokens_global"] > 1100
    assert prompt["projected"]["share_global"] > 0.95
    fixed = next(p for p in data["prompts"] if p["id"] == "prompts/escalation_fixed.j2")
    assert fixed["break"] is None and fixed["share"]["global"] == 1.0
    assert data["summary"]["prompts"] == 4 and data["summary"]["findings"] == 2


def test_report_table():
    proc = run_cli("report", cwd=HELPDESK)
    assert proc.returncode == 0  # a reading command: 1 only with --fail-on
    lines = proc.stdout.splitlines()
    assert lines[0].split() == ["prompt", "tokens", "days", "global", "user", "session", "turn",
                                "share", "break", "projected"]
    row = next(line for line in lines if line.startswith("prompts/helpdesk.j2 "))
    assert "3:23 user 'user.display_name'" in row
    assert "2.0%" in row and "(+1,146)" in row


def test_rule_docs():
    proc = run_cli("rule", "PFX002", cwd=HELPDESK)
    assert proc.returncode == 0
    assert proc.stdout.startswith("PFX002 user-value-in-prefix (error)")
    assert "## Why it matters" in proc.stdout and "## Use instead" in proc.stdout
    data = json.loads(run_cli("rule", "--all", "--output-format", "json", cwd=HELPDESK).stdout)
    assert [r["code"] for r in data] == ["PFX001", "PFX002", "PFX003", "PFX004", "PFX005", "PFX006", "PFX007",
                                         "PFX010", "PFX011", "PFX012", "PFX013", "PFX020",
                                         "PFX030", "PFX031", "PFX032", "PFX900"]
    assert all(r["examples"] for r in data)


def test_output_file_and_version(tmp_path):
    out = tmp_path / "report.json"
    proc = run_cli("report", "--output-format", "json", "-o", str(out), cwd=HELPDESK)
    assert proc.stdout == "" and json.loads(out.read_text())["summary"]["prompts"] == 4
    assert run_cli("--version", cwd=HELPDESK).stdout.strip() == "prefixlint, version 0.1.0"


def test_the_command_line_collects_cyclic_garbage_less_often(capsys):
    """Work, counted by the collector's thresholds: the command line raises them (a run's
    long-lived trees were walked again and again); a library caller's are left alone."""
    import contextlib
    import gc

    from prefixlint import api, cli

    before = gc.get_threshold()
    try:
        api.load_config(REPO)
        assert gc.get_threshold() == before
        with contextlib.suppress(SystemExit):
            cli.main(["rule", "PFX001"])
        assert "PFX001" in capsys.readouterr().out
        assert gc.get_threshold() == cli.GC_THRESHOLDS
    finally:
        gc.set_threshold(*before)
