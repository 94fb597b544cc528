"""Discovery on hostile trees (issue 22): folders nested far past any real project, and a
.gitignore of ten thousand lines. Each costs bounded work: the deep folder is reported as
not analyzed, and a path is matched against the few ignore patterns it could meet."""

from __future__ import annotations

import json
import os

from prefixlint import gitignore
from prefixlint.discover import MAX_FOLDER_DEPTH

from conftest import run_cli, write_project


def test_folders_nested_past_the_bound_are_reported_not_a_crash(tmp_path):
    root = write_project(tmp_path / "p", {"prompts/a.j2": "Hello {{ user.name }}.\n"})
    here = os.getcwd()
    try:
        os.chdir(root)
        for _ in range(MAX_FOLDER_DEPTH + 40):  # deeper than Python's os.walk can recurse
            os.mkdir("d")
            os.chdir("d")
    finally:
        os.chdir(here)
    done = run_cli("check", ".", "--output-format", "json", cwd=root)
    assert done.returncode == 1, done.stderr
    assert "internal error" not in done.stderr
    assert any("folders nest more than 256 levels deep here" in f["message"]
               for f in json.loads(done.stdout)["findings"])


def _counting(monkeypatch) -> list[int]:
    calls = [0]
    original = gitignore.Pattern.matches

    def matches(self, path, is_dir):
        calls[0] += 1
        return original(self, path, is_dir)

    monkeypatch.setattr(gitignore.Pattern, "matches", matches)
    return calls


def test_a_path_meets_only_the_ignore_patterns_it_could_match(tmp_path, monkeypatch):
    (tmp_path / ".gitignore").write_text("*.log\n" + "".join(f"**/build{i}/**/*.tmp{i}\n"
                                                           for i in range(9_999)))
    rules = gitignore.GitIgnore(tmp_path)
    calls = _counting(monkeypatch)
    paths = [f"pkg{d}/sub/m{j}.py" for d in range(20) for j in range(20)]
    assert not any(rules.ignored(p, False) for p in paths)
    assert rules.ignored("pkg/build7/x/a.tmp7", False) and rules.ignored("out/run.log", False)
    assert calls[0] <= 2 * len(paths) + 10  # not 10,000 a path


def test_patterns_with_no_literal_character_are_bounded_per_file(tmp_path, monkeypatch):
    (tmp_path / ".gitignore").write_text("".join(
        f"[{chr(97 + i % 26)}{chr(97 + i // 26 % 26)}]*?[xy]\n" for i in range(10_000)))
    rules = gitignore.GitIgnore(tmp_path)
    calls = _counting(monkeypatch)
    rules.ignored("notes.md", False)
    assert calls[0] == gitignore.MAX_WILD


def test_a_loop_of_links_named_on_the_command_line_is_a_usage_error(tmp_path):
    root = write_project(tmp_path / "p", {"prompts/a.j2": "Hello {{ user.name }}.\n"})
    (root / "one").symlink_to("two")
    (root / "two").symlink_to("one")
    done = run_cli("check", "one", cwd=root)
    assert done.returncode == 2
    assert done.stderr.strip().endswith("one: a loop of symbolic links"), done.stderr
    assert run_cli("check", ".", cwd=root).returncode == 0  # a walk passes the loop over


def test_empty_template_files_are_no_prompts(tmp_path):
    root = write_project(tmp_path / "p", {f"prompts/empty{i}.j2": "" for i in range(500)})
    (root / "prompts" / "blank.j2").write_text("  \n\n")
    done = run_cli("check", ".", cwd=root)
    assert done.returncode == 0 and done.stdout.startswith("All checks passed! (0 prompts")


def test_a_file_in_a_folder_that_cannot_be_searched_is_a_usage_error(tmp_path, monkeypatch):
    from prefixlint import api
    from prefixlint.config import ConfigError

    root = write_project(tmp_path / "p", {"locked/a.j2": "Hello {{ user.name }}.\n"})
    real_stat = os.stat

    def stat(path, *args, **kwargs):  # as the system answers for a folder without `x`
        if "locked" in os.fspath(path):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_stat(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", stat)
    try:
        api.check(["locked/a.j2"], api.load_config(root), cwd=root)
    except ConfigError as error:
        assert str(error) == "locked/a.j2: cannot be read (Permission denied)"
    else:
        raise AssertionError("no usage error")


def test_a_run_over_the_whole_project_lists_its_files_once(tmp_path, monkeypatch):
    """A second listing of the project, to find code that reads the prompt files named, is
    for a run over part of it: over the whole, every reader is already analyzed."""
    from prefixlint import api, selection

    root = write_project(tmp_path / "p", {f"t/{i}.j2": f"Prompt {i}: {{{{ question }}}}\n"
                                          for i in range(300)})
    listed = []
    real = selection.discover  # the files of a run are chosen in `selection`
    monkeypatch.setattr(selection, "discover",
                        lambda *a, **k: listed.append(1) or real(*a, **k))
    assert len(api.check(["."], api.load_config(root), cwd=root).measurements) == 300
    assert len(listed) == 1
    listed.clear()
    api.check(["t/0.j2"], api.load_config(root), cwd=root)
    assert len(listed) == 2  # part of it: the readers of t/0.j2 are looked for
