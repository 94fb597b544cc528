"""Daily use without surprises (issue 14): each test here failed before its fix, on the
behaviour a ruff or pre-commit user expects."""

from __future__ import annotations

import json
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

from conftest import REPO, QuietHandler, run_cli, serve, write_project

SUPPORTBOT = REPO / "fixtures" / "supportbot"
POLICY = ("Follow the support policy of Northwind Cloud on every answer and never invent "
          "facts about orders, invoices, refunds or outages.\n") * 12


@pytest.fixture
def supportbot(tmp_path):
    copy = tmp_path / "supportbot"
    shutil.copytree(SUPPORTBOT, copy)
    return copy


def test_report_is_a_reading_command_that_fails_only_when_asked(supportbot):
    assert run_cli("report", cwd=supportbot).returncode == 0  # findings, yet exit 0
    assert run_cli("report", "--fail-on", "error", cwd=supportbot).returncode == 1
    page = supportbot / "report.html"
    proc = run_cli("report", "--output-format", "html", "-o", str(page), cwd=supportbot)
    assert proc.returncode == 0 and page.exists()  # as the README's CI step runs it
    assert run_cli("check", cwd=supportbot).returncode == 1  # check still gates


def test_a_config_file_elsewhere_sets_settings_not_the_root(supportbot):
    (supportbot / "ci").mkdir()
    (supportbot / "ci" / "prefixlint.toml").write_text('select = ["PFX002"]\n')
    proc = run_cli("check", "--config", "ci/prefixlint.toml", "--output-format", "concise",
                   cwd=supportbot)
    assert proc.returncode == 1, proc.stderr
    assert proc.stdout.startswith("prompts/helpdesk.j2:3:23: PFX002")  # paths from the root
    assert "PFX004" not in proc.stdout  # the settings of ci/prefixlint.toml


def test_an_unknown_setting_names_its_file(tmp_path):
    root = write_project(tmp_path / "p", {"a.j2": "Hi"}, "foo = 1\n")
    proc = run_cli("check", cwd=root)
    assert proc.returncode == 2
    assert "prefixlint.toml: unknown setting `foo`" in proc.stderr


APP = f'''from openai import OpenAI

client = OpenAI()
POLICY = """{POLICY}"""


def answer(user, question):
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {{"role": "system", "content": f"You help {{user.name}}. {{POLICY}}"}},  # noqa: PFX002
        {{"role": "user", "content": question}},
    ])


def other(user, question):
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {{"role": "system", "content": f"You help {{user.name}}. {{POLICY}}"}},  # noqa: E501
        {{"role": "user", "content": question}},
    ])
'''


def test_noqa_with_a_prefixlint_code_is_honoured_in_python(tmp_path):
    root = write_project(tmp_path / "p", {"app.py": APP})
    proc = run_cli("check", "--output-format", "json", cwd=root)
    found = [(f["code"], f["line"]) for f in json.loads(proc.stdout)["findings"]]
    lines = APP.splitlines()
    other = next(i for i, line in enumerate(lines, 1) if "# noqa: E501" in line)
    assert found == [("PFX002", other)]  # the first noqa names PFX002; the second only E501


def test_unsafe_fixes_alone_writes_nothing_and_fixable_findings_are_marked(supportbot):
    before = {p: p.read_bytes() for p in supportbot.rglob("*.j2")}
    proc = run_cli("check", "--unsafe-fixes", cwd=supportbot)
    assert {p: p.read_bytes() for p in supportbot.rglob("*.j2")} == before
    assert proc.stdout.splitlines()[-2] == "No safe fixes (2 fixable with --fix " \
                                           "--unsafe-fixes)."
    root = write_project(supportbot.parent / "py", {"app.py": (
        "from openai import OpenAI\n\nclient = OpenAI()\n"
        f"TOPICS = {{'billing', 'refunds', 'outages'}}\nPOLICY = '''{POLICY}'''\n\n\n"
        "def answer(question):\n    return client.chat.completions.create(model='gpt-4.1', "
        "messages=[{'role': 'system', 'content': 'Topics: ' + ', '.join(TOPICS) + "
        "POLICY}, {'role': 'user', 'content': question}])\n")})
    proc = run_cli("check", cwd=root)
    assert " PFX010 [*] " in proc.stdout
    assert proc.stdout.splitlines()[-2] == "[*] 1 fixable with --fix."


def _git(root, *args):
    subprocess.run(["git", *args], cwd=root, check=True, capture_output=True,
                   env={"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@e",
                        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@e",
                        "PATH": "/usr/bin:/bin", "HOME": str(root)})


def test_gate_options_are_checked_and_a_regression_is_never_all_checks_passed(tmp_path):
    root = write_project(tmp_path / "p", {"prompts/a.j2": POLICY + "Question: {{ question }}\n"})
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "base")
    proc = run_cli("check", "--max-regression", "5%", cwd=root)
    assert proc.returncode == 2 and "--max-regression compares with --diff-base" in proc.stderr
    proc = run_cli("check", "--diff-base", "nosuchref", cwd=root)
    assert proc.returncode == 2
    assert proc.stderr.strip() == "prefixlint: error: unknown git revision 'nosuchref'"
    (root / "prompts" / "a.j2").write_text("Asked: {{ question }}\n" + POLICY)
    proc = run_cli("check", "--diff-base", "HEAD", "--max-regression", "5%", "--ignore", "ALL",
                   cwd=root)
    assert proc.returncode == 1
    assert "regression" in proc.stdout and "All checks passed" not in proc.stdout
    assert proc.stdout.splitlines()[-1].startswith("Failed: 1 prompt lost more shared prefix")


def test_prompt_ids_sort_naturally(tmp_path):
    calls = "".join(
        f"\n\ndef ask{i}(q):\n    return client.chat.completions.create(model='m', messages=["
        f"{{'role': 'system', 'content': POLICY}}, {{'role': 'user', 'content': q}}])\n"
        for i in range(3))
    root = write_project(tmp_path / "p", {"app.py": "from openai import OpenAI\n\nclient = "
                                                    "OpenAI()\nPOLICY = 'Be brief. ' * 300\n"
                                                    + calls})
    document = json.loads(run_cli("check", "--output-format", "json", cwd=root).stdout)
    ids = [p["id"] for p in document["prompts"]]
    assert ids == ["app.py:8", "app.py:12", "app.py:16"]


def test_github_counts_and_junit_failures(tmp_path):
    files = {f"prompts/p{i:02d}.j2": "Hello {{ user.name }}.\n" + POLICY for i in range(11)}
    files["prompts/two.j2"] = "Hi {{ user.name }} on {{ today }}.\n" + POLICY
    root = write_project(tmp_path / "p", files)
    notice = run_cli("check", "--output-format", "github", cwd=root).stdout.splitlines()[-1]
    assert notice.startswith("::notice title=prefixlint::13 findings (12 errors, 1 warning); "
                             "GitHub")
    junit = ET.fromstring(run_cli("check", "--output-format", "junit", cwd=root).stdout)
    for case in junit.iter("testcase"):
        assert len(case.findall("failure")) <= 1
    [two] = [c for c in junit.iter("testcase") if c.get("name") == "prompts/two.j2"]
    failure = two.find("failure")
    assert failure.get("message").endswith("(and 1 more)")
    assert len(failure.text.splitlines()) == 2


def test_provider_and_model_that_do_not_go_together_warn(supportbot):
    proc = run_cli("check", "--provider", "anthropic", "--model", "gpt-4o", cwd=supportbot)
    assert "model 'gpt-4o' is not one that provider 'anthropic' serves" in proc.stderr
    proc = run_cli("check", "--provider", "anthropic", "--model", "claude-sonnet-4-5",
                   cwd=supportbot)
    assert "warning" not in proc.stderr


def test_a_syntax_error_is_reported_where_python_sees_it(tmp_path):
    root = write_project(tmp_path / "p", {
        "a.py": "def f(:\n    return client.chat.completions.create(messages=[])\n",
        "b.py": "x = (1,\nclient.chat.completions.create(messages=[])\n"})
    proc = run_cli("check", "--output-format", "concise", cwd=root)
    assert proc.stdout.splitlines()[:2] == [
        "a.py:1:7: PFX900 Python syntax error: invalid syntax",
        "b.py:1:5: PFX900 Python syntax error: '(' was never closed"]


def test_render_color_is_honoured_when_piped(supportbot):
    colored = run_cli("render", "prompts/helpdesk.j2", "--color", cwd=supportbot).stdout
    plain = run_cli("render", "prompts/helpdesk.j2", cwd=supportbot).stdout
    assert "\x1b[" in colored and "\x1b[" not in plain
    assert "Settings file" in run_cli("render", "--help", cwd=supportbot).stdout


class _Server:
    """An OpenAI-style server at /v1 that reports no cached tokens, or 404 elsewhere."""

    def __init__(self):
        paths = self.paths = []

        class Handler(QuietHandler):
            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                paths.append(self.path)
                ok = self.path.startswith("/v1/") and not self.path.startswith("/v1/v1")
                body = json.dumps({"usage": {"prompt_tokens": 40}} if ok else {}).encode()
                self.send_response(200 if ok else 404)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = serve(Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"


def test_warm_takes_base_urls_names_what_it_tried_and_says_when_it_cannot_verify(tmp_path):
    manifest = {"version": 1, "entries": [{"id": "a" * 64, "requests": {
        "openai_chat": {"messages": [{"role": "system", "content": POLICY}], "max_tokens": 1}}}]}
    (tmp_path / "m.json").write_text(json.dumps(manifest))
    server = _Server()
    try:
        proc = run_cli("warm", "--manifest", "m.json", "--endpoint", server.url + "/v1",
                       "--verify", cwd=tmp_path)
        missing = run_cli("warm", "--manifest", "m.json", "--endpoint", server.url + "/api",
                          "--retries", "1", cwd=tmp_path)
    finally:
        server.server.shutdown()
    assert server.paths[:2] == ["/v1/chat/completions", "/v1/chat/completions"]
    assert "the server reports no cached-token counts" in proc.stdout
    assert "--enable-prompt-tokens-details" in proc.stdout  # vLLM's flag, named
    assert "--enable-cache-report" in proc.stdout  # SGLang's
    assert "0.0%" not in proc.stdout
    assert f"HTTP 404 from {server.url}/api/v1/chat/completions" in missing.stdout


def test_text_shows_every_message_whole_and_concise_keeps_it_brief():
    """Across the suites: the default text shows each finding's whole message (what JSON
    says, nothing cut); `--output-format concise` keeps each at most about 120 characters;
    no `(from [])` anywhere."""
    checked = 0
    for folder in (REPO / "tests" / "python", REPO / "tests" / "templates",
                   REPO / "tests" / "flow", REPO / "fixtures"):
        text = run_cli("check", ".", "--no-cache", cwd=folder).stdout
        concise = run_cli("check", ".", "--no-cache", "--output-format", "concise",
                          cwd=folder).stdout
        document = run_cli("check", ".", "--no-cache", "--output-format", "json",
                           cwd=folder).stdout
        assert "(from [])" not in text + document
        messages = [f["message"] for f in json.loads(document)["findings"]]
        shown = [line.split(": PFX", 1)[1].split(" ", 1)[1].removeprefix("[*] ")
                 for line in text.splitlines() if ": PFX" in line and not line.startswith(" ")]
        assert shown == messages
        for line in concise.splitlines():
            message = line.split(": PFX", 1)[1].split(" ", 1)[1].removeprefix("[*] ")
            assert len(message) <= 120, line
            checked += 1
    assert checked > 60


def test_the_applications_own_filters_and_tests_are_declared_not_guessed(tmp_path):
    template = ("You are the assistant of {{ product | title_case }}.\n" + POLICY +
                "{% if user is premium_user %}Priority support.{% endif %}\n"
                "Hello {{ user.name | initials }}.\n")
    root = write_project(tmp_path / "p", {"prompts/a.j2": template})
    proc = run_cli("check", "--output-format", "concise", cwd=root)
    assert proc.stdout.splitlines()[0] == (
        "prompts/a.j2:1:1: PFX900 unknown Jinja filter 'title_case' (if your code registers "
        'it, declare it: [jinja] filters = ["title_case"])')
    (root / "prefixlint.toml").write_text(
        '[jinja]\nfilters = ["title_case", "initials"]\ntests = ["premium_user"]\n'
        '[variables]\nproduct = "static"\n')
    document = json.loads(run_cli("check", "--output-format", "json", "--fail-on", "info",
                                  cwd=root).stdout)
    assert document["findings"] == []
    [prompt] = document["prompts"]
    assert prompt["prefix_tokens"]["global"] > 250  # the policy, rendered through the filter
    (root / "prefixlint.toml").write_text('[jinja]\nfilters = "title_case"\nlstrip = true\n')
    proc = run_cli("check", cwd=root)
    assert proc.returncode == 2 and "lists of names for filters and tests" in proc.stderr


def test_filters_and_tests_the_applications_code_registers_are_known_without_declaring(
        tmp_path):
    """`env.filters["title_case"] = ...`, `env.tests.update({...})` and Flask's
    `@app.template_filter(...)` in the project's code register what its templates use: no
    PFX900, and the value through a filter is still the value (a user's name breaks)."""
    template = ("You are the assistant of {{ product | title_case }}.\n"
                "{% if user is premium_user %}Priority support.{% endif %}\n"
                "Hello {{ user.name | initials }}.\n" + POLICY)
    root = write_project(tmp_path / "p", {
        "prompts/a.j2": template,
        "app/render.py": "import jinja2\n\nenv = jinja2.Environment()\n"
                         "env.filters['title_case'] = str.title\n"
                         "env.tests.update({'premium_user': lambda u: u.tier == 'gold'})\n",
        "app/web.py": "from flask import Flask\n\napp = Flask(__name__)\n\n\n"
                      "@app.template_filter('initials')\ndef initials(name):\n"
                      "    return ''.join(part[0] for part in name.split())\n",
        "prefixlint.toml": '[variables]\nproduct = "static"\n'})
    document = json.loads(run_cli("check", "--output-format", "json", cwd=root).stdout)
    assert [(f["code"], f["line"], f["column"]) for f in document["findings"]] == [
        ("PFX002", 3, 7)]
    (root / "app" / "web.py").unlink()  # the filter no code registers is not guessed
    proc = run_cli("check", "--output-format", "concise", cwd=root)
    assert proc.stdout.splitlines()[0] == (
        "prompts/a.j2:3:1: PFX900 unknown Jinja filter 'initials' (if your code registers "
        'it, declare it: [jinja] filters = ["initials"])')


def test_a_date_break_is_visible_in_the_table_json_and_page(supportbot, tmp_path):
    lines = run_cli("report", cwd=supportbot).stdout.splitlines()
    assert lines[0].split()[:4] == ["prompt", "tokens", "days", "global"]
    escalation = next(line for line in lines if line.startswith("prompts/escalation.j2 "))
    assert escalation.split()[1:4] == ["1,162", "8", "1,162"]
    assert "2:28 day 'today'" in escalation and "(+1,152 across days)" in escalation
    document = json.loads(run_cli("report", "--output-format", "json", cwd=supportbot).stdout)
    prompt = next(p for p in document["prompts"] if p["id"] == "prompts/escalation.j2")
    assert prompt["across_days"] == {"prefix_tokens": 8, "projected_prefix_tokens": 1160,
                                     "gain_tokens": 1152}
    page = tmp_path / "site" / "report.html"
    page.parent.mkdir()
    run_cli("report", "--output-format", "html", "-o", str(page), cwd=supportbot)
    html = page.read_text()
    section = html.split('data-prompt="prompts/escalation.j2"')[1].split("</section>")[0]
    assert "▼ day break: day value today (prompts/escalation.j2:2:28)" in section
    assert '<span class="d">' in section and "after the moves +1,152 tokens" in section
    # source links resolve from where the page was written
    link = section.split('href="')[1].split("#")[0]
    assert (page.parent / link).resolve() == (supportbot / "prompts" / "escalation.j2").resolve()


def test_render_and_the_page_use_the_configured_values(supportbot, tmp_path):
    assert 'product_name = "Northwind Cloud"' in (supportbot / "prefixlint.toml").read_text()
    proc = run_cli("render", "prompts/helpdesk.j2", cwd=supportbot)
    assert "«static product_name: Northwind Cloud»" in proc.stdout
    page = tmp_path / "r.html"
    run_cli("report", "--output-format", "html", "-o", str(page), cwd=supportbot)
    section = page.read_text().split('data-prompt="prompts/helpdesk.j2"')[1]
    assert "helpdesk assistant of Northwind Cloud." in section


def test_every_setting_the_configuration_knows_is_in_the_readme_table():
    import re

    from prefixlint.config import SETTINGS

    readme = (REPO / "README.md").read_text(encoding="utf-8")
    table = readme.split("Every setting:", 1)[1].split("\n\n", 2)[1]
    documented = [re.match(r"\| `([a-z-]+)` \|", row).group(1) for row in table.splitlines()[2:]]
    assert sorted(documented) == sorted(SETTINGS)
    from prefixlint import config

    for key in SETTINGS:  # and the configuration reads each of them (a bad value, not unknown)
        with pytest.raises(config.ConfigError) as error:
            config._parse_table({key: object()})
        assert "unknown setting" not in str(error.value), key
    with pytest.raises(config.ConfigError, match="unknown setting `colour`"):
        config._parse_table({"colour": 1})
    for name in ("PREFIXLINT_DEBUG", "PREFIXLINT_CACHE_HOME", "{# prefixlint: ignore #}",
                 "| PFX020 |", "`.venv`"):
        assert name in readme


def test_each_folder_is_analyzed_with_its_own_settings(tmp_path):
    """`check fixtures/supportbot fixtures/rag`: each folder's prefixlint.toml applies to its
    files (ruff's nearest configuration), paths are shown from where the command runs, and
    every finding and prompt is the one its folder gives alone."""
    for name in ("supportbot", "rag"):
        shutil.copytree(REPO / "fixtures" / name, tmp_path / name)
    both = json.loads(run_cli("check", "supportbot", "rag", "--output-format", "json",
                              cwd=tmp_path).stdout)
    alone = {name: json.loads(run_cli("check", "--output-format", "json",
                                      cwd=tmp_path / name).stdout) for name in ("supportbot", "rag")}
    expected = sorted((f"{name}/{f['path']}", f["line"], f["column"], f["code"])
                      for name, document in alone.items() for f in document["findings"])
    assert sorted((f["path"], f["line"], f["column"], f["code"])
                  for f in both["findings"]) == expected
    assert [p["id"] for p in both["prompts"]] == sorted(
        (f"{name}/{p['id']}" for name, d in alone.items() for p in d["prompts"]),
        key=lambda i: (i.split("/")[0], i))
    by_id = {p["id"]: p["prefix_tokens"] for p in both["prompts"]}
    for name, document in alone.items():
        for prompt in document["prompts"]:
            assert by_id[f"{name}/{prompt['id']}"] == prompt["prefix_tokens"]
    # supportbot's own [variables] (product_name is static) hold: no PFX005 for it
    assert not any(f["code"] == "PFX005" for f in both["findings"])


def test_a_project_named_from_inside_another_uses_its_own_settings(tmp_path, supportbot):
    here = write_project(tmp_path / "elsewhere", {"notes.j2": "Hello"})
    proc = run_cli("check", str(supportbot), "--output-format", "concise", cwd=here)
    assert proc.returncode == 1, proc.stderr
    # a project outside the current folder is shown by absolute path (ruff's way)
    assert proc.stdout.splitlines()[1].startswith(
        f"{supportbot.resolve()}/prompts/helpdesk.j2:3:23: PFX002")


def test_the_settings_nearest_to_the_path_win_over_the_current_folders(tmp_path, supportbot):
    outer = write_project(tmp_path / "outer", {}, '[variables]\n"product_name" = "user"\n')
    shutil.copytree(supportbot, outer / "bot")
    proc = run_cli("check", "bot", "--output-format", "json", cwd=outer)
    # bot/prefixlint.toml says product_name is static: the outer user scope does not apply
    codes = [(f["code"], f["expr"]) for f in json.loads(proc.stdout)["findings"]]
    assert ("PFX002", "product_name") not in codes
    assert ("PFX002", "user.display_name") in codes


def test_a_shared_partial_is_reported_at_its_worst_with_fail_on_info(tmp_path):
    """A partial two templates include: in one, a user's name before the whole policy (an
    error); in the other, before one short line (info). Asked for info findings too, the
    place is still reported as the error, naming both templates' prompts."""
    root = write_project(tmp_path / "p", {
        "prompts/_greeting.j2": "Hello {{ user.name }}.\n",
        "prompts/a_short.j2": "{% include '_greeting.j2' %}Answer briefly, in the language "
                              "of the question, and sign with the team's name.\n",
        "prompts/b_policy.j2": "{% include '_greeting.j2' %}" + POLICY})
    document = json.loads(run_cli("check", "--output-format", "json", "--fail-on", "info",
                                  "--no-cache", cwd=root).stdout)
    found = [(f["code"], f["severity"]) for f in document["findings"]
             if f["path"] == "prompts/_greeting.j2"]
    assert found == [("PFX002", "error")]
