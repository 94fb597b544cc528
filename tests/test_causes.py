"""Causes as sets, and honest thresholds (issue 10, items 1 and 2).

A value written twice, or two values read from one object, is one cause: reported once at its
first place with the others in `related`, and its gain is what moving all of them gains. A
break that gains less than `min-gain-tokens` is `info`, shown only when asked for.
"""

from __future__ import annotations

import json

from conftest import REPO, run_cli, write_project
from prefixlint import api

POLICY = (
    "Refunds for annual plans are prorated to the day and issued to the original payment "
    "method within five business days. To rotate an API key, open Settings, choose Keys, and "
    "select Rotate; the old key keeps working for 24 hours so that deployments can be updated "
    "without downtime. Exports larger than 2 GB are split into parts.")

REPEATED = f"""You are the support assistant of Contoso, helping {{{{ user.name }}}}.
Address {{{{ user.name }}}} by first name in every answer.

## Policies
{POLICY}
Answer in short paragraphs and cite the policy you used.
"""

ONE_STATE = f'''from openai import OpenAI

client = OpenAI()

POLICY = """{POLICY}"""


def revise(state):
    draft = state.get("draft")
    review = state.get("review")
    prompt = f"Draft:\\n{{draft}}\\n\\nReview notes:\\n{{review}}\\n\\n{{POLICY}}\\nRewrite the draft."
    return client.chat.completions.create(
        model="gpt-4o", messages=[{{"role": "system", "content": prompt}}])
'''

TAIL = f"""You are the support assistant of Contoso.

## Policies
{POLICY}

Question: {{{{ question }}}}
Answer briefly.
"""


def _json(root, *args):
    proc = run_cli("check", ".", "--output-format", "json", *args, cwd=root)
    assert proc.returncode in (0, 1), proc.stderr
    return json.loads(proc.stdout)["findings"]


def test_a_value_written_twice_is_one_cause_whose_gain_counts_both_places(tmp_path):
    root = write_project(tmp_path / "p", {"prompts/support.j2": REPEATED})
    findings = _json(root)
    assert [(f["code"], f["line"], f["column"]) for f in findings] == [("PFX002", 1, 51)]
    [finding] = findings
    assert finding["related"] == [{"path": "prompts/support.j2", "line": 2, "column": 9,
                                   "end_line": 2, "end_column": 24}]
    assert "'user.name' (scope by word 'user') (also at line 2)" in finding["message"]
    assert "move them all below the constant text" in finding["message"]
    # The gain is what the template gains with both lines moved to its end.
    lines = REPEATED.splitlines(keepends=True)
    moved = write_project(tmp_path / "moved", {"prompts/support.j2": "".join(lines[2:] + lines[:2])})
    before = api.check([], api.load_config(root), cwd=root).measurements[0]
    after = api.check([], api.load_config(moved), cwd=moved).measurements[0]
    assert finding["gain_tokens"] == after.prefix_tokens["global"] - before.prefix_tokens["global"]
    assert finding["gain_tokens"] > 60


def test_two_values_from_one_state_object_are_one_cause(tmp_path):
    root = write_project(tmp_path / "p", {"graph.py": ONE_STATE})
    [finding] = _json(root)
    assert (finding["code"], finding["line"], finding["column"], finding["expr"]) == \
        ("PFX005", 11, 25, "draft")
    assert [(r["line"], r["column"]) for r in finding["related"]] == [(11, 51)]
    assert "(also 'review' at 11:51)" in finding["message"]
    assert finding["gain_tokens"] > 60  # the policy after both values, not the +3 of one


def test_sarif_lists_the_other_places_as_related_locations(tmp_path):
    root = write_project(tmp_path / "p", {"prompts/support.j2": REPEATED})
    proc = run_cli("check", ".", "--output-format", "sarif", cwd=root)
    [entry] = json.loads(proc.stdout)["runs"][0]["results"]
    [related] = entry["relatedLocations"]
    assert related["id"] == 1
    assert related["physicalLocation"]["region"] == {"startLine": 2, "startColumn": 9,
                                                     "endLine": 2, "endColumn": 24}


def test_a_break_worth_less_than_min_gain_is_info_and_shown_only_when_asked(tmp_path):
    root = write_project(tmp_path / "p", {"prompts/support.j2": TAIL})
    assert _json(root) == []
    assert run_cli("check", ".", cwd=root).returncode == 0
    [shown] = _json(root, "--fail-on", "info")
    assert (shown["code"], shown["severity"], shown["line"]) == ("PFX001", "info", 6)
    assert 0 < shown["gain_tokens"] < 32
    assert f"(+{shown['gain_tokens']} tokens cacheable, below min-gain-tokens 32)" in \
        shown["message"]
    [selected] = _json(root, "--select", "PFX001")
    assert selected["severity"] == "info"
    assert run_cli("check", ".", "--fail-on", "info", cwd=root).returncode == 1
    # A lower threshold makes the same break an error again.
    (root / "prefixlint.toml").write_text("min-gain-tokens = 2\n")
    [error] = _json(root)
    assert (error["severity"], error["gain_tokens"]) == ("error", shown["gain_tokens"])


SHORT_RULES = ("Use the glossary terms exactly as written, keep every number as it appears, "
               "and answer in the language of the question in at most three sentences; say "
               "so when a term is not in the glossary.")


def test_an_unknown_value_needs_twice_min_gain_a_named_one_needs_min_gain(tmp_path):
    """A value of unknown scope is a warning only when moving it gains twice
    min-gain-tokens, whether the prompt is a template measured alone or text a call in view
    sends; a value named as the request's needs min-gain-tokens."""
    root = write_project(tmp_path / "p", {
        "prompts/glossary.j2": f"Glossary: {{{{ glossary_block }}}}\n{SHORT_RULES}\n",
        "prompts/question.j2": f"Question: {{{{ question }}}}\n{SHORT_RULES}\n",
        "app.py": f'''from openai import OpenAI


def answer(glossary_block: str) -> str:
    prompt = f"Glossary: {{glossary_block}}\\n{SHORT_RULES}\\n"
    reply = OpenAI().chat.completions.create(
        model="gpt-4o-mini", messages=[{{"role": "user", "content": prompt}}])
    return reply.choices[0].message.content
'''})
    found = {(f["path"], f["code"], f["severity"]): f
             for f in _json(root, "--fail-on", "info")}
    assert sorted(found) == [("app.py", "PFX005", "info"),
                             ("prompts/glossary.j2", "PFX005", "info"),
                             ("prompts/question.j2", "PFX001", "error")]
    for unknown in (found[("prompts/glossary.j2", "PFX005", "info")],
                    found[("app.py", "PFX005", "info")]):
        assert 32 <= unknown["gain_tokens"] < 64
        assert unknown["message"].endswith(
            f"(+{unknown['gain_tokens']} tokens cacheable, below 64: twice min-gain-tokens for "
            "a value of unknown scope)")
    assert 32 <= found[("prompts/question.j2", "PFX001", "error")]["gain_tokens"] < 64


def test_no_warning_or_error_in_fixtures_and_tests_claims_less_than_min_gain():
    proc = run_cli("check", "fixtures", "tests/python", "tests/flow", "tests/templates",
                   "--exit-zero", "--fail-on", "info", "--output-format", "json", cwd=REPO,
                   timeout=600)
    findings = json.loads(proc.stdout)["findings"]
    breaks = [f for f in findings if f["code"] in ("PFX001", "PFX002", "PFX003", "PFX004",
                                                   "PFX005")]
    assert len(breaks) > 30
    assert [f for f in breaks if f["severity"] != "info" and f["gain_tokens"] < 32] == []
    assert all(f["gain_tokens"] > 0 for f in breaks)
