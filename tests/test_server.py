"""The language server end to end (issue 24, item 1): a real LSP client (pytest-lsp) starts
`prefixlint server` over stdio, opens a template of a fixture app, and gets the same finding
as `check`, a hover that explains it, a hint where the shared prefix ends, and a code action
whose edit, sent back as the user's change, makes the diagnostic disappear."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

pytestmark = pytest.mark.slow  # starts a server process

APP = Path(__file__).resolve().parent.parent / "fixtures" / "supportbot"


@pytest_lsp.fixture(config=ClientServerConfig(
    server_command=[sys.executable, "-m", "prefixlint", "server"]))
async def client(lsp_client: LanguageClient, tmp_path_factory):
    root = tmp_path_factory.mktemp("editor") / "supportbot"
    shutil.copytree(APP, root)
    lsp_client.root = root
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"), root_uri=root.as_uri()))
    yield
    await lsp_client.shutdown_session()


async def _diagnostics(client: LanguageClient, uri: str) -> list[types.Diagnostic]:
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return client.diagnostics[uri]


@pytest.mark.asyncio
async def test_a_template_opened_in_an_editor_gets_the_findings_of_check(client):
    path = client.root / "prompts" / "helpdesk.j2"
    uri, text = path.as_uri(), path.read_text(encoding="utf-8")
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id="jinja", version=1, text=text)))
    found = await _diagnostics(client, uri)
    assert [(d.code, d.range.start.line, d.range.start.character, d.severity)
            for d in found] == [("PFX002", 2, 22, types.DiagnosticSeverity.Error)]
    assert found[0].message.startswith("user value 'user.display_name' (scope by word 'user') "
                                       "ends the shared prefix after 23 tokens")

    shown = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), types.Position(2, 30)))
    assert "**PFX002**" in shown.contents.value and "scope: `user`" in shown.contents.value

    hints = await client.text_document_inlay_hint_async(types.InlayHintParams(
        types.TextDocumentIdentifier(uri),
        types.Range(types.Position(0, 0), types.Position(40, 0))))
    assert [(h.position.line, h.label) for h in hints] == [
        (2, " shared prefix ends: 23 tokens (session 1,172)")]

    actions = await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(uri), found[0].range,
        types.CodeActionContext(diagnostics=found)))
    assert [a.title.startswith("prefixlint (unsafe): PFX002") for a in actions] == [True]
    fixed = actions[0].edit.changes[uri][0].new_text
    assert "{{ user.display_name }}" in fixed and fixed != text
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        [types.TextDocumentContentChangeWholeDocument(text=fixed)]))
    assert list(await _diagnostics(client, uri)) == []
    assert path.read_text(encoding="utf-8") == text  # the editor's text, never the disk's


@pytest.mark.asyncio
async def test_unsaved_python_is_analyzed_as_typed(client):
    """A clock typed into the module's system prompt constant, not saved: read once at
    import, it is stale rather than breaking (PFX007, as `check` says), and the finding is
    gone when the edit is undone."""
    root = client.root.parent / "chat_clock"
    shutil.copytree(APP.parent / "chat_clock", root)
    path = root / "app" / "assistant.py"
    uri, text = path.as_uri(), path.read_text(encoding="utf-8")
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id="python", version=1, text=text)))
    assert list(await _diagnostics(client, uri)) == []
    typed = text.replace('SYSTEM_PROMPT = """You are',
                         'SYSTEM_PROMPT = f"""It is {datetime.now()}. You are')
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        [types.TextDocumentContentChangeWholeDocument(text=typed)]))
    found = await _diagnostics(client, uri)
    line = typed.splitlines().index(next(x for x in typed.splitlines() if "It is {" in x))
    assert [(d.code, d.range.start.line) for d in found] == [("PFX007", line)]
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(uri=uri, version=3),
        [types.TextDocumentContentChangeWholeDocument(text=text)]))
    assert list(await _diagnostics(client, uri)) == []
