"""Jinja templates → `Prompt`s, rendered in a bounded sandbox that stays inside the project.

Two environments share one loader: a clean one renders exactly what the application would
send (for token counts), and a marked one renders with invisible element markers (to say which
hole produced which text). Both are `SandboxedEnvironment`s with guards on output size, time,
string growth and includes that leave the project root.
"""

from __future__ import annotations

import contextlib
import posixpath
import re
import signal
import threading
import time
import types
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator, Mapping

from jinja2 import BaseLoader, TemplateError, TemplateNotFound, TemplateSyntaxError
from jinja2.lexer import TokenStream
from jinja2.sandbox import SandboxedEnvironment

from ..dialect import is_mustache
from ..file_kinds import TEMPLATE_SUFFIXES
from . import mustache, prompty
from ..ir import Link, Piece, Rendering, ValueSource
from .jinja_analysis import (CONCAT_GUARD, MARK_CLOSE, MARK_OPEN, ConcatGuard, Registry,
                             TemplateAnalyzer)
from .jinja_scan import Scan, scan
from .project_files import (InputError, Limits, files_ending_with, inside_root, read_text,
                            shared_folders)

if TYPE_CHECKING:
    from .workspace import Workspace

_TRACE = re.compile(re.escape(MARK_OPEN) + r"(\d*)" + re.escape(MARK_CLOSE))
_FORMAT_WIDTH = re.compile(r"%[-+ #0]*(\d{7,})|\{[^{}]*:[^{}]*?(\d{7,})[^{}]*\}")


class RenderLimitError(TemplateError):
    """A render went over its output, time or size bound."""


def syntax_message(exc: TemplateSyntaxError) -> str:
    """A template syntax error; for a filter or test Jinja does not know, how to declare
    one the application registers in its own code."""
    unknown = re.match(r"No (filter|test) named '([^']+)'", exc.message or "")
    if unknown is None:
        return f"template syntax error: {exc.message}"
    kind, name = unknown.groups()
    return (f"unknown Jinja {kind} '{name}' (if your code registers it, declare it: [jinja] "
            f"{kind}s = [\"{name}\"])")


def _identity(value: object, *args: object, **kwargs: object) -> object:
    return value


def _always(value: object, *args: object, **kwargs: object) -> bool:
    return True


def _finalize(value: object) -> object:
    """What `{{ x|map(...) }}` prints: a generator's repr holds a memory address, so it is
    printed without one (the application prints the same object, address aside)."""
    if isinstance(value, types.GeneratorType):
        return "<generator object>"
    return value


def _first_item(sequence):
    """`|random`, reproducibly: the first item (a per-request choice the author made)."""
    try:
        return next(iter(sequence))
    except (StopIteration, TypeError):
        return ""


def _lipsum(n: int = 5, html: bool = True, min: int = 20, max: int = 100) -> str:  # noqa: A002
    """Jinja's `lipsum()` without randomness: the same placeholder paragraphs every time."""
    paragraph = ("Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod "
                 "tempor incididunt ut labore et dolore magna aliqua.")
    count = n if isinstance(n, int) and 0 <= n <= 100 else 5
    joined = "\n\n".join([paragraph] * count)
    return joined if not html else "\n".join(f"<p>{paragraph}</p>" for _ in range(count))


class ProjectLoader(BaseLoader):
    """Loads templates by project-relative name, refusing anything outside the root."""

    def __init__(self, root: Path, limits: Limits, overlay: dict[str, str],
                 edited: Mapping[str, str], read: set[str] | None = None) -> None:
        self.root = root.resolve()
        self.limits = limits
        self.overlay = overlay
        self.edited = edited
        self.read = read if read is not None else set()

    def get_source(self, environment, template: str):
        if template in self.overlay:
            return _as_jinja(template, self.overlay[template]), None, lambda: True
        path = inside_root(self.root, template)
        if path is None:
            raise TemplateNotFound(f"{template} (outside the project root, not loaded)")
        if not path.is_file():
            if self.read is not None and not path.exists() and not path.is_symlink():
                # looked for and absent: a result kept while it is missing is stale once
                # it is created
                self.read.add(path.relative_to(self.root).as_posix())
            raise TemplateNotFound(template)
        try:
            name = path.relative_to(self.root).as_posix()
            self.read.add(name)
            source = self.edited.get(name) or \
                read_text(path, template, self.limits.max_file_bytes, self.root)
        except InputError as exc:
            raise TemplateNotFound(f"{template} ({exc.message})") from None
        mtime = path.stat().st_mtime
        return _as_jinja(template, source), str(path), \
            lambda: path.exists() and path.stat().st_mtime == mtime


def _as_jinja(template: str, source: str) -> str:
    """The Jinja text of a template: a `.prompty` file's body, and Mustache (a `.mustache`
    file, or any text with Mustache sections: a `.md` prompt rendered by chevron) as the
    Jinja that renders the same text."""
    if template.endswith(".prompty"):
        return prompty.jinja_source(source)
    if template.endswith(mustache.SUFFIX) or is_mustache(source):
        return mustache.jinja_source(source)
    return source


class ProjectEnvironment(SandboxedEnvironment):
    """The sandbox templates render in; with a registry, it also analyzes and marks them."""

    intercepted_binops = frozenset({"*", "**", "+", "%"})

    def __init__(self, root: Path, search_paths: tuple[str, ...], limits: Limits,
                 registry: Registry | None, overlay: dict[str, str],
                 origins: dict[str, tuple[str, int, int]],
                 options: tuple[tuple[str, object], ...] = (),
                 edited: Mapping[str, str] | None = None, read: set[str] | None = None) -> None:
        settings = dict(options)
        declared_filters = settings.pop("filters", ())
        declared_tests = settings.pop("tests", ())
        super().__init__(loader=ProjectLoader(root, limits, overlay, edited or {}, read),
                         autoescape=False,
                         extensions=["jinja2.ext.do", "jinja2.ext.loopcontrols"],
                         cache_size=-1, auto_reload=False, finalize=_finalize,
                         **settings)
        # The application's own filters and tests, declared in [jinja]: a filter gives its
        # value back unchanged (a sample stays a sample), a test is true.
        for name in declared_filters:
            self.filters.setdefault(name, _identity)
        for name in declared_tests:
            self.tests.setdefault(name, _always)
        self.root = root.resolve()
        self.search_paths = search_paths
        # by (name, including folder): files do not change during a run
        self._joined: dict[tuple[str, str], str] = {}
        self.limits = limits
        self.until = 0.0  # the backstop deadline of the render under way (0: none)
        self.steps = 0  # steps of the render under way
        self.registry = registry
        self.origins = origins
        self.scans: dict[str, Scan] = {}
        self._lexed: dict[str, tuple[str, list]] = {}  # raw tokens of the parse under way
        self.globals[CONCAT_GUARD] = self._concat
        self.policies["json.dumps_kwargs"] = {"sort_keys": True, "default": str}
        for name in ("center", "indent", "wordwrap", "truncate", "format"):
            self.filters[name] = self._bounded(self.filters[name])
        # Same input, same bytes out: the sandbox's own randomness is made reproducible.
        self.filters["random"] = _first_item
        self.globals["lipsum"] = _lipsum
        self.globals["range"] = self._range

    # -- analysis hook -------------------------------------------------------------------

    def _tokenize(self, source, name, filename=None, state=None):
        """Jinja's token stream, lexed once: the raw tokens are kept for the scan that maps
        the template back to its source (which would otherwise lex it a second time)."""
        if self.registry is None or name is None or state is not None:
            return super()._tokenize(source, name, filename, state)
        prepared = self.preprocess(source, name, filename)
        raw = list(self.lexer.tokeniter(prepared, name, filename))
        self._lexed[name] = (prepared, raw)
        stream = TokenStream(self.lexer.wrap(iter(raw), name, filename), name, filename)
        for extension in self.iter_extensions():
            stream = extension.filter_stream(stream)
            if not isinstance(stream, TokenStream):
                stream = TokenStream(stream, name, filename)
        return stream

    def _parse(self, source, name, filename):
        template = super()._parse(source, name, filename)
        if self.registry is not None and name is not None:  # the clean twin needs no scan
            path, line, column = self.origins.get(name, (name, 1, 1))
            lexed, tokens = self._lexed.pop(name, ("", None))
            self.scans[name] = scan(self, source, name, path, (line, column),
                                    tokens if lexed == source else None)
            TemplateAnalyzer(self.registry, self.scans[name], name).analyze(template)
        else:
            ConcatGuard().visit(template)
        template.set_environment(self)
        return template

    def join_path(self, template: str, parent: str) -> str:
        """The project path an include or extends names: relative to the including file
        first, then each search path, then the folders above the including file, then the
        root (the first that is a file inside the project). Asked at every render, so each
        answer is kept for the run; it depends on the including file's folder only, so the
        templates of one folder including one partial look for it on disk once."""
        base = posixpath.dirname(parent)
        joined = self._joined.get((template, base))
        if joined is None:
            joined = self._joined[(template, base)] = self._join_path(template, base)
        return joined

    def _join_path(self, template: str, base: str) -> str:
        if template.startswith(("./", "../")):
            return posixpath.normpath(posixpath.join(base, template))
        candidates = [posixpath.normpath(posixpath.join(base, template))]
        candidates += [posixpath.normpath(posixpath.join(p, template)) for p in self.search_paths]
        # a loader rooted above the including file (`prompts/`, the file in
        # `prompts/writer/`): its folders upwards, nearest first
        above = base
        while above not in ("", "/", "."):
            above = posixpath.dirname(above)
            candidates.append(posixpath.normpath(posixpath.join(above, template)))
        candidates.append(posixpath.normpath(template))
        candidates = list(dict.fromkeys(candidates))
        looked = self.loader.read  # the run's files, for the result cache
        for candidate in candidates:
            path = inside_root(self.root, candidate)
            try:
                if path is not None and path.is_file():
                    return candidate
                if path is not None and not path.exists() and not path.is_symlink():
                    looked.add(candidate)  # absent now: creating it changes what is included
            except (OSError, ValueError):  # a name the file system refuses: not this one
                continue
        # the application's loader roots are not in view (`FileSystemLoader(Path(__file__)
        # .parent / "templates")`): the project's file that ends with the name, the one that
        # shares the most folders with the including file
        found = files_ending_with(self.root, posixpath.normpath(template))
        if found:
            folder = posixpath.join(base, "")  # (`a/b/`: the including file's folders)
            return max(found, key=lambda path: (shared_folders(path, folder), -len(path)))
        return candidates[-1]

    # -- guards --------------------------------------------------------------------------

    def check_time(self) -> None:
        """Count one step of the render under way: past `max_steps` the template is too
        complex to render (a count of work, not of seconds); the far wall-clock backstop is
        checked too (on any thread: SIGALRM only interrupts the main one)."""
        self.steps += 1
        if self.steps > self.limits.max_steps:
            raise RenderLimitError(f"rendering took more than {self.limits.max_steps:,} steps "
                                   "(a loop or recursion too large for a prompt)")
        if self.until and time.monotonic() > self.until:
            raise RenderLimitError(f"rendering took longer than {self.limits.seconds:g} s")

    def _range(self, *args: int) -> "_CountedRange":
        """The sandbox's `range`, each item taken a step of the render."""
        from jinja2.sandbox import safe_range

        return _CountedRange(safe_range(*args), self.check_time)

    def _check_size(self, value: object) -> object:
        self.check_time()
        if isinstance(value, (str, list, tuple, bytes)) and len(value) > self.limits.max_chars:
            raise RenderLimitError(f"a value grew past {self.limits.max_chars:,} characters")
        return value

    def _concat(self, *parts: object) -> str:
        total = sum(len(str(p)) for p in parts)
        if total > self.limits.max_chars:
            raise RenderLimitError(f"a string grew past {self.limits.max_chars:,} characters")
        return "".join(str(p) for p in parts)

    def call_binop(self, context, operator, left, right):
        self.check_time()
        if operator == "**" and isinstance(right, int) and abs(right) > 256:
            raise RenderLimitError("exponent too large for a template")
        if operator == "*":
            for seq, count in ((left, right), (right, left)):
                if isinstance(seq, (str, list, tuple)) and isinstance(count, int) \
                        and len(seq) * count > self.limits.max_chars:
                    raise RenderLimitError("a repeated string would exceed the output limit")
        if operator == "%" and isinstance(left, str) and _FORMAT_WIDTH.search(left):
            raise RenderLimitError("format width too large for a template")
        return self._check_size(super().call_binop(context, operator, left, right))

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 - Jinja's signature
        if args and getattr(__obj, "__name__", "") == "join" and \
                isinstance(getattr(__obj, "__self__", None), str):
            # `", ".join(substrings)` of sample values: Python's own join takes text only
            args = ([item if isinstance(item, str) else str(item) for item in args[0]],
                    *args[1:])
        for arg in list(args) + list(kwargs.values()):
            __self._check_argument(arg)
        return __self._check_size(SandboxedEnvironment.call(__self, __context, __obj, *args,
                                                            **kwargs))

    def getattr(self, obj, attribute):
        self.check_time()
        if isinstance(obj, str) and attribute in ("format", "format_map") \
                and _FORMAT_WIDTH.search(obj):
            raise RenderLimitError("format width too large for a template")
        return super().getattr(obj, attribute)

    def _check_argument(self, arg: object) -> None:
        if isinstance(arg, int) and not isinstance(arg, bool) and arg > self.limits.max_chars:
            raise RenderLimitError("an argument exceeds the output limit")
        if isinstance(arg, str) and _FORMAT_WIDTH.search(arg):
            raise RenderLimitError("format width too large for a template")

    def _bounded(self, function: Callable) -> Callable:
        """A filter that refuses arguments which would make its output huge."""
        def guarded(*args, **kwargs):
            for arg in list(args) + list(kwargs.values()):
                self._check_argument(arg)
            return self._check_size(function(*args, **kwargs))

        if hasattr(function, "jinja_pass_arg"):
            guarded.jinja_pass_arg = function.jinja_pass_arg  # type: ignore[attr-defined]
        return guarded


class _CountedRange:
    """A `range` whose iteration counts a step per item (length, indexing and membership as
    a range's), so that nested loops over ranges stay within a render's step budget."""

    def __init__(self, values: range, step: Callable[[], None]) -> None:
        self.values = values
        self.step = step

    def __iter__(self) -> Iterator[int]:
        for value in self.values:
            self.step()
            yield value

    def __reversed__(self) -> Iterator[int]:
        for value in reversed(self.values):
            self.step()
            yield value

    def __len__(self) -> int:
        return len(self.values)

    def __getitem__(self, index):
        return self.values[index]

    def __contains__(self, value: object) -> bool:
        return value in self.values


@contextlib.contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    """Interrupt a render that runs longer than `seconds` (main thread, POSIX)."""
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return

    def expire(signum, frame):
        raise RenderLimitError(f"rendering took longer than {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


class JinjaRenderer:
    """Renders one root template clean (what is sent) or traced (which hole made which text)."""

    def __init__(self, workspace: Workspace, name: str) -> None:
        self.workspace = workspace
        self.name = name

    def _context(self, values: ValueSource) -> dict[str, object]:
        return {n: values.value(n) for n in sorted(self.workspace.registry.free_names)}

    def _run(self, environment: ProjectEnvironment, values: ValueSource) -> str:
        limits = self.workspace.limits
        try:
            template = environment.get_template(self.name)
            chunks: list[str] = []
            total = 0
            environment.until = time.monotonic() + limits.seconds
            environment.steps = 0
            try:
                with _deadline(limits.seconds):
                    for chunk in template.generate(self._context(values)):
                        environment.check_time()
                        total += len(chunk)
                        if total > limits.max_chars * 2:
                            raise RenderLimitError(
                                f"output exceeds {limits.max_chars:,} characters")
                        chunks.append(chunk)
            finally:
                environment.until = 0.0
            return "".join(chunks)
        except InputError:
            raise
        except Exception as exc:  # noqa: BLE001 - any template failure is a finding
            raise self.workspace.render_error(exc, self.name) from None

    def render(self, values: ValueSource) -> str:
        text = self._run(self.workspace.clean, values)
        if len(text) > self.workspace.limits.max_chars:
            raise InputError(f"template exceeds a render limit: output exceeds "
                             f"{self.workspace.limits.max_chars:,} characters", self.name)
        return text

    def render_traced(self, values: ValueSource) -> Rendering:
        marked = self._run(self.workspace.marked, values)
        return Rendering(tuple(self._pieces(marked)))

    def _pieces(self, marked: str) -> list[Piece]:
        pieces: list[Piece] = []
        stack: list[int] = []
        position = 0
        chains: dict[tuple[int, ...], tuple[Link, ...]] = {}  # the same stacks recur

        def emit(text: str) -> None:
            if not text:
                return
            key = tuple(stack)
            chain = chains.get(key)
            if chain is None:
                chain = chains[key] = self._chain(stack)
            if pieces and pieces[-1].chain == chain:
                pieces[-1] = Piece(pieces[-1].text + text, chain)
            else:
                pieces.append(Piece(text, chain))

        for match in _TRACE.finditer(marked):
            emit(marked[position:match.start()])
            if match.group(1):
                stack.append(int(match.group(1)))
            elif stack:
                stack.pop()
            position = match.end()
        emit(marked[position:])
        return pieces

    def _chain(self, stack: list[int]) -> tuple[Link, ...]:
        registry = self.workspace.registry
        links: list[Link] = []
        for element_id in stack:
            element = registry.elements.get(element_id)
            if element is None:
                continue
            for link in element.chain:
                control = registry.controls.get(link.control)
                if control is not None and control.hole is not None:
                    links.append(Link(control.hole, link.branch))
            if element.hole is not None:
                links.append(Link(element.hole))
        return tuple(links)


def is_template(path: str) -> bool:
    return path.endswith(TEMPLATE_SUFFIXES)
