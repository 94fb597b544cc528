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


def test_safe_fix_adds_sort_keys_when_asked_for_data_not_in_view(tmp_path):
    """JSON of a parameter's data: Python keeps keys in insertion order, so the code does not
    show a fault. Not reported by default (info); `--select PFX010` shows it and fixes it."""
    shutil.copytree(REPO / "tests" / "python", tmp_path / "p")
    root, name = tmp_path / "p", "p33_json_dumps_unsorted.py"
    source = (root / name).read_text()
    proc = run_cli("check", "--fix", name, cwd=root)
    assert "PFX010" not in proc.stdout and (root / name).read_text() == source
    proc = run_cli("check", "--select", "PFX010", "--fix", name, cwd=root)
    assert "json.dumps(schema, sort_keys=True)" in (root / name).read_text()
    proc = run_cli("check", "--select", "PFX010", name, cwd=root)
    assert "PFX010" not in proc.stdout


def test_json_of_a_dict_built_from_a_set_is_an_error_and_fixed(tmp_path):
    """A dict comprehension over a set puts its keys in the set's order, which changes with
    PYTHONHASHSEED: an error, fixed by sort_keys=True."""
    app = ("import json\nfrom openai import OpenAI\n\nclient = OpenAI()\n"
           "TOOLS = {'search', 'calendar', 'mail', 'notes'}\n"
           "POLICY = '" + "Use a tool only when the user asks for it. " * 20 + "'\n\n\n"
           "def ask(question):\n"
           "    described = {name: f'the {name} tool' for name in TOOLS}\n"
           "    return client.chat.completions.create(model='m', messages=[\n"
           "        {'role': 'system', 'content': json.dumps(described) + POLICY},\n"
           "        {'role': 'user', 'content': question}])\n")
    root = write_project(tmp_path / "p", {"app.py": app})
    proc = run_cli("check", cwd=root)
    assert "app.py:12:39: PFX010 [*] 'json.dumps(described)' serializes data built from a set" \
        in proc.stdout and proc.returncode == 1
    run_cli("check", "--fix", cwd=root)
    assert "json.dumps(described, sort_keys=True)" in (root / "app.py").read_text()


@pytest.mark.parametrize("code", ["PFX001", "PFX002", "PFX003", "PFX004", "PFX005"])
def test_unsafe_fix_moves_the_volatile_line_of_each_template_example(tmp_path, code):
    example = bad_example(code)
    root = write_project(tmp_path / "p", {example.file: example.source})
    before = global_prefix(root, example.file)
    assert run_cli("check", "--fix", "--output-format", "concise",
                   cwd=root).stdout.count(code) == 1  # not a safe fix
    proc = run_cli("check", "--fix", "--unsafe-fixes", cwd=root)
    assert f"{code}: moved line" in proc.stderr
    assert code not in proc.stdout
    after = global_prefix(root, example.file)
    # a date is fixed at the global level (it is shared by every user on one day)
    assert after >= before if code == "PFX004" else after > before


def test_unsafe_fix_moves_a_whole_branch_block(tmp_path):
    example = bad_example("PFX002", 1)
    root = write_project(tmp_path / "p", {example.file: example.source})
    proc = run_cli("check", "--fix", "--unsafe-fixes", cwd=root)
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
    proc = run_cli("check", "--fix", "--unsafe-fixes", "prompts/escalation.j2", cwd=root)
    # Line 2 is `{% block header %}Today is {{ today }}…{% endblock %}` in a child template:
    # moving it out of its block would stop it being rendered at all.
    assert "not fixing prompts/escalation.j2: a moved line would leave the block" in proc.stderr
    assert (root / "prompts/escalation.j2").read_text() == original


PLANNER = """You are the planning agent of a research team.

Search results:
{{ search_results }}

## How to plan
Break the question into three to five steps. Each step names the source it will use and the
fact it needs to establish. Prefer primary sources over summaries, and peer-reviewed papers
over preprints when both cover the same result. Never invent a source; say plainly when the
literature does not answer the question. Keep each step under forty words.

Your response should start with "PLAN:" followed by the numbered steps, and nothing else.
"""


def test_a_move_takes_its_label_along_and_stops_before_the_format_instruction(tmp_path):
    root = write_project(tmp_path / "p", {"prompts/planner.j2": PLANNER})
    proc = run_cli("check", "--fix", "--unsafe-fixes", cwd=root)
    assert "PFX001: moved line 4 ('search_results') below the constant text" in proc.stderr
    lines = PLANNER.splitlines(keepends=True)
    # the blank line, the label and the value move as one paragraph, before the instruction
    assert (root / "prompts/planner.j2").read_text() == "".join(
        lines[:1] + lines[4:10] + lines[1:4] + lines[10:])
    assert run_cli("check", cwd=root).returncode == 0


def test_a_value_followed_only_by_the_format_instruction_is_not_moved(tmp_path):
    constant = "You are the planning agent. " * 20 + "\n\n"
    schema = "Respond with JSON only, in this shape: " + '{"steps": [{"source": ""}]} ' * 12
    root = write_project(tmp_path / "p", {"prompts/q.j2": constant + "Question: {{ question }}\n"
                                          + schema + "\n"})
    proc = run_cli("check", "--fix", "--unsafe-fixes", cwd=root)
    assert "not fixing prompts/q.j2: only an instruction that ends the prompt's format" \
        in proc.stderr
    assert (root / "prompts/q.j2").read_text() == constant + "Question: {{ question }}\n" + \
        schema + "\n"
    # another place of the same value there stays; the first one moves above the instruction
    root = write_project(tmp_path / "q", {"prompts/q.j2": "{{ question }}\n" + constant +
                                          "Question: {{ question }}\n" + schema + "\n"})
    proc = run_cli("check", "--fix", "--unsafe-fixes", cwd=root)
    assert "PFX001: moved line 1 ('question')" in proc.stderr, proc.stderr
    assert (root / "prompts/q.j2").read_text() == constant[:-1] + "{{ question }}\n\n" + \
        "Question: {{ question }}\n" + schema + "\n"


def test_every_place_of_a_value_moves_and_one_run_reaches_a_fixed_point(tmp_path):
    template = ("Hello {{ user.name }}.\nYou are the support assistant of Contoso.\n"
                "Policies:\n" + "Refunds are prorated to the day and issued within five "
                "business days to the original payment method.\n" * 6 +
                "Sign every answer for {{ user.name }}.\nKeep answers short.\n")
    root = write_project(tmp_path / "p", {"prompts/a.j2": template})
    proc = run_cli("check", "--fix", "--unsafe-fixes", cwd=root)
    assert "PFX002: moved lines 1, 10 ('user.name') below the constant text" in proc.stderr
    fixed = (root / "prompts/a.j2").read_text()
    assert fixed.endswith("Keep answers short.\nHello {{ user.name }}.\n"
                          "Sign every answer for {{ user.name }}.\n")
    again = run_cli("check", "--unsafe-fixes", "--diff", cwd=root)
    assert (again.returncode, again.stdout) == (0, "")


def test_fixes_are_measured_in_memory_without_a_copy_of_the_project(tmp_path):
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    root = write_project(tmp_path / "p", {"prompts/planner.j2": PLANNER})
    proc = run_cli("check", "--fix", "--unsafe-fixes", cwd=root, env={"TMPDIR": str(scratch)})
    assert "fixed prompts/planner.j2" in proc.stderr
    assert list(scratch.iterdir()) == []


CHAT_PROMPTY = """---
name: support
model:
  api: chat
---
system:
You are the support assistant of an outdoor retailer.

# Customer
You are helping {{ customer.first_name }}.
Use their first name in every answer.

# Policies
Only answer from the product documentation; if the answer is not there, say so and suggest
that the customer contacts support. Never recommend a product that is not in the
documentation, and never quote a price that the documentation does not give.

user:
{{ question }}
"""


def test_a_short_paragraph_moves_whole_and_stays_in_its_message(tmp_path):
    root = write_project(tmp_path / "p", {"chat.prompty": CHAT_PROMPTY})
    proc = run_cli("check", "--fix", "--unsafe-fixes", cwd=root)
    assert "PFX002: moved line 10 ('customer.first_name')" in proc.stderr, proc.stderr
    lines = CHAT_PROMPTY.splitlines(keepends=True)
    # heading, value and the sentence after it move together, before `user:`
    assert (root / "chat.prompty").read_text() == "".join(
        lines[:7] + lines[11:16] + lines[7:11] + lines[16:])


def _three_fixable(tmp_path):
    example = bad_example("PFX010")
    files = {f"app/{name}.py": example.source for name in ("a", "b", "c")}
    return write_project(tmp_path / "p", files), example


def test_fix_skips_a_hard_link_and_a_read_only_file_and_fixes_the_rest(tmp_path):
    """Each file it cannot safely write is named with the reason; the others are fixed."""
    import os

    root, example = _three_fixable(tmp_path)
    outside = tmp_path / "outside.py"
    os.link(root / "app/b.py", outside)  # a second name for b.py, outside the project
    (root / "app/c.py").chmod(0o444)
    proc = run_cli("check", "--fix", cwd=root)
    assert "prefixlint: not fixing app/b.py: it has 2 hard links" in proc.stderr
    assert "prefixlint: not fixing app/c.py: it is read-only" in proc.stderr
    assert "fixed app/a.py (1 finding)" in proc.stderr
    assert "sorted(TAGS)" in (root / "app/a.py").read_text()
    assert outside.read_text() == example.source == (root / "app/c.py").read_text()


def test_fix_never_overwrites_an_edit_saved_while_it_ran(tmp_path, monkeypatch, capsys):
    from prefixlint import api, cli, fixes

    root, example = _three_fixable(tmp_path)
    real_plan = fixes.plan

    def plan_then_edit(*args, **kwargs):
        found = real_plan(*args, **kwargs)
        with open(root / "app/b.py", "a", encoding="utf-8") as handle:
            handle.write("# saved by the editor while the check ran\n")
        return found

    monkeypatch.setattr(fixes, "plan", plan_then_edit)
    monkeypatch.chdir(root)
    assert cli._fix((), api.load_config(root), False, False) == 3
    err = capsys.readouterr().err
    assert "not fixing app/b.py: it changed since it was analyzed" in err
    assert (root / "app/b.py").read_text().endswith("# saved by the editor while the check ran\n")
    assert "sorted(TAGS)" not in (root / "app/b.py").read_text()
    assert "sorted(TAGS)" in (root / "app/a.py").read_text()


def test_json_dumps_with_spread_options_is_reported_but_not_fixed(tmp_path):
    """`json.dumps(x, **OPTIONS)` may already pass sort_keys: adding it could make the call
    fail at run time, so no fix is offered, the finding stands."""
    app = ("import json\nfrom openai import OpenAI\n\nclient = OpenAI()\nOPTIONS = {'indent': 2}\n"
           "POLICY = '" + "Follow the policy on every answer. " * 30 + "'\n\n\n"
           "def ask(profile, question):\n"
           "    return client.chat.completions.create(model='m', messages=[\n"
           "        {'role': 'system', 'content': json.dumps(profile, **OPTIONS) + POLICY},\n"
           "        {'role': 'user', 'content': question}])\n")
    root = write_project(tmp_path / "p", {"app.py": app})
    proc = run_cli("check", "--select", "PFX010", cwd=root)
    assert "the ** arguments may hold it" in proc.stdout and "[*]" not in proc.stdout
    run_cli("check", "--fix", cwd=root)
    assert (root / "app.py").read_text() == app
