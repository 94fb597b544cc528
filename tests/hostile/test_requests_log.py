"""Hostile `--requests` files (issue 22): a line nested past any real request, a line longer
than any real request, and more text than a run holds are each one error line in the
report; the other requests are still read and the run ends normally."""

from __future__ import annotations

import json

from prefixlint.fleet import recorded, sources

from conftest import REPO, run_cli

GOOD = json.dumps({"user": "u1", "messages": [{"role": "system", "content": "Be brief."},
                                               {"role": "user", "content": "Hello there"}]})
SUPPORTBOT = REPO / "fixtures" / "supportbot"


def test_a_line_nested_too_deeply_is_its_error_not_an_internal_error(tmp_path):
    log = tmp_path / "requests.jsonl"
    log.write_text("[" * 100_000 + "]" * 100_000 + "\n" + GOOD + "\n")
    done = run_cli("check", ".", "--requests", str(log), cwd=SUPPORTBOT)
    assert done.returncode == 1, done.stderr  # the fixture's own findings
    assert "Recorded requests" in done.stdout and "1 requests, 1 users" in done.stdout
    assert "line 1: nests more than 100 levels deep" in done.stdout


def test_a_line_longer_than_any_request_is_skipped_without_being_held(tmp_path):
    log = tmp_path / "requests.jsonl"
    huge = json.dumps({"messages": [{"role": "user", "content": "x" * 3_000_000}]})
    log.write_text(GOOD + "\n" + huge + "\n" + GOOD + "\n")
    requests, errors = recorded.read(log)
    assert [r.line for r in requests] == [1, 3]
    assert errors == ["line 2: longer than 2,000,000 characters, not read"]


def test_the_whole_file_is_bounded_by_what_a_run_holds(tmp_path, monkeypatch):
    monkeypatch.setattr(recorded, "MAX_TOTAL_CHARS", len(GOOD) * 3 + 3)
    log = tmp_path / "requests.jsonl"
    log.write_text((GOOD + "\n") * 10)
    requests, errors = recorded.read(log)
    assert len(requests) == 3
    assert errors == [f"line 4: past {len(GOOD) * 3 + 3:,} characters of requests, the rest "
                      "is not read"]


def test_a_folder_is_bounded_as_one_file_is(tmp_path, monkeypatch):
    """The files of a folder share what a run holds, and a folder of more files than a run
    reads is cut at that number: both named, nothing past them read."""
    monkeypatch.setattr(recorded, "MAX_TOTAL_CHARS", (len(GOOD) + 1) * 4)
    for name in ("a", "b", "c"):
        (tmp_path / f"{name}.jsonl").write_text((GOOD + "\n") * 3)
    requests, errors = recorded.read(tmp_path)
    assert len(requests) == 4
    assert errors == [f"b.jsonl: line 2: past {(len(GOOD) + 1) * 4:,} characters of "
                      "requests, the rest is not read",
                      f"c.jsonl: past {(len(GOOD) + 1) * 4:,} characters of requests, not read"]
    monkeypatch.setattr(recorded, "MAX_TOTAL_CHARS", 10**9)
    monkeypatch.setattr(sources, "MAX_FILES", 2)
    requests, errors = recorded.read(tmp_path)
    assert len(requests) == 6 and errors == ["past 2 files, the rest is not read"]
