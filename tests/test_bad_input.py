"""Bad and hostile input gives PFX900 for that file, and every other file is still analyzed."""

from __future__ import annotations

import json

from prefixlint import api

from conftest import run_cli

POLICY = "Follow the policy: verify the account owner, never share data across customers. " * 6

HOSTILE = {
    "prompts/mro.j2": "You are an assistant. {{ ''.__class__.__mro__ }}\n",
    "prompts/globals.j2": "{{ self.__init__.__globals__ }}\n",
    "prompts/big_range.j2": "{% for i in range(10**9) %}x{% endfor %}\n",
    "prompts/spin.j2": "{% for i in range(100000) %}{% for j in range(100000) %}"
                       "{% endfor %}{% endfor %}done\n",
    "prompts/output_bomb.j2": "{% for i in range(100000) %}{% for j in range(100000) %}"
                              "xxxxxxxxxxxxxxxx{% endfor %}{% endfor %}\n",
    "prompts/doubling.j2": '{% set ns = namespace(x="aaaaaaaaaa") %}{% for i in range(64) %}'
                           "{% set ns.x = ns.x ~ ns.x %}{% endfor %}{{ ns.x|length }}\n",
    "prompts/repeat.j2": '{{ "a" * 1000000000 }}\n',
    "prompts/width.j2": '{{ "%0999999999d" % 1 }}\n',
    "prompts/width_format.j2": '{{ "{:>999999999}".format("x") }}\n',
    "prompts/center.j2": '{{ "x"|center(999999999) }}\n',
    "prompts/escape.j2": 'Policy.\n{% include "../../../etc/passwd" %}\n',
    "prompts/absolute.j2": 'Policy.\n{% include "/etc/passwd" %}\n',
    "prompts/missing.j2": 'Policy.\n\n{% include "nowhere.j2" %}\n',
    "prompts/cycle_a.j2": 'A {% include "cycle_b.j2" %}\n',
    "prompts/cycle_b.j2": 'B {% include "cycle_a.j2" %}\n',
    "prompts/recursion.j2": "{% macro f(n) %}{{ f(n) }}{% endmacro %}{{ f(1) }}\n",
    "prompts/syntax.j2": "You are an assistant.\n{{ user.name \n",
    "prompts/latin1.j2": "caf\xe9 {{ user.name }}\n".encode("latin-1"),
    "prompts/binary.j2": b"bin\x00ary {{ x }}",
    "prompts/huge.j2": "x" * 1_100_000,
    "prompts/ok.j2": "You are speaking with {{ user.name }}.\n" + POLICY + "\n",
}

EXPECTED_900 = {
    "prompts/mro.j2": "blocked by the sandbox",
    "prompts/globals.j2": "blocked by the sandbox",
    "prompts/big_range.j2": "render limit",
    "prompts/spin.j2": "more than 2,000,000 steps",
    "prompts/output_bomb.j2": "output exceeds",
    "prompts/doubling.j2": "grew past",
    "prompts/repeat.j2": "repeated string",
    "prompts/width.j2": "format width",
    "prompts/width_format.j2": "format width",
    "prompts/center.j2": "render limit",
    "prompts/escape.j2": "outside the project root",
    "prompts/absolute.j2": "outside the project root",
    "prompts/missing.j2": "not found",
    "prompts/cycle_a.j2": "include cycle",
    "prompts/cycle_b.j2": "include cycle",
    "prompts/recursion.j2": "recursion",
    "prompts/syntax.j2": "syntax error",
    "prompts/latin1.j2": "cannot decode as UTF-8",
    "prompts/binary.j2": "binary file",
    "prompts/huge.j2": "over the 1,048,576-byte limit",
}


def test_every_bad_file_is_reported_and_the_good_one_still_measured(project):
    root = project(HOSTILE)
    result = api.check([], api.load_config(root), cwd=root)
    by_path: dict[str, list] = {}
    for finding in result.findings:
        by_path.setdefault(finding.span.path, []).append(finding)
    for path, words in EXPECTED_900.items():
        messages = [f.message for f in by_path.get(path, []) if f.code == "PFX900"]
        assert any(words in m for m in messages), (path, messages)
    assert [f.code for f in by_path["prompts/ok.j2"]] == ["PFX002"]
    assert [m.prompt.id for m in result.measurements] == ["prompts/ok.j2"]


def test_a_broken_template_in_python_points_at_its_line_in_the_python_file(project):
    """A docstring template (`@outlines.prompt`) that does not parse is PFX900 at its line of
    the .py file, not at a line of a template file that does not exist."""
    root = project({"app/prompts.py": (
        "import outlines\n\n\n@outlines.prompt\ndef summary(text):\n"
        '    """Summarize the text below for a busy reader.\n\n    {{ text for }}\n    """\n')})
    result = api.check([], api.load_config(root), cwd=root)
    assert [(f.code, f.span.path, f.span.line) for f in result.findings] == [
        ("PFX900", "app/prompts.py", 8)]
    assert "syntax error" in result.findings[0].message


def test_include_errors_point_at_the_include_line(project):
    root = project({k: v for k, v in HOSTILE.items()
                    if k in ("prompts/escape.j2", "prompts/missing.j2")})
    result = api.check([], api.load_config(root), cwd=root)
    lines = {f.span.path: f.span.line for f in result.findings}
    assert lines == {"prompts/escape.j2": 2, "prompts/missing.j2": 3}


def test_syntax_error_in_a_partial_points_into_the_partial(project):
    root = project({"prompts/main.j2": "Hello.\n{% include 'part.j2' %}\n",
                    "prompts/part.j2": "line one\n{% if x %}\nnever closed\n"})
    result = api.check([], api.load_config(root), cwd=root)
    assert {(f.code, f.span.path) for f in result.findings} == {("PFX900", "prompts/part.j2")}


def test_cli_keeps_going_and_exits_1_without_traceback(project):
    root = project(HOSTILE)
    proc = run_cli("check", "--output-format", "json", cwd=root)
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout
    data = json.loads(proc.stdout)
    assert {f["path"] for f in data["findings"] if f["code"] == "PFX900"} == set(EXPECTED_900)
    assert [p["id"] for p in data["prompts"]] == ["prompts/ok.j2"]


def test_an_internal_error_in_one_file_is_a_finding_for_that_file(project, monkeypatch):
    from prefixlint.frontends import python as python_frontend

    root = project({"app/a.py": "messages = [{'role': 'system', 'content': 'x'}]\n",
                    "prompts/ok.j2": HOSTILE["prompts/ok.j2"]})
    monkeypatch.delenv("PREFIXLINT_DEBUG", raising=False)

    def broken(self, path):
        raise KeyError("simulated bug")

    monkeypatch.setattr(python_frontend.PythonProject, "prompts", broken)
    result = api.check([], api.load_config(root), cwd=root)
    codes = {(f.code, f.span.path) for f in result.findings}
    assert ("PFX900", "app/a.py") in codes and ("PFX002", "prompts/ok.j2") in codes
    message = next(f.message for f in result.findings if f.span.path == "app/a.py")
    assert "internal error: KeyError" in message and "PREFIXLINT_DEBUG=1" in message
