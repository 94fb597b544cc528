"""Which files a run analyzes: those found under the paths given, grouped by the settings
file nearest to each, and the project's modules that read a prompt file or import a module
named on the command line (so `check prompts/system.md` reports the prompt that reads it).

Kept apart from the analysis so that an unchanged tree is answered from the result cache
without importing the analysis at all (`cached_output`).
"""

from __future__ import annotations

import dataclasses
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from .config import Config, ConfigError
from .discover import discover
from .file_kinds import TEMPLATE_SUFFIXES, is_config_file, is_prompt_file, is_text_file


def files(paths: list, config: Config, cwd: Path | None,
           ) -> tuple[list[str], list[str], list[tuple[str, str]]]:
    """The files a run on `paths` analyzes (with the readers of prompt files named), those
    readers, and the folders it could not list."""
    unreadable: list[tuple[str, str]] = []
    files = discover(paths, config, cwd, unreadable)
    readers = _readers(paths, files, config, cwd) if paths else []
    return (sorted(set(files) | set(readers)) if readers else files), readers, unreadable


def cached_output(paths: Iterable[str | Path], config: Config, cwd: Path | None,
                  view: str) -> tuple[str, int] | None:
    """What the same `check` printed and exited with (`view`: its output options), when
    no file it came from changed since; None otherwise (see `result_cache.load_view`)."""
    paths = list(paths)
    if os.environ.get("PREFIXLINT_DEBUG"):
        return None
    files_found, _, unreadable = files(paths, config, cwd)
    if unreadable:
        return None
    from . import result_cache

    return result_cache.load_view(config, [str(p) for p in paths],
                                  (cwd or Path.cwd()).resolve(), files_found, view)


def _readers(paths, files: Sequence[str], config: Config, cwd: Path | None) -> list[str]:
    """The project's Python files that may read one of the prompt files named (a staged
    `prompts/system.md`): those that mention its file name. A prompt file is part of the
    Python prompt that reads it, so that prompt is what `check prompts/system.md` reports."""
    where = (cwd or Path.cwd()).resolve()
    root = config.root.resolve()
    if any(_resolved(where / p) == root for p in paths):
        return []  # the whole project is analyzed: every reader is already in `files`
    given = {(where / p).resolve() for p in paths if (where / p).is_file()}
    # prompt files named on the command line, and templates found in a folder given; not a
    # folder's configuration files (`config.json`, `settings.yaml`: names too common to
    # tell which code reads them, and read through their keys, not their names)
    named = [f for f in files if not f.endswith((".py", ".pyi")) and (
        (root / f) in given or not (is_config_file(f) or _loose_text(f)))]
    # Python modules named on the command line (a changed `prompts.py` of constants): the
    # modules that import them may be where their text is sent, at most CONTEXT_MODULES.
    from .frontends.python.import_lines import CONTEXT_MODULES, module_name

    modules = {module_name(f) for f in files if f.endswith(".py") and (root / f) in given
               and not _sends_itself(root / f, config)}
    modules.discard("")
    if not named and not modules:
        return []
    stems = {f.rsplit("/", 1)[-1].rsplit(".", 1)[0] for f in named}
    # templates named (a base that others extend): the templates that extend, include or
    # import them by a name ending in the same folder and file (`{% extends
    # 'Actor/main.jinja2' %}`) are measured too, the base's text inside each
    bases = {"/".join(f.split("/")[-2:]) for f in named if f.endswith(TEMPLATE_SUFFIXES)}
    out = []
    try:
        project = discover([str(config.root)], config, config.root, [])
    except ConfigError:
        return []
    analyzed = set(files)
    importers = extending = 0
    from .substrings import contains_any

    mentions = contains_any(stems)  # one pass over each module, not one per stem
    for candidate in project:
        if candidate in analyzed:
            continue
        if bases and candidate.endswith(TEMPLATE_SUFFIXES):
            if extending < _MAX_EXTENDING and _extends_one_of(config.root / candidate, bases):
                out.append(candidate)
                extending += 1
            continue
        if not candidate.endswith(".py"):
            continue
        try:
            text = (config.root / candidate).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        if mentions(text):
            out.append(candidate)
        elif modules and importers < CONTEXT_MODULES and _imports_one_of(text, modules):
            out.append(candidate)
            importers += 1
    return out


# Templates that extend a template a check names, measured with it: at most this many.
_MAX_EXTENDING = 64
# `{% extends 'base.j2' %}`, `{% include "parts/tools.j2" %}`, `{% import 'macros.j2' as m %}`
_TEMPLATE_REFERENCE = re.compile(
    r"""\{%-?\s*(?:extends|include|import|from)\s+(?:"([^"]+)"|'([^']+)')""")
# Packages whose models match calls by their chains, not by a qualified name, and HTTP clients.
_SDK_PACKAGES = ("openai", "anthropic", "cohere", "mistralai", "boto3", "groq", "together",
                 "requests", "httpx", "aiohttp")


def _sends_itself(path: Path, config: Config) -> bool:
    """Whether a module imports an LLM library a model knows (`openai`, `langchain_core`),
    other than its prompt template classes: then it sends its own prompts, and the modules
    importing it need not be read (reading every module of a large project costs a one-file
    run more than its analysis)."""
    from .frontends.python.import_lines import module_imports

    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    packages = {origin.split(".", 1)[0] for origin, names in module_imports(text)
                if not origin.startswith(".") and not _template_import(origin, names)
                } - set(sys.stdlib_module_names)
    if any(p.startswith(_SDK_PACKAGES) for p in packages):
        return True
    if not packages:
        return False  # the standard library and the project only: no model to load
    from .models import all_models

    roots = {q.split(".", 1)[0].rstrip("*") for m in all_models(tuple(config.models))
             for q in m.qualified}
    roots.discard("")
    return any(p.startswith(tuple(roots)) for p in packages)


def _extends_one_of(path: Path, bases: set[str]) -> bool:
    """Whether a template extends, includes or imports one of `bases` (a folder and file
    name, `Actor/main.jinja2`, or a file name at the top)."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    for match in _TEMPLATE_REFERENCE.finditer(text):
        name = (match.group(1) or match.group(2)).split("/")
        for base in bases:
            parts = base.split("/")
            common = min(len(parts), len(name))
            if parts[-common:] == name[-common:]:
                return True
    return False


def _template_import(origin: str, names: list[str]) -> bool:
    """`from llama_index.core.prompts import PromptTemplate`, `from langchain_core.prompts
    import ChatPromptTemplate`: a library's prompt template classes, which build a prompt
    another module sends (a module of templates does not send itself)."""
    return bool(names) and (origin.rsplit(".", 1)[-1] == "prompts"
                            or all(name.endswith("Template") for name in names))


def _imports_one_of(text: str, modules: set[str]) -> bool:
    """Whether a module's text imports one of `modules` by its last name: `from app.prompts
    import X`, `from app import prompts`, `import app.prompts`."""
    from .frontends.python.import_lines import module_imports

    return any(origin.rsplit(".", 1)[-1] in modules or any(n in modules for n in names)
               for origin, names in module_imports(text))


@dataclass(frozen=True)
class SettingsGroup:
    """Paths that share the settings file nearest to them, and the folders below those paths
    that have settings of their own (analyzed apart, as their own project)."""

    paths: tuple[str, ...]
    apart: tuple[Path, ...] = ()

    def config(self, config: Config) -> Config:
        """`config` with the folders analyzed apart excluded."""
        root = config.root.resolve()
        folders = []
        for folder in self.apart:
            try:
                folders.append(_glob_literal(folder.relative_to(root).as_posix()))
            except ValueError:
                continue
        return dataclasses.replace(config, exclude=config.exclude + tuple(folders)) \
            if folders else config


def _glob_literal(path: str) -> str:
    return re.sub(r"([\\*?\[\]])", r"\\\1", path)


def settings_groups(paths: Sequence[str | Path], cwd: Path | None = None) -> list[SettingsGroup]:
    """The paths grouped by the settings file nearest to each (ruff's hierarchical
    configuration): `check fixtures/supportbot fixtures/rag` analyzes each folder as the
    project its own prefixlint.toml makes it, and so does `check fixtures`, for each folder
    below it with a prefixlint.toml (or a pyproject.toml with `[tool.prefixlint]`). One group
    when they all share one."""
    from .config import find_settings
    from .discover import nested_settings

    where = (cwd or Path.cwd()).resolve()
    given = [str(p) for p in paths] or ["."]
    groups: dict[str, list[str]] = {}
    nested: list[Path] = []
    for path in given:
        full = _resolved(where / path)  # a link loop: discovery says so, as a usage error
        found = find_settings(full if full.is_dir() else full.parent)
        groups.setdefault(str(found or ""), []).append(path)
        if full.is_dir():
            nested += nested_settings(full)
    for folder in sorted(set(nested)):
        shown = os.path.relpath(folder, where).replace(os.sep, "/")
        groups.setdefault(str(find_settings(folder) or ""), []).append(shown)
    out = []
    for key in sorted(groups):
        members = groups[key]
        inside = [_resolved(where / m) for m in members]
        apart = tuple(sorted(n for n in set(nested)
                             if any(n != m and m in n.parents for m in inside)))
        out.append(SettingsGroup(tuple(members), apart))
    return out


def _loose_text(name: str) -> bool:
    """A `.txt` file outside a folder of prompts: most are notes or data, so their names do
    not say which code reads them (as for configuration files)."""
    return is_text_file(name) and not is_prompt_file(name)


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return path
