"""A linter must never damage or leak a repository: regression tests for the failures an
adversarial run found (issue 9). Each test reproduces one report and checks what the user
sees and what is left on disk."""

from __future__ import annotations

import codecs
import json
import os
import threading
from pathlib import Path

import pytest

from prefixlint import api
from prefixlint.rules import catalogue

from conftest import QuietHandler, run_cli, serve, write_project

POLICY = ("Answer only from the handbook excerpts below and cite the excerpt you used. Never "
          "promise refunds or credits; hand those to a human agent. Keep answers under 200 "
          "words unless asked for a walkthrough, and never guess an internal URL.\n") * 2


def bad_example(code: str):
    return next(e for e in catalogue()[code].examples if e.kind == "bad")


@pytest.fixture
def outside(tmp_path) -> Path:
    """A folder next to the project, holding a file the project links to."""
    folder = tmp_path / "outside"
    folder.mkdir()
    return folder


def test_diff_never_writes_through_a_link_to_a_file_outside_the_project(tmp_path, outside):
    target = outside / "secret.j2"
    target.write_text("Hello {{ user.name }}.\n" + POLICY)
    before = target.read_bytes()
    root = write_project(tmp_path / "p", {"prompts/ok.j2": "Hi.\n" + POLICY})
    (root / "prompts" / "linked.j2").symlink_to(target)
    for flags in (("--unsafe-fixes", "--diff"), ("--fix", "--unsafe-fixes")):
        proc = run_cli("check", *flags, cwd=root)
        assert proc.returncode in (0, 1), proc.stderr
        assert target.read_bytes() == before


def test_a_python_file_linked_from_outside_is_never_read_or_fixed(tmp_path, outside):
    secret = outside / "keys.py"
    secret.write_text('import json\nAPI_KEY = "sk-live-5ecret"\n\n\ndef f(client, prefs):\n'
                      '    return client.chat.completions.create(model="m", messages=[{"role": '
                      '"system", "content": "sk-live-5ecret " + json.dumps(prefs, '
                      'sort_keys=False)}])\n')
    before = secret.read_bytes()
    root = write_project(tmp_path / "p", {"app/ok.py": "x = 1\n"})
    (root / "app" / "keys.py").symlink_to(secret)
    proc = run_cli("check", "--fix", "--diff", cwd=root)
    assert secret.read_bytes() == before
    assert "5ecret" not in proc.stdout + proc.stderr
    manifest = run_cli("prewarm", "-o", "-", cwd=root)
    assert "5ecret" not in manifest.stdout
    # Named on the command line, the link is refused with a clear message (exit 2).
    named = run_cli("check", "app/keys.py", cwd=root)
    assert named.returncode == 2 and "outside the project root" in named.stderr


def test_diff_opens_nothing_in_the_project_for_writing(tmp_path, monkeypatch):
    """As root, read-only permission bits prove nothing; so every write is watched."""
    from prefixlint import cli

    example = bad_example("PFX002")
    root = write_project(tmp_path / "p", {example.file: example.source})
    written: list[str] = []
    real_open = open

    def watched_open(file, mode="r", *args, **kwargs):
        if any(flag in mode for flag in "wax+") and str(Path(file).resolve()).startswith(
                str(root.resolve())):
            written.append(str(file))
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr("builtins.open", watched_open)
    monkeypatch.chdir(root)
    with pytest.raises(SystemExit) as stopped:
        cli.main(["check", "--unsafe-fixes", "--diff"])
    assert stopped.value.code == 1 and written == []
    assert (root / example.file).read_text() == example.source


def test_a_fix_keeps_the_byte_order_mark_crlf_line_endings_and_missing_final_newline(tmp_path):
    source = ('import json\r\n\r\nfrom openai import OpenAI\r\n\r\nclient = OpenAI()\r\n'
              'POLICY = """' + POLICY.replace("\n", "\r\n") + '"""\r\n\r\n\r\n'
              'def reply(prefs, question):\r\n'
              '    return client.chat.completions.create(model="gpt-4.1", messages=[\r\n'
              '        {"role": "system", "content": json.dumps(prefs, sort_keys=False) + '
              'POLICY},\r\n'
              '        {"role": "user", "content": question}])')
    root = write_project(tmp_path / "p", {"app/reply.py": codecs.BOM_UTF8 + source.encode()})
    # JSON of a parameter's data is info (the code shows no fault): fixed when selected
    proc = run_cli("check", "--fix", "--select", "PFX010", cwd=root)
    assert "fixed app/reply.py (1 finding)" in proc.stderr, proc.stderr
    data = (root / "app" / "reply.py").read_bytes()
    expected = source.replace("json.dumps(prefs, sort_keys=False)",
                              "json.dumps(prefs, sort_keys=True)")
    assert data == codecs.BOM_UTF8 + expected.encode()  # one keyword, every other byte kept


def test_an_unsafe_move_keeps_crlf_and_the_missing_final_newline(tmp_path):
    source = ("You are speaking with {{ user.display_name }}.\r\n" +
              POLICY.replace("\n", "\r\n") + "Question: {{ question }}")
    root = write_project(tmp_path / "p", {"prompts/chat.j2": source.encode()})
    proc = run_cli("check", "--fix", "--unsafe-fixes", cwd=root)
    assert "fixed prompts/chat.j2" in proc.stderr, proc.stderr
    data = (root / "prompts" / "chat.j2").read_bytes()
    assert b"\r\n" in data and b"\n" not in data.replace(b"\r\n", b"")
    assert not data.endswith(b"\n")
    assert data.decode().startswith("Answer only from the handbook")


def test_a_line_inside_a_block_of_a_child_template_stays_in_its_block(tmp_path):
    files = {"prompts/base.j2": POLICY + "{% block intro %}{% endblock %}\n",
             "prompts/child.j2": '{% extends "base.j2" %}\n{% block intro %}\n'
             "Hello {{ user.name }}, welcome back.\n" + POLICY + "{% endblock %}\n"}
    root = write_project(tmp_path / "p", files)
    run_cli("check", "--fix", "--unsafe-fixes", cwd=root)
    text = (root / "prompts" / "child.j2").read_text()
    lines = text.splitlines()
    assert lines[-1] == "{% endblock %}"  # the moved line went before it, not after
    assert lines.index("Hello {{ user.name }}, welcome back.") == len(lines) - 2


def test_a_fix_run_with_its_temporary_folder_inside_the_project_finishes(tmp_path):
    example = bad_example("PFX010")
    root = write_project(tmp_path / "p", {example.file: example.source})
    (root / "tmp").mkdir()
    os.mkfifo(root / "tmp" / "pipe")
    proc = run_cli("check", "--fix", cwd=root, env={"TMPDIR": str(root / "tmp")})
    assert "fixed app/tags.py" in proc.stderr, proc.stderr
    assert sorted(p.name for p in (root / "tmp").iterdir()) == ["pipe"]


def test_pipes_and_devices_are_never_opened(tmp_path):
    root = write_project(tmp_path / "p", {"prompts/ok.j2": "Hi {{ user.name }}.\n" + POLICY})
    os.mkfifo(root / "prompts" / "pipe.j2")
    os.mkfifo(root / "app.py")
    (root / "prompts" / "zero.j2").symlink_to("/dev/zero")
    result: list = []
    worker = threading.Thread(target=lambda: result.append(
        api.check([], api.load_config(root), cwd=root)), daemon=True)
    worker.start()
    worker.join(60)
    assert not worker.is_alive(), "the run blocked on a pipe or a device"
    findings = [(f.code, f.span.path) for f in result[0].findings]
    assert findings == [("PFX002", "prompts/ok.j2")]


def test_a_named_pipe_named_on_the_command_line_is_a_clear_finding(tmp_path):
    root = write_project(tmp_path / "p", {})
    os.mkfifo(root / "pipe.j2")
    proc = run_cli("check", "pipe.j2", "--output-format", "json", cwd=root, timeout=60)
    data = json.loads(proc.stdout)
    assert [(f["code"], f["message"]) for f in data["findings"]] == \
        [("PFX900", "not a regular file (a pipe, device or socket); not read")]


def test_a_template_that_does_not_compile_is_its_own_finding(tmp_path):
    root = write_project(tmp_path / "p", {"prompts/bad.j2": "{% break %}\n" + POLICY,
                                          "prompts/ok.j2": "Hi {{ user.name }}.\n" + POLICY})
    for command in ("check", "prewarm"):
        args = (command, "--output-format", "json") if command == "check" else \
            (command, "-o", "-")
        proc = run_cli(*args, cwd=root)
        assert proc.returncode != 2, proc.stderr
    data = json.loads(run_cli("check", "--output-format", "json", cwd=root).stdout)
    assert sorted((f["code"], f["path"]) for f in data["findings"]) == \
        [("PFX002", "prompts/ok.j2"), ("PFX900", "prompts/bad.j2")]


def test_augmented_assignment_chains_are_followed_not_an_internal_error(tmp_path):
    source = ("from openai import OpenAI\n\nclient = OpenAI()\n\n\ndef f(user, history):\n"
              "    system = 'You help Northwind customers. '\n"
              + "".join(f"    system += 'Rule {i}: be precise and brief. '\n" for i in range(40))
              + "    system += f'Customer: {user.name}. '\n"
              "    messages = [{'role': 'system', 'content': system}]\n"
              "    messages += history\n"
              "    return client.chat.completions.create(model='m', messages=messages)\n")
    root = write_project(tmp_path / "p", {"app/f.py": source})
    result = api.check([], api.load_config(root), cwd=root)
    assert [f.code for f in result.findings] == []  # the name is at the end: nothing follows
    measurement = result.measurements[0]
    assert measurement.prefix_tokens["global"] > 300


def _sink_file(body: str) -> str:
    return ("from openai import OpenAI\n\nclient = OpenAI()\n\n\ndef ask(user):\n" + body +
            "    return client.chat.completions.create(model='m', messages=[\n"
            "        {'role': 'system', 'content': text}])\n")


OK_PY = _sink_file("    text = f'Hello {user.name}. ' + " + repr(POLICY) + "\n")


def test_a_file_that_crashes_the_native_parser_costs_one_finding_not_the_run(tmp_path):
    nested = "x = " + "(" * 2000 + "1" + ")" * 2000 + "\n" + _sink_file("    text = 'x'\n")
    root = write_project(tmp_path / "p", {"app/nested.py": nested, "app/ok.py": OK_PY})
    proc = run_cli("check", "--output-format", "json", cwd=root)
    assert proc.returncode == 1, proc.stderr  # not 139 (SIGSEGV)
    data = json.loads(proc.stdout)
    assert sorted((f["code"], f["path"]) for f in data["findings"]) == \
        [("PFX002", "app/ok.py"), ("PFX900", "app/nested.py")]
    assert "nests too deeply" in next(f["message"] for f in data["findings"]
                                      if f["code"] == "PFX900")


def test_symbolic_text_that_doubles_or_is_huge_stays_bounded(tmp_path):
    doubling = "".join(f"    a{i} = a{i - 1} + a{i - 1}\n" for i in range(1, 41))
    files = {"app/double.py": _sink_file("    a0 = user.name\n" + doubling + "    text = a40\n"),
             "app/width.py": _sink_file("    text = f'{\"x\":>50000000}' + user.name\n"),
             "app/digits.py": _sink_file(f"    text = str({'9' * 5000}) + user.name\n"),
             "prompts/spaces.j2": " " * 1_000_000 + "Hello {{ user.name }}.\n",
             "app/ok.py": OK_PY}
    root = write_project(tmp_path / "p", files)
    proc = run_cli("check", "--output-format", "json", cwd=root, timeout=120)
    assert proc.returncode == 1, proc.stderr
    assert "panicked" not in proc.stderr and "Traceback" not in proc.stderr
    data = json.loads(proc.stdout)
    assert not [f for f in data["findings"] if "internal error" in f["message"]]
    assert {p["path"] for p in data["prompts"]} >= {"app/ok.py", "app/width.py"}


def test_generators_random_and_lipsum_render_the_same_bytes_every_run(tmp_path):
    template = ("Labels: {{ labels|map('upper') }} {{ labels|unique }}.\n"
                "Pick: {{ ['alpha', 'beta', 'gamma']|random }}.\n{{ lipsum(1) }}\n" + POLICY +
                "Question: {{ question }}\n")
    root = write_project(tmp_path / "p", {"prompts/labels.j2": template})
    outputs = {run_cli("render", "prompts/labels.j2", cwd=root,
                       env={"PYTHONHASHSEED": str(seed)}).stdout for seed in (1, 2, 3)}
    assert len(outputs) == 1
    output = outputs.pop()
    assert "<generator object>" in output and " at 0x" not in output
    assert "Pick: alpha." in output


@pytest.mark.parametrize("args,words", [
    (("report", "--prefill-ms-per-token", "nan"), "positive, finite number"),
    (("report", "--requests-per-second", "nan"), "must be a finite number"),
    (("check", "--fix", "--diff", "--output-format", "json"), "cannot be combined"),
    (("check", "-o", "missing/folder/out.json"), "cannot write missing/folder/out.json"),
])
def test_bad_options_are_usage_errors_before_any_output(tmp_path, args, words):
    root = write_project(tmp_path / "p", {"prompts/a.j2": "Hi {{ user.name }}.\n" + POLICY})
    proc = run_cli(*args, cwd=root)
    assert proc.returncode == 2 and words in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr


def test_a_settings_table_of_the_wrong_type_is_a_configuration_error(tmp_path):
    root = write_project(tmp_path / "p", {"prompts/a.j2": "Hi.\n"})
    (root / "prefixlint.toml").write_text("tool = 3\n")
    proc = run_cli("check", cwd=root)
    assert proc.returncode == 2 and "[tool] must be a table" in proc.stderr


def test_odd_characters_never_break_an_output_format(tmp_path):
    """A lone surrogate rendered by a template and a control character in a file name."""
    from xml.etree import ElementTree

    root = write_project(tmp_path / "p", {
        "prompts/odd.j2": 'Note: {{ "\\ud800" }} for {{ user.name }}.\n' + POLICY,
        "prompts/bell\x07.j2": "Hi {{ user.name }}.\n" + POLICY})
    for args in (("check", "--output-format", "junit"), ("check", "--output-format", "sarif"),
                 ("check", "--output-format", "json"), ("report", "--output-format", "html"),
                 ("prewarm", "-o", "manifest.json"), ("check", "-o", "out.txt")):
        proc = run_cli(*args, cwd=root)
        assert proc.returncode in (0, 1), (args, proc.stderr)
        assert "internal error" not in proc.stderr
        if args[-1] == "junit":
            ElementTree.fromstring(proc.stdout.split("\n", 1)[1])  # well-formed


def _only_that_file_is_refused(tmp_path, name: str, source: str, words: str) -> None:
    """`check` on the file and a good one: the file is its own PFX900, the other is analyzed."""
    root = write_project(tmp_path / "p", {name: source, "app/ok.py": OK_PY})
    proc = run_cli("check", "--output-format", "json", cwd=root, timeout=60)
    data = json.loads(proc.stdout)
    assert sorted((f["code"], f["path"]) for f in data["findings"]) == \
        [("PFX002", "app/ok.py"), ("PFX900", name)]
    assert words in next(f["message"] for f in data["findings"] if f["path"] == name)


def test_a_file_past_the_analysis_budget_is_its_own_finding_and_fast(tmp_path):
    parts = "".join("{user.name}x" for _ in range(50_000))  # a 650 KB f-string
    huge = _sink_file(f"    text = f'{parts}'\n")
    _only_that_file_is_refused(tmp_path, "app/huge.py", huge, "too complex to analyze")


def test_a_long_step_testing_the_same_flag_again_and_again_stays_within_its_budget(tmp_path):
    """An agent step that turns a flag off under fifty `if`s, then cleans the code under fifty
    `if flag:` and sends it: every read of `code` tests the same fifty `if`s with the same
    call's values, which are read once (before, each read tested them again: 260,000 steps,
    and the file was refused as too complex)."""
    lines = ["from openai import OpenAI", "", "client = OpenAI()",
             f"SYSTEM = {POLICY!r}", "", "",
             "class Reviewer:",
             "    def __call__(self, state: dict):",
             "        return self.review(state, strict=True)", "",
             "    def review(self, state: dict, strict: bool = False):",
             "        cleanup = state.get('cleanup')",
             "        code = state['code']"]
    lines += ["        if strict:\n            cleanup = False"] * 50
    lines += ["        if cleanup:\n            code = code.strip()"] * 50
    lines += ["        return client.chat.completions.create(model='m', messages=[",
              "            {'role': 'system', 'content': SYSTEM},",
              "            {'role': 'user', 'content': f'" + " ".join(["{code}"] * 50) + "'}])",
              "", "", "def node(state: dict):", "    return Reviewer()(state)", ""]
    root = write_project(tmp_path / "p", {"app/review.py": "\n".join(lines), "app/ok.py": OK_PY})
    data = json.loads(run_cli("check", "--output-format", "json", cwd=root, timeout=60).stdout)
    assert [(f["code"], f["path"]) for f in data["findings"]] == [("PFX002", "app/ok.py")]
    assert sorted(p["id"] for p in data["prompts"]) == ["app/ok.py:8", "app/review.py:9"]


def test_a_budget_run_out_while_following_a_projects_own_client_is_the_callers_finding(
        tmp_path, monkeypatch):
    """A file that sends its prompt only through the project's client (`ask`, in another
    module) is read in the round that follows clients; its budget running out there is its
    PFX900, not a prompt that silently disappears."""
    from prefixlint.frontends.python import interpreter

    lines = ["from app.llm import ask", "", "",
             "def review(state: dict, strict: bool = False):",
             "    cleanup = state.get('cleanup')",
             "    code = state['code']"]
    lines += ["    if strict:\n        cleanup = False"] * 20
    lines += ["    if cleanup:\n        code = code.strip()"] * 20
    lines += ["    return ask(" + " + ".join(["code"] * 20) + ")", ""]
    client = ("from openai import OpenAI\n\nclient = OpenAI()\n\n\ndef ask(code: str):\n"
              "    return client.chat.completions.create(model='m', messages=[\n"
              f"        {{'role': 'system', 'content': {POLICY!r}}},\n"
              "        {'role': 'user', 'content': code}])\n")
    root = write_project(tmp_path / "p", {"app/__init__.py": "", "app/llm.py": client,
                                          "app/review.py": "\n".join(lines)})
    sent = api.check([], api.load_config(root), cwd=root)
    assert ([m.prompt.id for m in sent.measurements], sent.findings) == (["app/review.py:87"], ())
    monkeypatch.setattr(interpreter, "MAX_STEPS", 1000)
    refused = api.check([], api.load_config(root), cwd=root)
    # the call the refused file made does not count: the client is measured on its own
    assert [m.prompt.id for m in refused.measurements] == ["app/llm.py:7"]
    assert [(f.code, f.span.path, f.severity, f.message) for f in refused.findings] == [
        ("PFX900", "app/review.py", "info",
         "Python file too complex to analyze (over 1,000 steps of analysis) while following its "
         "calls of the project's own functions that send a prompt; a limit of prefixlint's own "
         "work, not an error in the file: it was not measured")]


def test_measuring_past_its_work_budget_is_the_prompts_finding(tmp_path, monkeypatch):
    """The budget counts characters tokenized, not seconds: the same on any machine."""
    from prefixlint import measure

    root = write_project(tmp_path / "p", {"prompts/a.j2": "Hi {{ user.name }}.\n" + POLICY})
    monkeypatch.setattr(measure, "MAX_TOKENIZED_CHARS", 1000)
    result = api.check([], api.load_config(root), cwd=root)
    assert [(f.code, f.severity, f.message) for f in result.findings] == [
        ("PFX900", "info", "too complex to analyze: measuring needs more than 1,000 characters "
                           "tokenized (its variants are too many or too long); a limit of "
                           "prefixlint's own work, not an error in the file: it was not "
                           "measured")]


def test_a_render_is_bounded_by_steps_not_seconds(tmp_path, monkeypatch):
    """Nested loops over ranges stop at the step budget, whatever the machine's load; the
    same template under a budget it fits renders."""
    from prefixlint import analysis
    from prefixlint.frontends import project_files

    loops = ("{% for i in range(200) %}{% for j in range(200) %}{% endfor %}{% endfor %}"
             "You are Nimbus. {{ user.name }}\n" + POLICY)
    root = write_project(tmp_path / "p", {"prompts/a.j2": loops})
    monkeypatch.setattr(analysis, "Limits", lambda: project_files.Limits(max_steps=30_000))
    findings = api.check([], api.load_config(root), cwd=root).findings
    assert [(f.code, f.severity, f.message) for f in findings] == [
        ("PFX900", "info", "template exceeds a render limit: rendering took more than 30,000 "
                           "steps (a loop or recursion too large for a prompt); a limit of "
                           "prefixlint's own work, not an error in the file: it was not "
                           "measured")]
    monkeypatch.setattr(analysis, "Limits", lambda: project_files.Limits(max_steps=200_000))
    assert [f.code for f in api.check([], api.load_config(root), cwd=root).findings] == \
        ["PFX002"]


def test_an_include_glob_built_to_backtrack_does_not_hang(tmp_path):
    root = write_project(tmp_path / "p", {"prompts/" + "a" * 60 + ".j2": "Hi.\n"},
                         'include = ["' + "*a" * 25 + '*b"]\n')
    proc = run_cli("check", cwd=root, timeout=30)
    assert proc.returncode == 0, proc.stderr


MANIFEST = {"version": 1, "entries": [{"id": "0123456789abcdef", "requests": {
    "openai_chat": {"messages": [{"role": "system", "content": "You help."}], "max_tokens": 1}}}]}


@pytest.mark.parametrize("manifest,words", [
    ([1, 2], "not a prefixlint manifest"),
    ({"version": 1, "entries": [[1, 2]]}, "entry 1: not an entry"),
    ({"version": 1, "entries": [{"id": "x", "requests": {"openai_chat": {"messages": 5}}}]},
     "entry 1: openai_chat needs a list of messages"),
])
def test_a_manifest_of_the_wrong_shape_is_a_clear_usage_error(tmp_path, manifest, words):
    (tmp_path / "m.json").write_text(json.dumps(manifest))
    proc = run_cli("warm", "--manifest", "m.json", "--endpoint", "http://127.0.0.1:9",
                   cwd=tmp_path)
    assert proc.returncode == 2 and words in proc.stderr, proc.stderr


def test_a_deeply_nested_manifest_is_a_clear_usage_error(tmp_path):
    (tmp_path / "m.json").write_text("[" * 100_000 + "]" * 100_000)
    proc = run_cli("warm", "--manifest", "m.json", "--endpoint", "http://127.0.0.1:9",
                   cwd=tmp_path)
    assert proc.returncode == 2 and "m.json nests more than 100 levels deep" in proc.stderr, \
        proc.stderr


class _Misbehaving:
    """A local server whose answer depends on the first part of the path."""

    def __init__(self) -> None:
        import time

        class Handler(QuietHandler):
            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                kind = self.path.split("/")[1]
                if kind == "drip":  # the status line one byte at a time, for ever
                    try:
                        for byte in b"HTTP/1.1 200 OK\r\n":
                            self.wfile.write(bytes([byte]))
                            self.wfile.flush()
                            time.sleep(0.5)
                    except OSError:  # the client gave up, as it should
                        pass
                    return
                status, payload = {
                    "ok": (200, {"usage": {"prompt_tokens": 50,
                                           "prompt_tokens_details": {"cached_tokens": 0}}}),
                    "list": (200, [1, 2]),
                    "badusage": (200, {"usage": "x", "timings": {"cache_n": "lots"}}),
                    "redirect": (302, {"usage": {"prompt_tokens": 5}}),
                }[kind]
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = serve(Handler)
        self.port = self.server.server_address[1]

    def url(self, kind: str) -> str:
        return f"http://127.0.0.1:{self.port}/{kind}"


def test_warm_reports_each_misbehaving_server_and_finishes_within_its_deadline(tmp_path):
    import time

    server = _Misbehaving()
    (tmp_path / "m.json").write_text(json.dumps(MANIFEST))
    endpoints = [server.url(k) for k in ("ok", "list", "badusage", "redirect", "drip")]
    args = ["warm", "--manifest", "m.json", "--timeout", "1", "--retries", "1",
            "--output-format", "json"]
    for endpoint in endpoints:
        args += ["--endpoint", endpoint]
    start = time.monotonic()
    proc = run_cli(*args, cwd=tmp_path, timeout=60)
    assert time.monotonic() - start < 30
    assert proc.returncode == 1, proc.stderr
    instances = {i["endpoint"]: i for i in json.loads(proc.stdout)["instances"]}
    assert [instances[e]["warmed"] for e in endpoints] == [1, 0, 1, 0, 0]
    assert "not a JSON object" in instances[server.url("list")]["errors"][0]
    assert "redirect" in instances[server.url("redirect")]["errors"][0]
    assert "within 1 s" in instances[server.url("drip")]["errors"][0]
    server.server.shutdown()


@pytest.mark.parametrize("setting,words", [
    ("missing.tiktoken", "is not a file"),
    ("folder", "is not a file"),
    ("wrong.tiktoken", "is not the o200k_base encoding file"),
])
def test_a_bad_tokenizer_path_is_a_configuration_error_not_a_finding(tmp_path, setting, words):
    root = write_project(tmp_path / "p", {"prompts/a.j2": "Hi {{ user.name }}.\n" + POLICY},
                         f'tokenizer-path = "{setting}"\n')
    (root / "folder").mkdir()
    (root / "wrong.tiktoken").write_text("not an encoding file\n")
    proc = run_cli("check", cwd=root)
    assert proc.returncode == 2 and words in proc.stderr, proc.stdout + proc.stderr


def test_an_include_through_a_link_loop_is_that_files_finding(tmp_path):
    root = write_project(tmp_path / "p", {"prompts/a.j2": '{% include "loop.j2" %}\n' + POLICY,
                                          "prompts/ok.j2": "Hi {{ user.name }}.\n" + POLICY})
    (root / "prompts" / "loop.j2").symlink_to(root / "prompts" / "loop.j2")
    proc = run_cli("check", "--output-format", "json", cwd=root)
    assert proc.returncode == 1, proc.stderr
    data = json.loads(proc.stdout)
    assert ("PFX002", "prompts/ok.j2") in {(f["code"], f["path"]) for f in data["findings"]}
    assert not [f for f in data["findings"] if "internal error" in f["message"]]


def test_a_folder_that_cannot_be_listed_is_reported_not_passed_over(tmp_path, monkeypatch):
    """As root every folder can be listed, so the listing itself is made to fail."""
    root = write_project(tmp_path / "p", {"prompts/ok.j2": "Hi {{ user.name }}.\n" + POLICY,
                                          "private/a.j2": "Hi.\n"})
    real_scandir = os.scandir

    def refusing(path="."):
        if str(path).endswith("private"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", refusing)
    result = api.check([], api.load_config(root), cwd=root)
    assert [(f.code, f.span.path, f.message) for f in result.findings] == [
        ("PFX900", "private", "cannot list this folder: Permission denied; its files are not "
         "analyzed"), ("PFX002", "prompts/ok.j2", result.findings[1].message)]


def test_a_slow_render_is_bounded_off_the_main_thread_too(tmp_path):
    """SIGALRM only reaches the main thread; the render checks its own deadline as it runs."""
    slow = ("{% for i in range(3000) %}{% for j in range(3000) %}{% set k = j + i %}"
            "{% endfor %}{% endfor %}{{ user.name }}\n" + POLICY)  # slow, and silent
    root = write_project(tmp_path / "p", {"prompts/slow.j2": slow,
                                          "prompts/ok.j2": "Hi {{ user.name }}.\n" + POLICY})
    result: list = []
    worker = threading.Thread(target=lambda: result.append(
        api.check([], api.load_config(root), cwd=root)), daemon=True)
    worker.start()
    worker.join(60)
    assert not worker.is_alive()
    findings = {(f.code, f.span.path): f.message for f in result[0].findings}
    assert ("PFX002", "prompts/ok.j2") in findings
    assert "took longer than 2 s" in findings[("PFX900", "prompts/slow.j2")] or \
        "render limit" in findings[("PFX900", "prompts/slow.j2")]


def test_helpers_that_fan_out_are_cut_by_the_step_budget(tmp_path):
    """Six calls of the helper below, eleven levels deep: 6**11 evaluations if followed."""
    helpers = "def f0(u):\n    return u.name\n\n\n" + "".join(
        f"def f{i}(u):\n    return " + " + ".join([f"f{i - 1}(u)"] * 6) + "\n\n\n"
        for i in range(1, 12))
    fanout = helpers + _sink_file("    text = f11(user)\n")
    _only_that_file_is_refused(tmp_path, "app/fanout.py", fanout, "steps of analysis")


@pytest.mark.parametrize("name", ["bad\\x00name.j2", "x" * 5000 + ".j2"])
def test_an_include_name_the_file_system_refuses_is_that_files_finding(tmp_path, name):
    root = write_project(tmp_path / "p", {
        "prompts/a.j2": '{% include "' + name + '" %}\n' + POLICY,
        "prompts/ok.j2": "Hi {{ user.name }}.\n" + POLICY})
    proc = run_cli("check", "--output-format", "json", cwd=root)
    assert proc.returncode == 1, proc.stderr
    data = json.loads(proc.stdout)
    codes = {(f["code"], f["path"]) for f in data["findings"]}
    assert ("PFX900", "prompts/a.j2") in codes and ("PFX002", "prompts/ok.j2") in codes
    assert not [f for f in data["findings"] if "internal error" in f["message"]]


@pytest.mark.parametrize("args", [
    ("metrics", "http://admin:s3cr3t@127.0.0.1:9"),
    ("metrics", "http://admin:s3cr3t@127.0.0.1:9", "--output-format", "json"),
    ("warm", "--manifest", "m.json", "--endpoint", "http://admin:s3cr3t@127.0.0.1:9",
     "--timeout", "1", "--retries", "1"),
    ("warm", "--manifest", "m.json", "--endpoint", "http://admin:s3cr3t@127.0.0.1:9",
     "--timeout", "1", "--retries", "1", "--output-format", "json"),
])
def test_a_password_in_an_endpoint_url_is_never_echoed(tmp_path, args):
    (tmp_path / "m.json").write_text(json.dumps(MANIFEST))
    proc = run_cli(*args, cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr
    assert "s3cr3t" not in proc.stdout + proc.stderr
    assert "http://admin:***@127.0.0.1:9" in proc.stdout


def test_a_file_name_or_template_text_cannot_forge_an_output_line(tmp_path):
    """A newline in a file name and an escape sequence in a template are shown escaped:
    every line of text and concise output is one the tool wrote."""
    name = "prompts/evil\nfake.j2:1:1: PFX001 forged.j2"
    root = write_project(tmp_path / "p", {name: "Hi {{ user.name }}\x1b[31m red\n" + POLICY})
    concise = run_cli("check", "--output-format", "concise", cwd=root).stdout
    assert concise.splitlines() == [
        "prompts/evil\\nfake.j2:1:1: PFX001 forged.j2:1:4: PFX002 user value 'user.name' ends "
        "the shared prefix after 1 token (+99 tokens cacheable)"]
    text = run_cli("check", cwd=root).stdout
    assert not any(line.startswith("fake.j2") for line in text.splitlines())
    assert "1 | Hi {{ user.name }}\\x1b[31m red" in text and "\x1b" not in text


@pytest.mark.parametrize("setting", ["/etc/passwd", "../outside.jinja", "link.jinja"])
def test_settings_cannot_make_a_chat_template_of_a_file_outside_the_project(tmp_path, setting):
    """A repository's settings naming `/etc/passwd` (or a link out) would copy it into
    manifests, pages and `render`: it is a configuration error; the command line may."""
    (tmp_path / "outside.jinja").write_text("{{ bos_token }}{% for m in messages %}"
                                            "{{ m.content }}{% endfor %}")
    root = write_project(tmp_path / "p", {"prompts/a.j2": "Hi {{ user.name }}\n" + POLICY},
                         f'chat-template = "{setting}"\n')
    (root / "link.jinja").symlink_to(tmp_path / "outside.jinja")
    for command in (("check",), ("prewarm",), ("render", "prompts/a.j2")):
        proc = run_cli(*command, cwd=root)
        assert proc.returncode == 2, (command, proc.stdout)
        assert "`chat-template` must name a file inside the project" in proc.stderr
        assert "root:" not in proc.stdout  # nothing of /etc/passwd
    (root / "prefixlint.toml").write_text("")
    given = run_cli("check", "--chat-template", str(tmp_path / "outside.jinja"), cwd=root)
    assert given.returncode in (0, 1), given.stderr  # the user's own choice
    device = run_cli("check", "--chat-template", "/dev/zero", cwd=root, timeout=30)
    assert device.returncode == 2 and "is not a regular file" in device.stderr


def test_a_manifest_that_is_a_device_is_a_clear_usage_error(tmp_path):
    proc = run_cli("warm", "--manifest", "/dev/zero", "--endpoint", "http://127.0.0.1:9",
                   cwd=tmp_path, timeout=30)
    assert proc.returncode == 2 and "/dev/zero is not a regular file" in proc.stderr


@pytest.mark.parametrize("data,words", [
    (b"\x1f\x8bnot gzip at all", "is not a valid gzip file"),
    (__import__("gzip").compress(b"\0" * 80_000_000), "decompresses to more than 64,000,000"),
])
def test_a_tokenizer_file_that_is_not_what_it_looks_like_is_a_configuration_error(
        tmp_path, data, words):
    root = write_project(tmp_path / "p", {"prompts/a.j2": "Hi {{ user.name }}\n" + POLICY},
                         'tokenizer-path = "o200k.tiktoken"\n')
    (root / "o200k.tiktoken").write_bytes(data)
    proc = run_cli("check", cwd=root, timeout=60)
    assert proc.returncode == 2 and words in proc.stderr, proc.stderr
    assert "internal error" not in proc.stderr and "Aborted" not in proc.stderr


def test_a_file_name_that_is_not_utf8_goes_through_every_output_and_the_cache(tmp_path):
    root = write_project(tmp_path / "p", {})
    (root / "prompts").mkdir()
    with open(os.path.join(bytes(root / "prompts"), b"caf\xe9.j2"), "w") as handle:
        handle.write("Hi {{ user.name }}\n" + POLICY)
    for output in ("text", "concise", "json", "sarif", "github", "junit"):
        for _ in range(2):  # measured and stored, then read from the cache
            proc = run_cli("check", "--output-format", output, cwd=root)
            assert proc.returncode == 1, (output, proc.stderr)
            assert "internal error" not in proc.stderr
    document = json.loads(run_cli("check", "--output-format", "sarif", cwd=root).stdout)
    location = document["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "prompts/caf\udce9.j2"


def test_slots_made_format_fields_are_read_in_work_bounded_by_the_text(tmp_path):
    """`re.sub(r"<<([^>>]+)>>", r"{\\1}", text)` on a text of many slot openings and no
    closing: each opening looks at most MAX_SLOT_NAME characters ahead (the pattern is
    never run), so the file is measured, and a name longer than that is no slot."""
    from prefixlint.frontends.python import fills

    looked = []

    def inside(character: str) -> bool:
        looked.append(character)
        return character != "\n"

    body = "<<" + "A" * 10_000
    assert fills._slot_end(body, 2, ">>", inside) is None
    assert len(looked) <= fills.MAX_SLOT_NAME
    assert fills._slot_end("<<" + "A" * 12 + ">>", 2, ">>", inside) == 14
    assert fills._slot_end("<<" + "A" * 100 + ">>", 2, ">>", inside) is None
    opening = ("<" * 100 + "\n") * 500  # 50,000 openings, none closed
    root = write_project(tmp_path / "p", {"app.py": (
        "import re\nfrom openai import OpenAI\n\n"
        f"TEXT = '''You answer questions.\n{opening}Keep it short.'''\n\n"
        "def ask(question):\n"
        "    system = re.sub(r'<<([^>>]+)>>', r'{\\1}', TEXT).format()\n"
        "    return OpenAI().chat.completions.create(model='m', messages=[\n"
        "        {'role': 'system', 'content': system},\n"
        "        {'role': 'user', 'content': question}])\n")})
    result = api.check([], api.load_config(root), cwd=root)
    assert [m.prompt.id for m in result.measurements] == ["app.py:509"]
