"""Habits of a daily tool (issue 21, item 8): paths as the terminal sees them, each folder
analyzed with the settings nearest to it also from a parent folder, and rule codes checked."""

from __future__ import annotations

import json
import shutil

from conftest import REPO, run_cli, write_project


def _concise(proc) -> list[str]:
    return [line.split(": ")[0] + " " + line.split(": ")[1].split()[0]
            for line in proc.stdout.splitlines()]


def test_a_run_from_a_parent_folder_uses_each_subfolders_settings(tmp_path):
    """supportbot/prefixlint.toml declares product_name static: from the parent, as from
    inside, only the two real breaks are reported, with paths from where the run starts."""
    shutil.copytree(REPO / "fixtures" / "supportbot", tmp_path / "apps" / "supportbot")
    (tmp_path / "apps" / "notes").mkdir()  # no settings of its own: the defaults
    (tmp_path / "apps" / "notes" / "notes.j2").write_text(
        "Hello {{ product_name }}.\n" + "Answer from the policy, cite the section used.\n" * 20)
    inside = run_cli("check", "--output-format", "concise", cwd=tmp_path / "apps" / "supportbot")
    parent = run_cli("check", "--output-format", "concise", cwd=tmp_path)
    assert _concise(inside) == ["prompts/escalation.j2:2:28 PFX004",
                                "prompts/helpdesk.j2:3:23 PFX002"]
    assert [line for line in _concise(parent) if "supportbot" in line] == [
        "apps/supportbot/prompts/escalation.j2:2:28 PFX004",
        "apps/supportbot/prompts/helpdesk.j2:3:23 PFX002"]
    # the folder without settings keeps the defaults there: product_name is unclassified
    assert "apps/notes/notes.j2:1:7 PFX005" in _concise(parent)
    document = json.loads(run_cli("check", "apps", "--output-format", "json",
                                  cwd=tmp_path).stdout)
    assert sorted(f["path"] for f in document["findings"]) == [
        "apps/notes/notes.j2", "apps/supportbot/prompts/escalation.j2",
        "apps/supportbot/prompts/helpdesk.j2"]


def test_paths_print_relative_to_the_current_folder(tmp_path):
    shutil.copytree(REPO / "fixtures" / "supportbot", tmp_path / "supportbot")
    prompts = tmp_path / "supportbot" / "prompts"
    concise = run_cli("check", ".", "--output-format", "concise", cwd=prompts)
    assert _concise(concise) == ["escalation.j2:2:28 PFX004", "helpdesk.j2:3:23 PFX002"]
    text = run_cli("check", ".", cwd=prompts).stdout
    assert text.startswith("escalation.j2:2:28: PFX004 ")
    github = run_cli("check", "supportbot", "--output-format", "github", cwd=tmp_path).stdout
    assert "::error file=supportbot/prompts/helpdesk.j2,line=3,col=23," in github
    # JSON keeps its contract: paths from the project root
    document = json.loads(run_cli("check", ".", "--output-format", "json", cwd=prompts).stdout)
    assert [f["path"] for f in document["findings"]] == ["prompts/escalation.j2",
                                                         "prompts/helpdesk.j2"]


def test_an_unknown_rule_code_is_a_usage_error(tmp_path):
    root = write_project(tmp_path / "p", {"a.j2": "Hello {{ user_name }}"})
    proc = run_cli("check", "--select", "PFX999", cwd=root)
    assert proc.returncode == 2
    assert "'PFX999' is not a rule code or prefix of one" in proc.stderr
    assert "did you mean PFX900?" in proc.stderr
    assert run_cli("check", "--ignore", "PFX0,PFX9", cwd=root).returncode == 0  # prefixes
    (root / "prefixlint.toml").write_text('ignore = ["PFX08"]\n')
    proc = run_cli("check", cwd=root)
    assert proc.returncode == 2 and "'PFX08' is not a rule code" in proc.stderr


POLICY = ("Follow the support policy of Northwind Cloud on every answer and never invent "
          "facts about orders.\n") * 12
FILLED = '''from pathlib import Path
from string import Template

from jinja2 import Environment, FileSystemLoader
from openai import OpenAI

client = OpenAI()
env = Environment(loader=FileSystemLoader("prompts"))
SYSTEM = Path("prompts/system.md").read_text()
NOTES = Template(Path("prompts/notes.txt").read_text())


def send(system, question):
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": system}, {"role": "user", "content": question}])


def markdown(user, question):
    return send(SYSTEM.format(user_name=user.name), question)


def jinja(user, question):
    return send(env.get_template("agent.j2").render(user_name=user.name), question)


def text(user, question):
    return send(NOTES.substitute(user_name=user.name), question)
'''
PROMPT_FILES = {"prompts/system.md": "You are speaking with {user_name}.\n" + POLICY,
                "prompts/agent.j2": "You are speaking with {{ user_name }}.\n" + POLICY,
                "prompts/notes.txt": "You are speaking with $user_name.\n" + POLICY}


def test_a_prompt_file_filled_by_python_can_be_silenced_in_the_file_or_on_the_python_line(
        tmp_path):
    """Each kind of prompt file takes a directive in its own comment form, and `# noqa` on
    the Python line that passes the value silences what is reported at the placeholder."""
    root = write_project(tmp_path / "p", {"app/bot.py": FILLED, **PROMPT_FILES})
    proc = run_cli("check", "--output-format", "concise", cwd=root)
    assert _concise(proc) == ["prompts/agent.j2:1:23 PFX002", "prompts/notes.txt:1:23 PFX002",
                              "prompts/system.md:1:23 PFX002"]
    text = run_cli("check", cwd=root).stdout  # where to put the noqa
    assert "(from user.name, passed at app/bot.py:19, scope by word 'user')" in text
    assert "(from user.name, passed at app/bot.py:23, scope by word 'user')" in text
    assert "(from user.name, passed at app/bot.py:27, scope by word 'user')" in text

    directives = {"prompts/system.md": "<!-- prefixlint: ignore[PFX002] -->\n",
                  "prompts/agent.j2": "{# prefixlint: ignore[PFX002] #}\n",
                  "prompts/notes.txt": "# prefixlint: ignore[PFX002]\n"}
    for name, line in directives.items():
        (root / name).write_text(line + PROMPT_FILES[name])
    assert run_cli("check", "--output-format", "concise", cwd=root).stdout == ""

    for name, content in PROMPT_FILES.items():
        (root / name).write_text(content)
    source = FILLED
    for call in ("SYSTEM.format(user_name=user.name)",
                 'env.get_template("agent.j2").render(user_name=user.name)',
                 "NOTES.substitute(user_name=user.name)"):
        source = source.replace(f"{call}, question)", f"{call}, question)  # noqa: PFX002")
    (root / "app/bot.py").write_text(source)
    assert run_cli("check", "--output-format", "concise", cwd=root).stdout == ""
    (root / "app/bot.py").write_text(source.replace("# noqa: PFX002", "# noqa: PFX001"))
    assert len(_concise(run_cli("check", "--output-format", "concise", cwd=root))) == 3


CLIENT = '''class Client:
    def __init__(self, transport):
        self.transport = transport

    def ask(self, prompt):
        return self.transport.send(prompt)


def complete(prompt, temperature=0):
    return _send(prompt)
'''
CALLER = f'''from myco.llm import Client, complete

client = Client(None)
POLICY = "{POLICY.replace(chr(10), " ").strip()}"


def answer(user, question):
    return client.ask(f"Hi {{user.name}}. " + POLICY + question)


def summary(user):
    return complete(f"About {{user.name}}. " + POLICY)
'''


def test_custom_sinks_match_by_qualified_or_bare_name(tmp_path):
    """A project's own client whose transport is not in view: nothing is found until the
    settings name its methods, by qualified name (a method as `module.Class.method`) or by
    bare name, as the README documents."""
    root = write_project(tmp_path / "p", {"myco/__init__.py": "", "myco/llm.py": CLIENT,
                                          "app/bot.py": CALLER})
    assert _concise(run_cli("check", "--output-format", "concise", cwd=root)) == []
    both = ["app/bot.py:8:29 PFX002", "app/bot.py:12:30 PFX002"]
    for sinks in ('["myco.llm.Client.ask", "myco.llm.complete:0"]', '["ask", "complete:0"]',
                  '["Client.ask", "complete"]'):
        (root / "prefixlint.toml").write_text(f"[python]\nsinks = {sinks}\n")
        proc = run_cli("check", "--output-format", "concise", cwd=root)
        assert _concise(proc) == both, (sinks, proc.stdout, proc.stderr)
    (root / "prefixlint.toml").write_text('[python]\nsinks = ["myco.llm.Client.tell"]\n')
    assert _concise(run_cli("check", "--output-format", "concise", cwd=root)) == []


CLOCKS = '''import time

from jinja2 import Environment, FileSystemLoader
from openai import OpenAI

client = OpenAI()
env = Environment(loader=FileSystemLoader("prompts"))
POLICY = "{policy}"


def send(system, question):
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {{"role": "system", "content": system}}, {{"role": "user", "content": question}}])


def minutes(question, when):
    return send("Local time " + when.strftime("%I:%M %p") + ". " + POLICY, question)


def spec(question, when):
    return send(f"Local time {{when:%H:%M}}. " + POLICY, question)


def passed(question, when):
    clock = when.strftime("%H:%M")
    return send(env.get_template("passed.j2").render(clock=clock), question)


def day(question):
    return send("Today is " + time.strftime("%Y-%m-%d") + ". " + POLICY, question)
'''


def test_a_clock_format_finer_than_a_day_is_request_scoped(tmp_path):
    """Whatever the formatted value is called, a format with hours or minutes shows a clock
    reading (request), and one with the day only changes daily; in Python and in Jinja."""
    root = write_project(tmp_path / "p", {
        "app.py": CLOCKS.format(policy=POLICY.replace("\n", " ").strip()),
        "prompts/passed.j2": "Local time {{ clock }}.\n" + POLICY,
        "prompts/own.j2": "Local time {{ stamp.strftime('%I:%M') }}.\n" + POLICY,
        "prompts/daily.j2": "Today is {{ stamp.strftime('%A %d %B') }}.\n" + POLICY})
    proc = run_cli("check", "--output-format", "concise", cwd=root)
    assert _concise(proc) == ["app.py:17:33 PFX001", "app.py:21:31 PFX001",
                              "app.py:30:31 PFX004", "prompts/daily.j2:1:10 PFX004",
                              "prompts/own.j2:1:12 PFX001", "prompts/passed.j2:1:12 PFX001"]
