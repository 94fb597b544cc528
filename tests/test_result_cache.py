"""The result of `check` kept between runs (issue 11, item 4): an unchanged tree costs no
analysis, any change to a file the run read analyzes again, and the cache is plain JSON."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from conftest import REPO, run_cli, write_project

POLICY = ("Follow the support policy of Northwind Cloud on every answer and never invent "
          "facts about orders, invoices, refunds or outages. " * 6)

PROBE = ("import sys\nfrom prefixlint import cli\ntry:\n    cli.main(sys.argv[1:])\n"
         "except SystemExit:\n    pass\n"
         "print(sorted(m for m in ('libcst', 'tiktoken', 'prefixlint.api') if m in sys.modules),"
         " file=sys.stderr)\n")


def _project(tmp_path):
    return write_project(tmp_path / "p", {
        "prompts/chat.j2": "{% include 'partials/policy.j2' %}\nQuestion: {{ question }}\n",
        "prompts/partials/policy.j2": POLICY + "\n",
        "app/agent.py": "from openai import OpenAI\n\nclient = OpenAI()\n\n\n"
                        "def ask(user, question):\n    return client.chat.completions.create("
                        "model='gpt-4o', messages=[{'role': 'system', 'content': "
                        f"f'You help {{user.name}}. {POLICY}'}}])\n"})


def _probe(root, *args):
    proc = subprocess.run([sys.executable, "-c", PROBE, "check", "--exit-zero",
                           "--output-format", "json", *args], cwd=root, capture_output=True,
                          text=True, env=dict(os.environ, PYTHONPATH=str(REPO)))
    return proc.stdout, proc.stderr.strip().splitlines()[-1]


def test_an_unchanged_tree_is_answered_from_the_cache_without_analysis(tmp_path):
    root = _project(tmp_path)
    first, loaded = _probe(root)
    assert loaded == "['libcst', 'prefixlint.api', 'tiktoken']"
    assert (root / ".prefixlint_cache" / ".gitignore").read_text().endswith("*\n")
    second, loaded = _probe(root)  # not even the analysis's entry points are imported
    assert (second, loaded) == (first, "[]")
    assert json.loads(second)["summary"]["prompts"] == 2


def test_a_change_to_any_file_the_run_read_analyzes_again(tmp_path):
    root = _project(tmp_path)
    first, _ = _probe(root)
    partial = root / "prompts" / "partials" / "policy.j2"
    partial.write_text("Today is {{ today }}.\n" + POLICY + "\n")
    second, loaded = _probe(root)
    assert loaded == "['libcst', 'prefixlint.api', 'tiktoken']"
    assert second != first and "PFX004" in second
    # and a different setting is a different run
    third, loaded = _probe(root, "--select", "PFX002")
    assert loaded != "[]" and "PFX004" not in third


def test_no_cache_clean_and_cache_dir(tmp_path):
    root = _project(tmp_path)
    run_cli("check", "--no-cache", cwd=root)
    assert not (root / ".prefixlint_cache").exists()
    run_cli("check", cwd=root)
    assert len(list((root / ".prefixlint_cache").glob("check-*.json"))) == 1
    proc = run_cli("clean", cwd=root)  # the result, the output kept beside it, .gitignore
    assert proc.returncode == 0 and "Removed 3 cache files" in proc.stderr
    assert not (root / ".prefixlint_cache").exists()
    (root / "prefixlint.toml").write_text('cache-dir = "build/lint-cache"\n')
    run_cli("check", cwd=root)
    assert len(list((root / "build" / "lint-cache").glob("check-*.json"))) == 1


def test_a_damaged_or_foreign_cache_file_is_passed_over(tmp_path):
    root = _project(tmp_path)
    first, _ = _probe(root)
    cache = root / ".prefixlint_cache"
    [entry], [view] = cache.glob("check-*.json"), cache.glob("view-*.json")
    for damaged in (entry, view):
        damaged.write_text("__import__('os').system('touch pwned')")
    second, loaded = _probe(root)
    assert second == first and loaded != "[]"  # analyzed again, and rewritten
    assert not (root / "pwned").exists()
    signature, _, text = entry.read_text().partition("\n")
    document = json.loads(text)
    document["findings"] = []  # a forged "all checks passed", under the old signature
    entry.write_text(signature + "\n" + json.dumps(document))
    signature, _, text = view.read_text().partition("\n")
    document = json.loads(text)
    document["output"], document["exit"] = "All checks passed!\n", 0  # likewise
    view.write_text(signature + "\n" + json.dumps(document))
    third, loaded = _probe(root)
    assert third == first and loaded != "[]"


def test_an_unchanged_tree_prints_what_the_last_run_printed_without_reading_its_result(
        tmp_path):
    """The output of the same check on an unchanged tree is kept beside its result: the
    second run prints the same bytes and exits as the first did, even with the stored result
    gone; another output format is its own; a change to a file is analyzed again."""
    root = _project(tmp_path)
    first = run_cli("check", cwd=root)
    assert first.returncode == 1 and "PFX002" in first.stdout
    cache = root / ".prefixlint_cache"
    [entry] = cache.glob("check-*.json")
    entry.unlink()  # the view alone answers
    again = run_cli("check", cwd=root)
    assert (again.returncode, again.stdout) == (1, first.stdout)
    assert not list(cache.glob("check-*.json"))  # nothing was analyzed, nothing stored
    concise = run_cli("check", "--output-format", "concise", cwd=root)
    assert concise.stdout != first.stdout and concise.returncode == 1
    assert len(list(cache.glob("view-*.json"))) == 2
    passing = run_cli("check", "--exit-zero", cwd=root)
    assert (passing.returncode, passing.stdout) == (0, first.stdout)
    (root / "prompts" / "partials" / "policy.j2").write_text(
        "Today is {{ today }}.\n" + POLICY + "\n")
    changed = run_cli("check", cwd=root)
    assert "PFX004" in changed.stdout and changed.stdout != first.stdout


def test_the_number_of_workers_does_not_change_the_stored_result(tmp_path):
    root = _project(tmp_path)
    first, _ = _probe(root, "-j", "1")
    second, loaded = _probe(root, "-j", "2")
    assert (second, loaded) == (first, "[]")


def test_a_changed_imported_constant_analyzes_its_users_again(tmp_path):
    root = write_project(tmp_path / "p", {
        "app/rules.py": f'SYSTEM = """{POLICY}"""\n',
        "app/agent.py": "from openai import OpenAI\n\nfrom app.rules import SYSTEM\n\n"
                        "client = OpenAI()\n\n\ndef ask(question):\n"
                        "    return client.chat.completions.create(model='gpt-4o', messages=["
                        "{'role': 'system', 'content': SYSTEM}, "
                        "{'role': 'user', 'content': question}])\n"})
    first, _ = _probe(root)
    [before] = json.loads(first)["prompts"]
    (root / "app" / "rules.py").write_text(f'SYSTEM = """{POLICY * 2}"""\n')
    second, loaded = _probe(root)
    assert loaded == "['libcst', 'prefixlint.api', 'tiktoken']"  # analyzed again, not answered from the cache
    [after] = json.loads(second)["prompts"]
    assert before["id"] == after["id"] == "app/agent.py:9"
    assert after["prefix_tokens"]["global"] > before["prefix_tokens"]["global"] + 100


@pytest.mark.parametrize("setting", ['"."', '".."', '"sub/.."'])
def test_the_cache_folder_cannot_be_the_project_or_above_it(tmp_path, setting):
    root = _project(tmp_path)
    (root / "prefixlint.toml").write_text(f"cache-dir = {setting}\n")
    proc = run_cli("check", cwd=root)
    assert proc.returncode == 2 and "`cache-dir` must be a folder of its own" in proc.stderr
    assert run_cli("clean", cwd=root).returncode == 2
    assert (root / "prefixlint.toml").exists() and (root / "prompts").is_dir()


def test_clean_removes_only_what_prefixlint_wrote(tmp_path):
    """A cache-dir naming a folder of the user's own: nothing is written into it and `clean`
    deletes nothing there; in prefixlint's own folder, a file it did not write stays."""
    root = _project(tmp_path)
    notes = root / "notes"
    notes.mkdir()
    (notes / "check-todo.txt").write_text("mine")
    (notes / ".gitignore").write_text("secret.txt\n")
    (root / "prefixlint.toml").write_text('cache-dir = "notes"\n')
    run_cli("check", cwd=root)
    assert sorted(p.name for p in notes.iterdir()) == [".gitignore", "check-todo.txt"]
    assert "Removed 0 cache files" in run_cli("clean", cwd=root).stderr
    assert (notes / ".gitignore").read_text() == "secret.txt\n"
    (root / "prefixlint.toml").write_text("")
    run_cli("check", cwd=root)
    cache = root / ".prefixlint_cache"
    assert (cache / "CACHEDIR.TAG").read_text().startswith(
        "Signature: 8a477f597d28d172789f06886806bc55")
    (cache / "keep.txt").write_text("a file someone put there")
    proc = run_cli("clean", cwd=root)
    assert "Removed 3 cache files" in proc.stderr
    assert sorted(p.name for p in cache.iterdir()) == ["keep.txt"]


def test_the_cache_is_never_written_through_a_link_nor_read_from_a_pipe(tmp_path):
    root = _project(tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    (root / ".prefixlint_cache").symlink_to(outside, target_is_directory=True)
    assert run_cli("check", cwd=root).returncode == 1
    assert list(outside.iterdir()) == []  # nothing written through the link
    (root / ".prefixlint_cache").unlink()
    cache = root / ".prefixlint_cache"
    cache.mkdir()
    (cache / ".gitignore").symlink_to(tmp_path / "planted")  # a dangling link
    run_cli("check", cwd=root)
    assert not (tmp_path / "planted").exists()
    [entry] = cache.glob("check-*.json")
    entry.unlink()
    os.mkfifo(entry)  # where the entry goes: a miss, never a hang
    proc = run_cli("check", cwd=root, timeout=60)
    assert proc.returncode == 1 and "PFX00" in proc.stdout


def test_an_unchanged_file_is_checked_by_its_stat_and_not_read_again(tmp_path, monkeypatch):
    from prefixlint import api, result_cache

    root = _project(tmp_path)
    old = time.time() - 60  # written a minute ago: past the window where a time can lie
    for path in root.rglob("*"):
        if path.is_file():
            os.utime(path, (old, old))
    first = api.check([], api.load_config(root), cwd=root, use_cache=True)
    hashed = []
    real = result_cache._digest
    monkeypatch.setattr(result_cache, "_digest", lambda path: hashed.append(path.name) or
                        real(path))
    again = api.check([], api.load_config(root), cwd=root, use_cache=True)
    assert again.findings == first.findings and hashed == []
    edited = root / "prompts" / "partials" / "policy.j2"
    edited.write_text(edited.read_text() + "Answer in English.\n")
    monkeypatch.setattr(result_cache, "store", lambda *args: None)  # only the lookup counts
    api.check([], api.load_config(root), cwd=root, use_cache=True)
    assert hashed == ["policy.j2"]  # the one file whose size and time changed


LAUNCH_PROBE = ("import sys\nfrom prefixlint import launch\ntry:\n    launch.main(sys.argv[1:])\n"
                "except SystemExit as exc:\n    code = exc.code\nprint(code, sorted(m for m in "
                "('click', 'libcst', 'prefixlint.api', 'prefixlint.cli') if m in sys.modules), "
                "file=sys.stderr)\n")


@pytest.mark.parametrize("paths", [(), ("app/agent.py",), ("app", "prompts")])
def test_a_hook_run_on_unchanged_files_loads_neither_the_command_line_nor_the_analysis(
        tmp_path, paths):
    """`prefixlint check FILE...` as pre-commit runs it: when nothing changed, the entry point
    answers from the kept output before click or the analysis is imported, with the same
    bytes and exit code as the run that analyzed."""
    root = _project(tmp_path)

    def launch(*args):
        proc = subprocess.run([sys.executable, "-c", LAUNCH_PROBE, *args], cwd=root,
                              capture_output=True, text=True,
                              env=dict(os.environ, PYTHONPATH=str(REPO)))
        return proc.stdout, proc.stderr.strip().splitlines()[-1]

    first, loaded = launch("check", *paths)
    assert loaded == "1 ['click', 'libcst', 'prefixlint.api', 'prefixlint.cli']"
    assert "PFX002" in first
    second, loaded = launch("check", *paths)
    assert (second, loaded) == (first, "1 []")
    # an option, or another command, goes through the command line as before
    _, loaded = launch("check", "--exit-zero", *paths)
    assert loaded.startswith("0 ['click'")
