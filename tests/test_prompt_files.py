"""Prompts only where prompts are (issue 10, item 4): Jinja files of other languages, test
code and what .gitignore ignores are not analyzed unless asked for."""

from __future__ import annotations

import json

import pytest

from conftest import run_cli, write_project
from prefixlint.gitignore import GitIgnore, parse
from prefixlint.globs import glob_match
from prefixlint.template_kinds import is_prompt_template

POLICY = (
    "Refunds for annual plans are prorated to the day and issued to the original payment "
    "method within five business days. To rotate an API key, open Settings, choose Keys, and "
    "select Rotate; the old key keeps working for 24 hours so that deployments can be updated "
    "without downtime. Exports larger than 2 GB are split into parts.\n")

PROMPT = "You are the support assistant for {{ user.name }}.\n" + POLICY

DOCKERFILE = """FROM python:{{ python_version }}-slim
ARG BUILD_ID={{ build_id }}
WORKDIR /app
COPY requirements.txt .
RUN pip install -r requirements.txt
CMD ["uvicorn", "app.main:app", "--port", "{{ port }}"]
"""

PAGE = """<!DOCTYPE html>
<html>
  <head><title>{{ title }}</title></head>
  <body>
    <p>Signed in as {{ user.name }} at {{ now }}</p>
  </body>
</html>
"""

MANIFEST = """apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ app_name }}
  labels:
    request: "{{ request_id }}"
spec:
  replicas: {{ replicas }}
"""

QUERY = """SELECT id, title, body
FROM documents
WHERE tenant_id = '{{ user.tenant }}' AND created_at > '{{ now }}'
"""

TEST_MESSAGES = '''from openai import OpenAI

client = OpenAI()


def test_answer_mentions_the_user():
    reply = client.chat.completions.create(model="gpt-4o", messages=[
        {"role": "system", "content": f"Today is {datetime.now()}. You help Alice."},
        {"role": "user", "content": "Hi"}])
    assert reply
'''


def _prompts(root, *args):
    proc = run_cli("check", *args, "--exit-zero", "--output-format", "json", cwd=root)
    assert proc.returncode == 0, proc.stderr
    return sorted(p["id"] for p in json.loads(proc.stdout)["prompts"])


@pytest.mark.parametrize("name,text,expected", [
    ("prompts/system.j2", PROMPT, True),
    ("prompts/answer.md.j2", "# Answer\n{{ question }}\n" + POLICY, True),
    ("chat.prompty", "---\nname: x\n---\nsystem:\n{{ q }}\n", True),
    ("docker/Dockerfile.j2", DOCKERFILE, False),
    ("docker/Dockerfile.prod.jinja", DOCKERFILE, False),
    ("build/base.j2", DOCKERFILE, False),
    ("web/page.html.j2", PAGE, False),
    ("web/email.j2", PAGE, False),
    ("k8s/deployment.yaml.j2", MANIFEST, False),
    ("k8s/values.j2", MANIFEST, False),
    ("sql/search.sql.jinja2", QUERY, False),
    ("sql/search.j2", QUERY, False),
    # YAML-shaped text that speaks to a model is a prompt
    ("prompts/extract.j2", "system: You are an extraction assistant.\nfields:\n  - name\n"
                           "  - email\ntext: {{ document }}\n", True),
])
def test_templates_of_other_languages_are_told_from_prompts(name, text, expected):
    assert is_prompt_template(name, text) is expected


def test_only_prompt_templates_are_measured_unless_include_names_them(tmp_path):
    files = {"prompts/support.j2": PROMPT, "deploy/Dockerfile.j2": DOCKERFILE,
             "deploy/page.html.j2": PAGE, "deploy/values.j2": MANIFEST}
    root = write_project(tmp_path / "p", files)
    assert _prompts(root) == ["prompts/support.j2"]
    # named by a path, as pre-commit passes files: still not a prompt
    assert _prompts(root, "deploy/Dockerfile.j2") == []
    root = write_project(tmp_path / "q", files, 'include = ["deploy/values.j2", "prompts/*.j2"]\n')
    assert _prompts(root) == ["deploy/values.j2", "prompts/support.j2"]


VERDICTS = """Statements taken from the answer under review: {{ statements }}

For each statement above, decide whether it reveals personal data about a private person:
a full name with an address, a phone number, an e-mail address or a card number.
Return JSON only, a list with one object per statement, each with the keys "verdict" and
"reason". Do not add statements, do not merge them, and do not explain anything outside it.
"""


def test_text_files_in_a_prompts_folder_are_prompts_when_they_hold_jinja(tmp_path):
    """A `.txt` or `.md` Jinja file in a folder of prompts or templates, and a `.txt` one
    anywhere, is measured though no code is seen rendering it ("Return JSON only" is an
    instruction, not a `return`); notes there without Jinja, and Jinja in Markdown outside
    such a folder (documentation), are not prompts."""
    root = write_project(tmp_path / "p", {
        "grader/templates/verdicts.txt": VERDICTS,
        "grader/prompts/reason.md": VERDICTS.replace("Statements", "Findings"),
        "grader/templates/NOTES.md": "# Notes\n\nThe verdict template is rendered by the "
                                     "grading service; keep its JSON keys in step.\n",
        "docs/guide.md": VERDICTS,
        "grader/verdicts.txt": VERDICTS,
    })
    proc = run_cli("check", ".", "--no-cache", "--output-format", "json", cwd=root)
    found = json.loads(proc.stdout)
    assert [p["id"] for p in found["prompts"]] == ["grader/prompts/reason.md",
                                                   "grader/templates/verdicts.txt",
                                                   "grader/verdicts.txt"]
    assert [(f["code"], f["path"], f["line"]) for f in found["findings"]] == [
        ("PFX005", "grader/prompts/reason.md", 1), ("PFX005", "grader/templates/verdicts.txt", 1),
        ("PFX005", "grader/verdicts.txt", 1)]


# A Markdown prompt rendered by a Mustache library (chevron): sections, and a tool call
# example whose single braces are JSON-like text, not `str.format` fields.
MUSTACHE_MARKDOWN = """You help analysts explore one {{db_type}} database with SQL.
{{#has_tool_update}}
To filter the dashboard, call the update tool with the query and a title, for example:
Tool Call: `update_dashboard({query: "SELECT * FROM sales WHERE total > 100", title: "Large sales"})`
{{/has_tool_update}}
Write one SQL statement per answer, explain each filter in plain words, never invent a column
that the schema does not list, and ask which table is meant whenever a name could be two.
Prefer readable queries over clever ones, comment every join that is not on a key, round money
to two decimals, give dates in ISO format, and say how many rows a filter leaves whenever the
question asks for a subset. Never change data: only SELECT statements are allowed.
Question: {{question}}
"""


def test_a_markdown_prompt_with_mustache_sections_is_read_as_mustache(tmp_path):
    """`{{#name}}...{{/name}}` in a `.md` prompt makes it Mustache whatever it is called: the
    section is a branch on its value, and `{query: "..."}` in an example is text (it was
    read as a `str.format` field holding a request's query)."""
    root = write_project(tmp_path / "p", {"app/prompts/analyst.md": MUSTACHE_MARKDOWN})
    proc = run_cli("check", ".", "--no-cache", "--output-format", "json", cwd=root)
    found = json.loads(proc.stdout)
    assert [p["id"] for p in found["prompts"]] == ["app/prompts/analyst.md"]
    assert [(f["code"], f["line"], f["column"], f["expr"]) for f in found["findings"]] == [
        ("PFX005", 2, 1, "has_tool_update")]


def test_a_hidden_folder_named_for_prompts_is_read_and_other_hidden_folders_are_not(tmp_path):
    """`backend/.prompts/support/3.md`, where a prompt library keeps each prompt's versions,
    holds prompts (it was passed over as a hidden folder, and a daily date at the top of a
    system prompt was missed); `.github/prompts/` (an editor's prompts for its own
    assistant) and `.cache/templates/` are still not read."""
    dated = "Today is {{ today }}.\n" + POLICY
    root = write_project(tmp_path / "p", {"backend/.prompts/support/3.md": dated,
                                          ".github/prompts/triage.md": dated,
                                          ".cache/templates/support.md": dated})
    proc = run_cli("check", ".", "--no-cache", "--output-format", "json", cwd=root)
    found = json.loads(proc.stdout)
    assert [p["id"] for p in found["prompts"]] == ["backend/.prompts/support/3.md"]
    assert [(f["code"], f["path"], f["line"], f["expr"]) for f in found["findings"]] == [
        ("PFX004", "backend/.prompts/support/3.md", 1, "today")]


def test_test_code_is_left_out_unless_asked_for(tmp_path):
    root = write_project(tmp_path / "p", {
        "app/agent.py": TEST_MESSAGES.replace("def test_answer_mentions_the_user", "def answer"),
        "tests/test_agent.py": TEST_MESSAGES, "app/test_prompts.py": TEST_MESSAGES,
        "app/agent_test.py": TEST_MESSAGES, "conftest.py": TEST_MESSAGES,
        "tests/prompts/fixture.j2": PROMPT,
        # named like a test, but a generator module that defines no test and imports no
        # test framework: code
        "app/generators/unit_test.py": TEST_MESSAGES.replace(
            "def test_answer_mentions_the_user", "def draft_unit_tests"),
        # ...as is an agent that analyzes test failures, whose class is named `Test...`
        "app/agents/test_analysis.py": TEST_MESSAGES.replace(
            "def test_answer_mentions_the_user():",
            "class TestAnalysisAgent:\n    pass\n\n\ndef analyze():"),
        # a test class's test methods are tests
        "app/test_grading.py": TEST_MESSAGES.replace(
            "def test_answer_mentions_the_user():\n",
            "class TestGrading:\n  def test_answer_mentions_the_user(self):\n")})
    everything = ["app/agent.py:7", "app/agent_test.py:7", "app/agents/test_analysis.py:11",
                  "app/generators/unit_test.py:7", "app/test_grading.py:8",
                  "app/test_prompts.py:7", "conftest.py:7", "tests/prompts/fixture.j2",
                  "tests/test_agent.py:7"]
    assert _prompts(root) == ["app/agent.py:7", "app/agents/test_analysis.py:11",
                              "app/generators/unit_test.py:7"]
    assert _prompts(root, "--include-tests") == everything
    (root / "prefixlint.toml").write_text("include-tests = true\n")
    assert _prompts(root) == everything
    (root / "prefixlint.toml").write_text("")
    # a test folder or file named on the command line is analyzed
    assert _prompts(root, "tests") == ["tests/prompts/fixture.j2", "tests/test_agent.py:7"]
    assert _prompts(root, "app/agent_test.py") == ["app/agent_test.py:7"]


def test_gitignore_is_respected_like_git_does(tmp_path):
    root = write_project(tmp_path / "p", {
        ".gitignore": "# build output\n/generated/\n*.tmp.j2\nscratch*\n!scratch_keep.j2\n",
        "prompts/.gitignore": "drafts/\nold_[0-9].j2\n",
        "prompts/support.j2": PROMPT, "prompts/drafts/a.j2": PROMPT,
        "prompts/old_1.j2": PROMPT, "prompts/old_x.j2": PROMPT,
        "generated/b.j2": PROMPT, "src/generated/c.j2": PROMPT, "d.tmp.j2": PROMPT,
        "scratch_1.j2": PROMPT, "scratch_keep.j2": PROMPT})
    kept = ["prompts/old_x.j2", "prompts/support.j2", "scratch_keep.j2", "src/generated/c.j2"]
    assert _prompts(root) == kept
    assert len(_prompts(root, "--no-respect-gitignore")) == 9
    (root / "prefixlint.toml").write_text("respect-gitignore = false\n")
    assert len(_prompts(root)) == 9


def test_gitignore_above_the_project_root_counts_up_to_the_work_tree(tmp_path):
    repo = tmp_path / "repo"
    (repo / ".git" / "info").mkdir(parents=True)
    (repo / ".git" / "info" / "exclude").write_text("local.j2\n")
    (repo / ".gitignore").write_text("service/cache/\n")
    root = write_project(repo / "service", {"prompts/a.j2": PROMPT, "cache/b.j2": PROMPT,
                                            "local.j2": PROMPT})
    assert _prompts(root) == ["prompts/a.j2"]
    ignore = GitIgnore(root.resolve())
    assert ignore.ignored("cache", True) and ignore.ignored("local.j2", False)
    assert not ignore.ignored("prompts/a.j2", False)


def test_gitignore_lines_and_globs():
    [comment_free, negated, folder, anchored, escaped] = parse(
        "# note\n\n*.py[cod]\n!keep.pyc\nbuild/\n/docs/*.j2\n\\#hash   \n")
    assert (comment_free.glob, comment_free.anchored) == ("*.py[cod]", False)
    assert negated.negated and folder.dir_only and anchored.anchored
    assert escaped.glob == "#hash"
    assert comment_free.matches("pkg/mod.pyc", False) and not comment_free.matches("a.pyx", False)
    assert anchored.matches("docs/a.j2", False) and not anchored.matches("x/docs/a.j2", False)
    assert not folder.matches("build", False) and folder.matches("build", True)
    assert glob_match("[!a-c]*.j2", "d.j2") and not glob_match("[!a-c]*.j2", "b.j2")
    assert glob_match("a/**/z.j2", "a/b/c/z.j2")


def test_an_include_named_from_a_loader_above_the_template_is_found(tmp_path):
    """Agents' prompts in `prompts/<agent>/` include shared partials by the path a loader
    rooted at `prompts/` gives them (`partials/rules.prompt`): the include is looked for in
    the folders above the including file, not reported as missing."""
    root = write_project(tmp_path / "p", {
        "prompts/writer/readme.prompt": (
            'You are the technical writer of "{{ project.name }}". Your task is to write its '
            "README for new contributors, based on the details below.\n"
            '{% include "partials/rules.prompt" %}\n'
            "You must answer in Markdown only, and you should not invent commands that the "
            "project does not provide.\n"),
        "prompts/partials/rules.prompt": POLICY,
    })
    proc = run_cli("check", ".", "--no-cache", "--output-format", "json", cwd=root)
    found = json.loads(proc.stdout)
    assert [(f["code"], f["path"], f["line"]) for f in found["findings"]] == [
        ("PFX005", "prompts/writer/readme.prompt", 1)]
    assert found["prompts"][0]["tokens_total"] > 90  # the policy included
