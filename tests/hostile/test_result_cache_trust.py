"""A result cache that cannot lie (issue 22): an entry this user's prefixlint did not sign
(committed to a repository, copied from another machine) is ignored, and a file the run looked
for and did not find makes the result stale once it is created."""

from __future__ import annotations

import hashlib
import hmac
import os

from conftest import run_cli, write_project

POLICY = ("Follow the refund policy: verify the order number, never promise a refund, hand "
          "disputes to a person, and keep every answer under one hundred words. ") * 3


def test_an_entry_signed_by_another_key_is_ignored(tmp_path):
    root = write_project(tmp_path / "p", {"prompts/chat.j2": "Hi {{ user.name }}.\n" + POLICY})
    mine = dict(os.environ, PREFIXLINT_CACHE_HOME=str(tmp_path / "mine"))
    theirs = dict(os.environ, PREFIXLINT_CACHE_HOME=str(tmp_path / "theirs"))
    failing = run_cli("check", ".", cwd=root, env=theirs)
    assert failing.returncode == 1
    # their entry, edited to say nothing is wrong, as a repository might ship it
    [entry] = (root / ".prefixlint_cache").glob("check-*.json")
    _, _, text = entry.read_text().partition("\n")
    start, end = text.index('"findings": [') + len('"findings": ['), text.index('], "measurements"')
    forged = text[:start] + text[end:]
    key = (tmp_path / "theirs" / "result-cache.key").read_bytes()
    entry.write_text(hmac.new(key, forged.encode(), hashlib.sha256).hexdigest() + "\n" + forged)
    for view in (root / ".prefixlint_cache").glob("view-*.json"):
        view.unlink()  # the output kept beside the entry would answer before it
    assert run_cli("check", ".", cwd=root, env=theirs).returncode == 0  # their key: trusted
    mine_run = run_cli("check", ".", cwd=root, env=mine)
    assert mine_run.returncode == 1 and "PFX002" in mine_run.stdout


def test_an_include_created_after_a_run_is_read_by_the_next(tmp_path):
    root = write_project(tmp_path / "p", {
        "prompts/chat.j2": "{% include 'parts/header.txt' %}\n" + POLICY + "{{ question }}\n"})
    first = run_cli("check", ".", "--output-format", "concise", cwd=root)
    assert "PFX900 included template not found: parts/header.txt" in first.stdout
    (root / "prompts" / "parts").mkdir()
    (root / "prompts" / "parts" / "header.txt").write_text("You answer for Northwind.\n")
    second = run_cli("check", ".", "--output-format", "concise", cwd=root)
    assert second.returncode == 0 and second.stdout == "", second.stdout


def test_an_entry_larger_than_any_result_is_a_miss_never_read(tmp_path, monkeypatch):
    from pathlib import Path

    from prefixlint import api

    root = write_project(tmp_path / "p", {"prompts/chat.j2": "Hi {{ user.name }}.\n" + POLICY})
    first = api.check([], api.load_config(root), cwd=root, use_cache=True)
    [entry] = (root / ".prefixlint_cache").glob("check-*.json")
    entry.unlink()
    with entry.open("wb") as handle:  # sparse: 300 MB that take no room on disk
        handle.truncate(300_000_000)
    opened = []
    real = Path.read_text
    monkeypatch.setattr(Path, "read_text", lambda self, *a, **k: (
        opened.append(self.name), real(self, *a, **k))[1])
    again = api.check([], api.load_config(root), cwd=root, use_cache=True)
    assert [f.code for f in again.findings] == [f.code for f in first.findings] == ["PFX002"]
    assert entry.name not in opened
