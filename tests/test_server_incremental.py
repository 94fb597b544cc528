"""The language server re-analyzes only what changed (issue 24, item 1): the text of the
previous analysis is that analysis again, and a file as it is on disk is answered from the
result cache `check` keeps. Each step that must not analyze runs with the analysis made to
fail, so a step that analyzed anyway fails the test."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

pytest.importorskip("pygls")

from prefixlint import analysis, server  # noqa: E402

APP = Path(__file__).resolve().parent.parent / "fixtures" / "supportbot"


def _refuse(*args, **kwargs):
    raise AssertionError("analyzed again")


def test_only_an_edit_is_analyzed_anew(tmp_path, monkeypatch):
    root = tmp_path / "supportbot"
    shutil.copytree(APP, root)
    file = root / "prompts" / "helpdesk.j2"
    disk = file.read_text(encoding="utf-8")
    first = server.analyze(file, disk, 1)
    codes = [f.code for f in first.result.findings]
    assert codes  # the fixture's template breaks its prompt

    monkeypatch.setattr(analysis, "analyze", _refuse)
    opened_again = server.analyze(file, disk, 2)  # closed and opened: from the result cache
    assert [f.code for f in opened_again.result.findings] == codes

    saved = server.analyze(file, disk, 3, opened_again)  # saved without a change
    assert saved.result is opened_again.result and saved.version == 3

    monkeypatch.undo()
    edited = "{# the rules first #}\n" + disk
    changed = server.analyze(file, edited, 4, saved)  # an edit: analyzed anew
    assert [f.span.line - 1 for f in changed.result.findings] == \
        [f.span.line for f in first.result.findings]
    monkeypatch.setattr(analysis, "analyze", _refuse)
    assert server.analyze(file, edited, 5, changed).result is changed.result


def test_an_analysis_of_a_text_changed_since_stops_before_its_next_file(tmp_path):
    """The server gives up an analysis once the document has changed again (it asks before
    each file the run reads); the same analysis of a text still current completes."""
    root = tmp_path / "fastapi_rag"
    shutil.copytree(APP.parent / "fastapi_rag", root)
    (root / "prefixlint.toml").write_text("")  # the project's root, above the prompt file
    file = root / "broken" / "app" / "prompts" / "system.md"  # read by broken/app/main.py
    edited = file.read_text(encoding="utf-8") + "\nThank the engineer for asking.\n"
    asked: list[int] = []

    def changed_after_the_first_file() -> bool:
        asked.append(1)
        return len(asked) > 1

    with pytest.raises(server.Cancelled):
        server.analyze(file, edited, 2, stale=changed_after_the_first_file)
    assert len(asked) == 2  # the first file was analyzed, the second never started
    current = server.analyze(file, edited, 3, stale=lambda: False)
    assert [f.code for f in current.result.findings]
