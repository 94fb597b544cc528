"""The CI gate on prompt changes: shared-prefix tokens before and after, per changed prompt.

The old version is read with `git archive` into a temporary folder, never checked out over
the work tree. A prompt counts as changed when any file it is built from changed.
"""

from __future__ import annotations

import dataclasses
import io
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .config import Config, ConfigError

BREAK_CODES = ("PFX001", "PFX002", "PFX003", "PFX004", "PFX005", "PFX006", "PFX010",
               "PFX011", "PFX012", "PFX013")


@dataclass(frozen=True)
class PromptChange:
    id: str
    before: int | None
    after: int | None
    path: str = ""  # where the prompt is (after the change, else before), for annotations
    line: int = 0

    @property
    def change(self) -> int:
        return (self.after or 0) - (self.before or 0)


@dataclass(frozen=True)
class Comparison:
    base: str
    changes: tuple[PromptChange, ...]
    new_findings: tuple
    changed_files: tuple[str, ...]

    def keeps(self, finding) -> bool:
        """Whether a finding belongs to what changed (the gate reports nothing else)."""
        ids = {c.id for c in self.changes}
        return finding.prompt in ids or finding.span.path in self.changed_files

    def as_dict(self, limit: str | None) -> dict:
        failing = {c.id for c in regressions(self, limit)}
        return {"base": self.base, "changed_files": list(self.changed_files),
                "prompts": [{"id": c.id, "before": c.before, "after": c.after,
                             "change": c.change, "regression": c.id in failing,
                             "path": c.path, "line": c.line}
                            for c in self.changes],
                "new_findings": [{"code": f.code, "path": f.span.path, "line": f.span.line,
                                  "column": f.span.column, "prompt": f.prompt}
                                 for f in self.new_findings]}

    def text(self, limit: str | None) -> str:
        failing = {c.id for c in regressions(self, limit)}
        lines = [f"Shared prefix (global tokens) of the prompts changed since {self.base}:"]
        for c in self.changes:
            before = "-" if c.before is None else f"{c.before:,}"
            after = "-" if c.after is None else f"{c.after:,}"
            delta = f" ({c.change:+,})" if c.before is not None and c.after is not None else ""
            mark = "  regression" if c.id in failing else ""
            lines.append(f"  {c.id}: {before} -> {after}{delta}{mark}")
        if not self.changes:
            lines.append("  (no prompt changed)")
        for f in self.new_findings:
            lines.append(f"  new: {f.span.path}:{f.span.line}:{f.span.column}: {f.code}")
        return "\n".join(lines) + "\n"


def _git(root: Path, *args: str) -> bytes:
    try:
        return subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True,
                              timeout=120).stdout
    except FileNotFoundError:
        raise ConfigError("--diff-base needs git on the PATH") from None
    except subprocess.CalledProcessError as exc:
        message = exc.stderr.decode("utf-8", "replace").strip().splitlines()
        raise ConfigError(f"git {' '.join(args[:2])}: {message[-1] if message else exc}") from None


def changed_files(root: Path, base: str) -> tuple[str, ...]:
    """Project-relative files that differ from `base` (committed, staged, unstaged, new)."""
    top = Path(_git(root, "rev-parse", "--show-toplevel").decode().strip()).resolve()
    try:
        _git(root, "rev-parse", "--verify", "--quiet", base + "^{commit}")
    except ConfigError:
        raise ConfigError(f"unknown git revision {base!r}") from None
    names = _git(root, "diff", "--name-only", "--no-renames", base, "--").decode().splitlines()
    names += _git(root, "ls-files", "--others", "--exclude-standard",
                  "--full-name").decode().splitlines()
    out = set()
    for name in names:
        absolute = (top / name).resolve()
        try:
            out.add(absolute.relative_to(root.resolve()).as_posix())
        except ValueError:
            continue
    return tuple(sorted(out))


def export(root: Path, base: str, destination: Path) -> Path:
    """Write the project folder as it was at `base` into `destination`; return its root."""
    top = Path(_git(root, "rev-parse", "--show-toplevel").decode().strip()).resolve()
    inside = root.resolve().relative_to(top).as_posix()
    args = ["archive", "--format=tar", base] + ([inside] if inside != "." else [])
    data = _git(root, *args)
    with tarfile.open(fileobj=io.BytesIO(data)) as archive:
        members = [m for m in archive.getmembers() if m.isfile() or m.isdir()]
        archive.extractall(destination, members=members, filter="data") \
            if hasattr(tarfile, "data_filter") else archive.extractall(destination, members)
    old_root = destination / inside if inside != "." else destination
    old_root.mkdir(parents=True, exist_ok=True)
    return old_root


def compare(paths, config: Config, base: str, cwd: Path | None = None,
            use_cache: bool = False):
    """Run the analysis on the work tree and on `base`; return (result after, Comparison).
    When no changed file can change a prompt, `base` is not analyzed at all, and the work
    tree's result comes from the cache (with `use_cache`)."""
    from . import api

    root = config.root.resolve()
    files = changed_files(root, base)
    after = api.check(paths, config, cwd, use_cache=use_cache)
    if not any_relevant(files, after, config, base):
        return after, Comparison(base, (), (), files)
    with tempfile.TemporaryDirectory(prefix="prefixlint-base-") as folder:
        old_root = export(root, base, Path(folder))
        cwd_path = (cwd or Path.cwd()).resolve()
        old_paths = []
        for path in paths:
            absolute = (Path(path) if Path(path).is_absolute() else cwd_path / path).resolve()
            relative = absolute.relative_to(root)
            if (old_root / relative).exists():
                old_paths.append(str(old_root / relative))
        old_config = dataclasses.replace(config, root=old_root)
        before = api.check(old_paths, old_config, old_root) if old_paths or not paths \
            else None
        old_ids = identities(before.measurements if before else (), old_root)
    touched = set(files)

    def affected(measurement) -> bool:
        return bool(touched & set(measurement.prompt.files)) or measurement.prompt.path in touched

    new_ids = identities(after.measurements, root)
    before_tokens = {old_ids[m.prompt.id]: m.prefix_tokens["global"] for m in
                     (before.measurements if before else ()) if affected(m)}
    after_tokens = {new_ids[m.prompt.id]: m.prefix_tokens["global"] for m in after.measurements
                    if affected(m)}
    shown = {new_ids[m.prompt.id]: m.prompt for m in after.measurements}
    shown.update({old_ids[m.prompt.id]: m.prompt for m in (before.measurements if before
                                                            else ()) if old_ids[m.prompt.id]
                  not in shown})
    changes = tuple(PromptChange(shown[key].id, before_tokens.get(key), after_tokens.get(key),
                                 shown[key].path, shown[key].line)
                    for key in sorted(set(before_tokens) | set(after_tokens))
                    if before_tokens.get(key) != after_tokens.get(key))
    old_keys = {(f.code, old_ids.get(f.prompt, f.prompt), f.expr)
                for f in (before.findings if before else ())}
    new = tuple(f for f in after.findings if f.code in BREAK_CODES
                and (new_ids.get(f.prompt, f.prompt) in after_tokens or f.span.path in touched)
                and (f.code, new_ids.get(f.prompt, f.prompt), f.expr) not in old_keys)
    return after, Comparison(base, changes, new, files)


SETTINGS_FILES = ("prefixlint.toml", "pyproject.toml")
MAX_PYTHON_READ = 200  # changed Python files read at `base` to rule them out; past it, all count


def any_relevant(files: tuple[str, ...], after, config: Config, base: str) -> bool:
    """Whether a changed file can change a prompt: one a prompt of the work tree is built
    from, a settings file, a template or prompt configuration, or a Python module that
    mentions a prompt sink now or at `base` (the analysis's own prefilter)."""
    from .discover import _wanted
    from .frontends.python import is_python
    from .frontends.python.sources import prefilter
    from .models import all_models

    root = config.root.resolve()
    used = {m.prompt.path for m in after.measurements}
    used.update(f for m in after.measurements for f in m.prompt.files)
    used.update(f.span.path for f in after.findings)
    python = [name for name in files if is_python(name) and name not in used]
    if len(python) > MAX_PYTHON_READ:
        return True
    test = prefilter(config.python_sinks, all_models(config.models)) if python else None
    for name in files:
        if name in used or name.rsplit("/", 1)[-1] in SETTINGS_FILES:
            return True
        if not is_python(name):
            if _wanted(name, config):
                return True
            continue
        for text in (_text_now(root / name), _text_at(root, base, name)):
            if text is not None and test.search(text):
                return True
    return False


def _text_now(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


def _text_at(root: Path, base: str, name: str) -> str | None:
    try:
        return subprocess.run(["git", "-C", str(root), "show", f"{base}:./{name}"],
                              capture_output=True, timeout=120, check=True
                              ).stdout.decode("utf-8", "replace")
    except (subprocess.CalledProcessError, OSError):
        return None  # not there at `base`: a new file


def identities(measurements, root: Path) -> dict[str, str]:
    """Each prompt's identity across revisions, by its id: its file, the definition that
    holds it (the function, method or class, else the module) and its place among that
    definition's prompts, with the template it renders; never its line, so that a comment
    added above it does not make it another prompt."""
    import ast

    trees: dict[str, list] = {}
    keyed: dict[tuple, list] = {}
    for m in measurements:
        prompt = m.prompt
        if prompt.kind != "python":
            keyed.setdefault((prompt.id,), []).append(prompt)
            continue
        if prompt.path not in trees:
            trees[prompt.path] = _definitions(ast, root / prompt.path)
        owner = next((name for start, end, name in trees[prompt.path]
                      if start <= prompt.line <= end), "<module>")
        variant = prompt.id.partition(" ")[2]
        keyed.setdefault((prompt.path, owner, variant), []).append(prompt)
    out: dict[str, str] = {}
    for key, prompts in keyed.items():
        for index, prompt in enumerate(sorted(prompts, key=lambda p: (p.line, p.id))):
            out[prompt.id] = "::".join(filter(None, key)) + (f"#{index}" if index else "")
    return out


def _definitions(ast, path: Path) -> list[tuple[int, int, str]]:
    """(first line, last line, qualified name) of every function and class, innermost first
    (a file that does not parse has none)."""
    try:
        tree = ast.parse(path.read_bytes())
    except (OSError, SyntaxError, ValueError, RecursionError):
        return []
    found: list[tuple[int, int, str, int]] = []

    def walk(node, prefix: str, depth: int) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                found.append((child.lineno, child.end_lineno or child.lineno, name, depth))
                walk(child, name + ".", depth + 1)
            else:
                walk(child, prefix, depth)

    walk(tree, "", 0)
    return [(a, b, name) for a, b, name, _ in sorted(found, key=lambda f: -f[3])]


def regression_text(change: PromptChange, limit: str | None) -> str:
    """One regression in words, for every output format."""
    return (f"{change.id}: shared prefix {change.before:,} -> {change.after:,} tokens "
            f"({change.change:+,}), more than --max-regression {limit or '0'} allows")


def regressions(comparison: Comparison, limit: str | None) -> tuple[PromptChange, ...]:
    """Changes that lose more shared-prefix tokens than `limit` (`200` or `5%`)."""
    if limit is None:
        return ()
    text = limit.strip()
    percent = text.endswith("%")
    try:
        amount = float(text[:-1] if percent else text)
    except ValueError:
        raise ConfigError(f"--max-regression takes a number of tokens or a percentage, not "
                          f"{limit!r}") from None
    out = []
    for change in comparison.changes:
        if change.before is None or change.after is None or change.change >= 0:
            continue
        lost = -change.change
        allowed = change.before * amount / 100 if percent else amount
        if lost > allowed:
            out.append(change)
    return tuple(out)
