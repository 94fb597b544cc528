"""The workspace of one run: the project's files as the analysis reads them (as edited, when
a fix is measured before it is written), and the Jinja environments every template prompt of
the run shares, made on first use."""

from __future__ import annotations

import functools
import posixpath
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Mapping

from .. import suppress
from ..ir import Block, Hole, Prompt, Scope, Span, Text
from .project_files import InputError, Limits, inside_root, read_text


@dataclass
class Workspace:
    """The environments of one run; templates are parsed once and shared by every prompt."""

    root: Path
    search_paths: tuple[str, ...]
    limits: Limits
    scope_of: Callable[[str], Scope]
    options: tuple[tuple[str, object], ...] = ()  # trim_blocks, …, filters, tests
    # Files as a fix would leave them (project-relative path → text): read instead of the
    # disk, so that a fix is measured in memory before anything is written.
    edited: Mapping[str, str] = field(default_factory=dict)
    # The run's Python files: the filters and tests the application registers on its Jinja
    # environments there (`env.filters["untrusted"] = ...`) are known to the sandbox too.
    code: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        self.overlay: dict[str, str] = {}
        self.origins: dict[str, tuple[str, int, int]] = {}
        self.files_read: set[str] = set()  # every project file read, for the result cache
        self._settings: dict[str, tuple[str, list]] = {}

    # The Jinja environments are made on first use: a run on Python files alone reads files
    # through this workspace and never imports Jinja.

    @functools.cached_property
    def registry(self):
        from .jinja_analysis import Registry

        return Registry(self.scope_of)

    @functools.cached_property
    def marked(self):
        from .jinja import ProjectEnvironment

        return ProjectEnvironment(self.root, self.search_paths, self.limits, self.registry,
                                  self.overlay, self.origins, self.jinja_options, self.edited,
                                  self.files_read)

    @functools.cached_property
    def clean(self):
        from .jinja import ProjectEnvironment

        return ProjectEnvironment(self.root, self.search_paths, self.limits, None, self.overlay,
                                  self.origins, self.jinja_options, self.edited,
                                  self.files_read)

    @functools.cached_property
    def jinja_options(self) -> tuple[tuple[str, object], ...]:
        """The [jinja] options, with the filters and tests the run's Python code registers
        added to those declared (read once, when a template is first rendered)."""
        from .jinja_registered import registered

        def texts():
            """One file's text at a time: a large tree's code is never all held at once."""
            for name in self.code:
                try:
                    yield self.read(name)
                except InputError:
                    continue

        filters, tests = registered(texts())
        if not filters and not tests:
            return self.options
        settings = dict(self.options)
        settings["filters"] = tuple(dict.fromkeys((*settings.get("filters", ()), *filters)))
        settings["tests"] = tuple(dict.fromkeys((*settings.get("tests", ()), *tests)))
        return tuple(sorted(settings.items()))

    def read(self, name: str) -> str:
        """The text of a project file (as edited, when a fix is being measured)."""
        self.files_read.add(name)
        edited = self.edited.get(name)
        if edited is not None:
            return edited
        return read_text(self.root / name, name, self.limits.max_file_bytes, self.root)

    # -- loading -------------------------------------------------------------------------

    def settings(self, name: str) -> tuple[str, list]:
        """A configuration file's text and its string values (`prompt_config
        .config_strings`), read and parsed once a run (the configuration frontend and a
        settings object read in code both ask); ("", []) for a file too large or not text."""
        found = self._settings.get(name)
        if found is None:
            from .prompt_config import config_strings

            try:
                source = self.read(name)
            except InputError:
                source = ""
            found = self._settings[name] = (source, config_strings(name, source))
        return found

    def load(self, name: str) -> tuple[str, ...]:
        """Parse a template and everything it statically references; return those files."""
        from jinja2 import TemplateNotFound, TemplateSyntaxError

        from .jinja import syntax_message

        order: list[str] = []
        pending = [(name, None)]
        while pending:
            current, parent = pending.pop(0)
            if current in order:
                continue
            if current.endswith(".prompty"):
                self._declare(current)
            try:
                self.marked.get_template(current)
            except TemplateSyntaxError as exc:
                raise InputError(syntax_message(exc),
                                 exc.name or current, exc.lineno or 1) from None
            except TemplateNotFound as exc:
                path, line = self._reference_site(parent, current) if parent else (current, 1)
                message = str(exc.message or exc.name)
                if parent is None:
                    raise InputError(f"cannot load template: {message}", path, line) from None
                raise InputError(f"included template not found: {message}", path, line) from None
            except RecursionError:
                raise InputError("template nests too deeply to analyze", current) from None
            except SyntaxError as exc:  # Jinja's generated code does not compile
                raise InputError(f"template does not compile: {exc.msg}", current) from None
            except (OSError, ValueError, RuntimeError) as exc:  # a name the system refuses,
                # or a link loop
                path, line = self._reference_site(parent, current) if parent else (current, 1)
                raise InputError(f"cannot load template {current[:80]!r}: {exc}", path,
                                 line) from None
            order.append(current)
            for reference in self.registry.references.get(current, ()):
                resolved = self.marked.join_path(reference, current)
                pending.append((resolved, current))
        return tuple(order)

    def _declare(self, name: str) -> None:
        """The inputs a prompty file's front matter declares, for the scopes of its holes."""
        from . import prompty

        if name in self.registry.declared:
            return
        path = inside_root(self.root, name)
        if path is None or not path.is_file():
            return  # the loader says why
        source = self.read(name)
        try:
            self.registry.declared[name] = prompty.settings(source).declared()
        except prompty.FrontMatterError as exc:
            raise InputError(str(exc), name, exc.line) from None

    def _reference_site(self, parent: str, target: str) -> tuple[str, int]:
        tags = self.marked.scans.get(parent)
        if tags is not None:
            base = posixpath.basename(target)
            for tag in tags.blocks:
                if tag.keyword in ("include", "extends", "import", "from") and base in tag.inner:
                    return parent, tags.position(tag.start)[0]
        return parent, 1

    def cycle(self, files: tuple[str, ...]) -> tuple[str, ...] | None:
        """An include/extends cycle among `files`, as the list of names around it."""
        graph = {f: [self.marked.join_path(r, f) for r in self.registry.references.get(f, ())]
                 for f in files}
        state: dict[str, int] = {}
        stack: list[str] = []

        def visit(node: str) -> tuple[str, ...] | None:
            state[node] = 1
            stack.append(node)
            for nxt in graph.get(node, ()):
                if state.get(nxt) == 1:
                    return tuple(stack[stack.index(nxt):] + [nxt])
                if state.get(nxt) is None:
                    found = visit(nxt)
                    if found:
                        return found
            stack.pop()
            state[node] = 2
            return None

        return visit(files[0]) if files else None

    def check_cycle(self, files: tuple[str, ...]) -> None:
        """Raise an InputError at the include that closes a cycle among `files`."""
        loop = self.cycle(files)
        if loop:
            site, line = self._reference_site(loop[-2], loop[-1])
            raise InputError("include cycle: " + " -> ".join(loop), site, line)

    # -- prompts -------------------------------------------------------------------------

    def prompt(self, name: str) -> Prompt:
        """The Prompt of a root template (raises InputError for anything unreadable)."""
        from .jinja import JinjaRenderer

        files = self.load(name)
        self.check_cycle(files)
        holes = tuple(h for f in files for h in self.registry.holes.get(f, ()))
        segments: tuple[Text | Hole, ...] = tuple(self.registry.holes.get(name, ()))
        suppressions = tuple(
            (f, suppress.parse((c.line, c.text) for c in self.marked.scans[f].comments))
            for f in files if f in self.marked.scans)
        renderer = JinjaRenderer(self, name)
        declared = self.registry.declared.get(name, {})
        scopes = tuple(sorted({(d, declared[d.split(".", 1)[0]]) for h in holes for d in h.deps
                               if d.split(".", 1)[0] in declared
                               and self.scope_of(d) is Scope.UNKNOWN}))
        return Prompt(id=name, path=name, line=1, kind="jinja",
                      blocks=(Block("system", segments),), holes=holes,
                      renderer=renderer, files=files, suppressions=suppressions,
                      scopes=scopes,
                      scope_notes=tuple((d, "the prompty inputs") for d, _ in scopes))

    def inline_prompt(self, name: str, source: str, origin: Span) -> Prompt:
        """A template built in Python code (`Template("…")`): its holes point into the .py
        file, at the string literal's text; its id is the call site, `path:line`."""
        self.overlay[name] = source
        self.origins[name] = (origin.path, origin.line, origin.column)
        try:
            prompt = self.prompt(name)
        except InputError as error:
            if error.path != name:
                raise
            # the template's line in the Python file that holds it, not in the template
            line = origin.line + error.line - 1
            raise InputError(error.message, origin.path, line,
                             origin.column if error.line == 1 else 1) from None
        suppressions = tuple((origin.path if n == name else n, s) for n, s in prompt.suppressions)
        return Prompt(id=name, path=origin.path, line=int(name.rsplit(":", 1)[1]),
                      kind="python", blocks=prompt.blocks, holes=prompt.holes,
                      renderer=prompt.renderer, files=(origin.path,) + prompt.files[1:],
                      suppressions=suppressions)

    def render_error(self, exc: BaseException, name: str) -> InputError:
        """Turn anything a render raised into an InputError at the template line it came from."""
        from jinja2 import TemplateNotFound, TemplateSyntaxError

        from .jinja import RenderLimitError, syntax_message

        path, line = name, 1
        files = {str(inside_root(self.root, n) or ""): n for n in self.marked.scans}
        for frame in traceback.extract_tb(exc.__traceback__):
            if frame.filename in files:
                path, line = files[frame.filename], frame.lineno or 1
        if isinstance(exc, RenderLimitError):
            return InputError(f"template exceeds a render limit: {exc}", path, line)
        if isinstance(exc, TemplateSyntaxError):
            return InputError(syntax_message(exc),
                              exc.name or path, exc.lineno or line)
        if isinstance(exc, TemplateNotFound):
            return InputError(f"included template not found: {exc.message}", path, line)
        if isinstance(exc, RecursionError):
            return InputError("template recursion too deep (include or macro cycle)", path, line)
        kind = type(exc).__name__
        if kind == "SecurityError":
            return InputError(f"blocked by the sandbox: {exc}", path, line)
        return InputError(f"template cannot be rendered with sample values ({kind}: {exc})",
                          path, line)
