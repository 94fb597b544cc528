"""`prefixlint server`: a language server over stdio, for editors.

The same findings as `check` on the open file, as it is in the editor (unsaved text is
analyzed through `api.check(..., edited=...)`, never written), published on open, on change
(after a pause in typing) and on save; a hover on a value that feeds a prompt says its scope,
where the scope comes from, the prompt's shared prefix and what moving the value gains; an
inlay hint marks where each prompt's shared prefix ends; code actions offer the fixes of
`check --fix` (and, marked unsafe, those of `--unsafe-fixes`). Analyses run one at a time on
a worker thread, so typing is never blocked, and a result for a text the user has since
changed is dropped (an analysis still running stops before its next file, one waiting
never starts); only an edit is analyzed anew (the previous text is the previous
analysis, the text on disk comes from the result cache). Needs pygls
(`pip install 'prefixlint[server]'`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Callable
from urllib.parse import unquote, urlparse

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from . import __version__

DEBOUNCE_SECONDS = 0.3
SEVERITIES = {"error": types.DiagnosticSeverity.Error,
              "warning": types.DiagnosticSeverity.Warning,
              "info": types.DiagnosticSeverity.Information}


@dataclass(frozen=True)
class Analysis:
    """One analysis of one document at one version: its project root and relative path, and
    what `check` found."""

    version: int | None
    root: Path
    path: str
    text: str
    result: object  # api.Result


def path_of(uri: str) -> Path:
    return Path(unquote(urlparse(uri).path))


def _uri(root: Path, path: str) -> str:
    return (root / path).resolve().as_uri()


def _range(span) -> types.Range:
    return types.Range(types.Position(max(0, span.line - 1), max(0, span.column - 1)),
                       types.Position(max(0, span.end_line - 1), max(0, span.end_column - 1)))


def _inside(span, line: int, character: int) -> bool:
    start = (span.line - 1, span.column - 1)
    end = (span.end_line - 1, span.end_column - 1)
    return start <= (line, character) <= end


class Cancelled(Exception):
    """An analysis given up because the document changed again while it ran."""


def analyze(file: Path, text: str, version: int | None,
            previous: Analysis | None = None,
            stale: Callable[[], bool] | None = None) -> Analysis:
    """`check` of one file of its project, with the editor's text in place of the disk's.
    Incremental: the same text as the previous analysis is that analysis again (a save, a
    change undone), and the text on disk is answered from the result cache `check` keeps
    (an unchanged file opened), so that only an edit is analyzed anew."""
    from . import api

    if previous is not None and previous.text == text:
        return dataclasses.replace(previous, version=version)
    config = api.load_config(file.parent, paths=[file])
    root = config.root.resolve()
    path = file.resolve().relative_to(root).as_posix()

    def progress(done: int, total: int) -> None:  # before each file the run reads
        if stale is not None and stale():
            raise Cancelled(f"{path} changed during its analysis")

    if text == _on_disk(file):
        result = api.check([file], config, cwd=root, use_cache=True, progress=progress)
    else:
        result = api.check([file], config, cwd=root, edited={path: text}, progress=progress)
    return Analysis(version, root, path, text, result)


def _on_disk(file: Path) -> str | None:
    """The file's text as `check` reads it (newlines as the editor sends them), or None."""
    try:
        return file.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return None


def diagnostics(analysis: Analysis) -> list[types.Diagnostic]:
    out = []
    for finding in analysis.result.findings:
        if finding.span.path != analysis.path:
            continue
        related = [types.DiagnosticRelatedInformation(
            types.Location(_uri(analysis.root, span.path), _range(span)),
            "where the value is produced or passed, or where the prompt is sent")
            for span in finding.related]
        out.append(types.Diagnostic(
            range=_range(finding.span), message=finding.message,
            severity=SEVERITIES.get(finding.severity, types.DiagnosticSeverity.Information),
            code=finding.code, source="prefixlint", related_information=related or None))
    return out


def hover(analysis: Analysis, line: int, character: int) -> str | None:
    """What the analysis knows of the value under the cursor, as Markdown."""
    for finding in analysis.result.findings:
        if finding.span.path == analysis.path and _inside(finding.span, line, character):
            parts = [f"**{finding.code}** {finding.message}"]
            if finding.scope:
                parts.append(f"scope: `{finding.scope}`"
                             + (f" (from {finding.scope_source})" if finding.scope_source
                                else ""))
            if finding.gain_tokens:
                parts.append(f"moving it gains {finding.gain_tokens:,} tokens of shared prefix")
            return "\n\n".join(parts)
    for measurement in analysis.result.measurements:
        for hole in measurement.prompt.holes:
            if hole.span.path == analysis.path and _inside(hole.span, line, character):
                prefix = measurement.prefix_tokens
                return (f"`{hole.expr}` is a **{hole.scope.label}** value of prompt "
                        f"`{measurement.prompt.id}`, whose shared prefix is "
                        f"{prefix['global']:,} tokens across users and "
                        f"{prefix['session']:,} within a session")
    return None


def inlay_hints(analysis: Analysis) -> list[types.InlayHint]:
    """A hint after the value that ends each prompt's shared prefix, in this document."""
    out = []
    for measurement in analysis.result.measurements:
        if not measurement.causes:
            continue
        span = measurement.causes[0].hole.span
        if span.path != analysis.path:
            continue
        prefix = measurement.prefix_tokens
        out.append(types.InlayHint(
            position=types.Position(span.end_line - 1, max(0, span.end_column - 1)),
            label=f" shared prefix ends: {prefix['global']:,} tokens "
                  f"(session {prefix['session']:,})",
            kind=types.InlayHintKind.Parameter, padding_left=True))
    return sorted(out, key=lambda hint: (hint.position.line, hint.position.character))


def code_actions(analysis: Analysis, uri: str) -> list[types.CodeAction]:
    """The fixes `check --fix` would make to this document, then those `--unsafe-fixes`
    would make (marked unsafe), each planned and verified as the CLI does it, from the
    editor's text, and offered as an edit of the whole document."""
    from . import api, fixes

    file = analysis.root / analysis.path
    config = api.load_config(file.parent, paths=[file])
    lines = analysis.text.splitlines(keepends=True)
    whole = types.Range(types.Position(0, 0), types.Position(len(lines), 0))
    out: list[types.CodeAction] = []
    offered = {analysis.text}
    for unsafe in (False, True):
        planned = fixes.plan([file], config, analysis.root, unsafe,
                             {analysis.path: analysis.text})
        for fix in planned.fixes:
            if fix.path != analysis.path or fix.after in offered:
                continue
            offered.add(fix.after)
            what = "; ".join(fix.descriptions) or ", ".join(fix.codes)
            out.append(types.CodeAction(
                title=f"prefixlint: {what}" if fix.safe else f"prefixlint (unsafe): {what}",
                kind=types.CodeActionKind.QuickFix, is_preferred=fix.safe,
                edit=types.WorkspaceEdit(changes={uri: [types.TextEdit(whole, fix.after)]})))
    return out


class PrefixServer(LanguageServer):
    """The server, with the latest analysis of each open document."""

    def __init__(self) -> None:
        super().__init__("prefixlint", __version__)
        self.analyses: dict[str, Analysis] = {}
        self.pending: dict[str, asyncio.Task] = {}
        self.lock = threading.Lock()  # one analysis at a time: the run shares its caches

    def _analyze(self, uri: str, text: str, version: int | None) -> Analysis:
        def stale() -> bool:
            return self.workspace.get_text_document(uri).version != version

        with self.lock:
            if stale():
                raise Cancelled(uri)  # typed over while waiting for the previous analysis
            return analyze(path_of(uri), text, version, self.analyses.get(uri), stale)

    async def refresh(self, uri: str, delay: float) -> None:
        """Analyze a document after `delay` seconds (a newer change cancels this one) and
        publish its diagnostics, unless it changed again meanwhile."""
        await asyncio.sleep(delay)
        document = self.workspace.get_text_document(uri)
        text, version = document.source, document.version
        try:
            analysis = await asyncio.to_thread(self._analyze, uri, text, version)
        except Cancelled:
            return  # the next analysis, of the newer text, publishes
        except Exception as exc:  # noqa: BLE001 - a configuration error, shown to the user
            self.window_log_message(types.LogMessageParams(
                types.MessageType.Error, f"prefixlint: {exc}"))
            return
        if self.workspace.get_text_document(uri).version != version:
            return  # typed over: the next analysis will publish
        self.analyses[uri] = analysis
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, version=version, diagnostics=diagnostics(analysis)))

    def schedule(self, uri: str, delay: float) -> None:
        previous = self.pending.pop(uri, None)
        if previous is not None:
            previous.cancel()
        self.pending[uri] = asyncio.ensure_future(self.refresh(uri, delay))


def build() -> PrefixServer:
    server = PrefixServer()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: PrefixServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: PrefixServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, DEBOUNCE_SECONDS)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: PrefixServer, params: types.DidSaveTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: PrefixServer, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        ls.analyses.pop(uri, None)
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri, []))

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def on_hover(ls: PrefixServer, params: types.HoverParams) -> types.Hover | None:
        analysis = ls.analyses.get(params.text_document.uri)
        found = analysis and hover(analysis, params.position.line, params.position.character)
        return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, found)) \
            if found else None

    @server.feature(types.TEXT_DOCUMENT_INLAY_HINT)
    def on_inlay_hint(ls: PrefixServer, params: types.InlayHintParams) -> list[types.InlayHint]:
        analysis = ls.analyses.get(params.text_document.uri)
        return inlay_hints(analysis) if analysis else []

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix]))
    async def on_code_action(ls: PrefixServer, params: types.CodeActionParams,
                             ) -> list[types.CodeAction]:
        analysis = ls.analyses.get(params.text_document.uri)
        if analysis is None:
            return []

        def planned() -> list[types.CodeAction]:
            with ls.lock:
                return code_actions(analysis, params.text_document.uri)

        return await asyncio.to_thread(planned)

    return server


def main() -> None:
    build().start_io()
