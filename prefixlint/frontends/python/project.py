"""The Python files of one run: each module parsed at most once, imports followed inside the
project, and the prompts of a file found at their call sites. A file is read as text first
and parsed only when it mentions a prompt sink, so prompt-free files cost almost nothing."""

from __future__ import annotations

import posixpath
from pathlib import Path
from typing import Callable

from ...ir import Prompt, Scope
from ..jinja import InputError, read_text
from .sources import prefilter

PYTHON_SUFFIXES = (".py", ".pyi")


def is_python(path: str) -> bool:
    return path.endswith(PYTHON_SUFFIXES)


class PythonProject:
    """Parses and lowers the Python files of one run, each module at most once."""

    def __init__(self, root: Path, scope_of: Callable[[str], Scope], workspace, limits,
                 sources: tuple[tuple[str, Scope], ...] = (), sinks: tuple[str, ...] = ()) -> None:
        self.root = root.resolve()
        self.scope_of = scope_of
        self.workspace = workspace
        self.limits = limits
        self.sources = sources
        self.sinks = sinks
        self.prefilter = prefilter(sinks)
        self.modules: dict[str, object] = {}
        self._linker = None

    # -- modules -------------------------------------------------------------------------

    def module(self, path: str):
        """The indexed module at a project-relative path (InputError when unreadable)."""
        cached = self.modules.get(path)
        if isinstance(cached, InputError):
            raise cached
        if cached is not None:
            return cached
        from .module import build_module
        import libcst

        try:
            source = read_text(self.root / path, path, self.limits.max_file_bytes)
            module = build_module(path, source)
        except InputError as error:
            self.modules[path] = error
            raise
        except libcst.ParserSyntaxError as exc:
            message = exc.message.split(": expected one of")[0].replace("parser error: ", "")
            error = InputError(f"Python syntax error: {message}", path, exc.raw_line)
            self.modules[path] = error
            raise error from None
        except RecursionError:
            error = InputError("Python file nests too deeply to analyze", path)
            self.modules[path] = error
            raise error from None
        self.modules[path] = module
        return module

    def import_module(self, origin: str, importer: str):
        """The analyzed module an import refers to, or None when it is not in the project."""
        dots = len(origin) - len(origin.lstrip("."))
        dotted = origin.lstrip(".")
        if dots:
            base = posixpath.dirname(importer)
            for _ in range(dots - 1):
                base = posixpath.dirname(base)
            parts = [base] if base else []
        else:
            parts = []
        stem = "/".join(parts + ([dotted.replace(".", "/")] if dotted else []))
        candidates = [f"{stem}.py", f"{stem}/__init__.py", f"src/{stem}.py",
                      f"src/{stem}/__init__.py"]
        if not dots:
            # An absolute import from a folder on sys.path: the importer's own folders
            # (a src layout, or an application below the project root), nearest first.
            folder = posixpath.dirname(importer)
            while folder:
                candidates += [f"{folder}/{stem}.py", f"{folder}/{stem}/__init__.py"]
                folder = posixpath.dirname(folder)
        for candidate in candidates:
            candidate = candidate.lstrip("/")
            if (self.root / candidate).is_file():
                try:
                    return self.module(candidate)
                except InputError:
                    return None
        return None

    def linker(self):
        """Links template files that Python code reads or renders (one per run)."""
        if self._linker is None:
            from .templates import TemplateLinker

            self._linker = TemplateLinker(self.root, self.workspace, self.limits.max_file_bytes)
        return self._linker

    # -- prompts -------------------------------------------------------------------------

    def prompts(self, path: str) -> list[tuple[Prompt, list]]:
        """Every prompt sent from `path`, each with its notes for rules PFX010–PFX013."""
        source = read_text(self.root / path, path, self.limits.max_file_bytes)
        if not self.prefilter.search(source):
            return []
        module = self.module(path)
        from .sinks import SinkFinder

        finder = SinkFinder(self, module, source)
        return finder.run()


