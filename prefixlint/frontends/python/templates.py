"""Template files that Python code reads and renders, linked into the Python prompt.

A prompt is often kept in a file of its own (`prompts/system.md`, `system.j2`) and filled
in by code: `open(p).read().format(...)`, `Path(p).read_text()`, `string.Template(...)
.substitute(...)`, or Jinja's `env.get_template(name).render(**values)`. The file is then
a part of the Python prompt, whatever its suffix: its text keeps spans into the file (so a
finding points at the template line), and its holes take the scopes of the values the code
passes rather than guesses from their names. Paths are worked out statically from literals,
`__file__`, `Path(...) / ...`, `os.path.join` and loader folders; nothing is executed.
"""

from __future__ import annotations

import fnmatch
import posixpath
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import libcst as cst

from ...ir import Hole, Link, Piece, Scope, Span, Text, ValueSource
from ..project_files import InputError, inside_root
from ..workspace import Workspace
from .cli_options import option_default
from .flow import reaching
from .literals import cut_start, literal_value

if TYPE_CHECKING:
    from .interpreter import Lowerer
    from .values import Context

_PATH_CALLS = ("pathlib.Path", "pathlib.PurePath", "pathlib.PosixPath", "os.path.abspath",
               "os.path.realpath", "os.path.normpath", "os.fspath", "builtins.str")
_MAX_DEPTH = 16
# The working directory: where the program was started, most often the project's root or a
# folder above the module, so a path under it is tried from the module's folder upwards.
_WORKING_DIRECTORY = ("os.getcwd", "pathlib.Path.cwd")
# Text methods that make a file name from a name (`name.lower().replace(" ", "_")`).
_NAME_METHODS = ("lower", "upper", "replace", "strip", "casefold", "title", "format")
# A package's own files (`files("app.prompts") / "x.txt"`, `read_text("app.prompts", "x.txt")`):
# the package's folder is found from the module's folder upwards.
PACKAGE_FILES = ("importlib.resources.files", "importlib_resources.files")
PACKAGE_READS = ("importlib.resources.read_text", "importlib_resources.read_text",
                 "importlib.resources.open_text", "importlib_resources.open_text")
# The most files a template name may match when its loader's folder is not known: more is
# a name too common to say which file (`prompt.j2` in every folder)
_NAMED_ANYWHERE = 4
# The most versions of a prompt file (`prompts/v1/system.md`, `prompts/v2/...`) a path with one
# unknown folder is measured as; more are a folder of documents, not versions of a prompt.
_VERSIONS = 8
UPWARD = "upward"  # a path relative to an unknown folder: tried from the module upwards


def _joined_parts(node: cst.BaseExpression, ctx: "Context") -> list[cst.BaseExpression]:
    """The parts a path expression joins: `a / b / c`, `os.path.join(a, b, c)`, `Path(a,
    b, c)`; [] for any other expression."""
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Divide):
        return [*(_joined_parts(node.left, ctx) or [node.left]), node.right]
    if not isinstance(node, cst.Call) or \
            not all(a.keyword is None and not a.star for a in node.args):
        return []
    called = ctx.module.qualname(node.func) or ""
    if called in _PATH_CALLS and len(node.args) == 1:  # `Path(base / version / name)`
        return _joined_parts(node.args[0].value, ctx)
    if called in ("os.path.join", *_PATH_CALLS) and len(node.args) > 1:
        return [a.value for a in node.args]
    return []


def _joined(paths: list[tuple[object, str]]) -> tuple[object, str]:
    """Paths joined in order (at least one), each anchored one starting again at the root."""
    joined = paths[0]
    for found in paths[1:]:
        joined = found if found[0] is True else (joined[0], posixpath.join(joined[1], found[1]))
    return joined


def _candidates(found: tuple[object, str], module_path: str) -> list[str]:
    """The project paths a path expression can name, most specific first: anchored at the
    root; else relative to the module's folder, then to the root; or, for a path relative
    to a folder not known (UPWARD), to the module's folder and each folder above it."""
    anchored, text = found
    module_dir = posixpath.dirname(module_path)
    if anchored is True:
        paths = [text]
    elif anchored == UPWARD:
        paths, folder = [], module_dir
        while True:
            paths.append(posixpath.join(folder, text))
            if not folder:
                break
            folder = posixpath.dirname(folder)
    else:
        paths = [posixpath.join(module_dir, text), text]
    return list(dict.fromkeys(posixpath.normpath(p) for p in paths))


def _spelled(lowerer: "Lowerer", node: cst.BaseExpression, ctx: "Context",
             ) -> tuple[object, str] | None:
    """A path written as text the code spells out whole (a literal, an f-string of
    constants, a constant's `.lower()`), relative to a folder not said."""
    segments = lowerer.text(node, ctx)
    if segments and all(isinstance(s, Text) for s in segments):
        return False, "".join(s.text for s in segments)
    return None


@dataclass(frozen=True)
class Embed(Hole):
    """A Jinja template file rendered by Python code, as one segment of a Python prompt.

    `bindings` map the template's names to the Python value paths passed for them (or to a
    constant text); `spread` is the path of a `**mapping` passed whole. Its own text is
    rendered by `renderer`; the holes inside it are re-scoped by what was passed.
    """

    template: str = ""
    bindings: tuple[tuple[str, object], ...] = ()
    spread: str | None = None
    renderer: object = field(default=None, compare=False, repr=False, hash=False)
    inner: tuple[Hole, ...] = field(default=(), compare=False, repr=False, hash=False)


class BoundValues:
    """The values a template sees: the Python values passed for its names."""

    def __init__(self, values: ValueSource, embed: Embed) -> None:
        self.values = values
        self.embed = embed
        self.bound = dict(embed.bindings)

    def value(self, name: str) -> object:
        bound = self.bound.get(name)
        if isinstance(bound, Text):
            return bound.text
        if isinstance(bound, Data):
            return bound.value
        if isinstance(bound, str):
            return self.values.value(bound)
        if self.embed.spread is not None:
            return self.values.value(f"{self.embed.spread}.{name}")
        return self.values.value(name)

    def names(self) -> tuple[str, ...]:
        return tuple(sorted(self.bound))


@dataclass(frozen=True)
class Data:
    """Constant data a call passes to a template (a list of labels, a table of options),
    kept as JSON so the embed stays hashable; the template renders the real items."""

    json: str

    @property
    def value(self) -> object:
        import json

        return json.loads(self.json)


def _constant_data(value: cst.BaseExpression, lowerer: "Lowerer", ctx: "Context",
                   ) -> Data | None:
    """A list or dict of constants written in the code (`LABELS`, `sorted(ALLOWED)` of a
    set of strings) as template data; None for anything else."""
    import json

    if isinstance(value, cst.Call) and len(value.args) == 1 and \
            ctx.module.qualname(value.func) == "builtins.sorted":
        found = lowerer.follow(value.args[0].value, ctx, attributes=True)
        if found is not None and isinstance(found[0], cst.Set):  # `sorted({...})`
            data = [literal_value(e.value) for e in found[0].elements
                    if not isinstance(e, cst.StarredElement)]
            data = data if len(data) == len(found[0].elements) else None
        else:
            data = lowerer.json_value(value.args[0].value, ctx)
        data = sorted(data) if isinstance(data, list) and \
            all(isinstance(i, str) for i in data) else None
    else:
        data = lowerer.json_value(value, ctx)
    if not isinstance(data, (list, dict)) or not data:
        return None
    return Data(json.dumps(data, ensure_ascii=False))


def _unordered(name: str, value: cst.BaseExpression, lowerer: "Lowerer",
               ctx: "Context") -> str | None:
    """PFX010 for a set (or a list made from one) passed to a template: a `{% for %}` over
    it, or a join, writes its items in an order that changes from process to process. A set
    of constants is then bound as a value fixed for the process (deploy): its value path."""
    from .strings import constant_set, is_set

    if not is_set(value, ctx, lowerer):
        return None
    span = ctx.module.span(value)
    inner = value
    if isinstance(value, cst.Call) and value.args and \
            ctx.module.qualname(value.func) in ("builtins.list", "builtins.tuple"):
        inner = value.args[0].value
    fix = (span, f"sorted({ctx.module.tree.code_for_node(inner)})")
    lowerer.note("PFX010", span, f"a set is passed to the template as '{name}': its items "
                 "come in an order that changes from process to process (PYTHONHASHSEED); "
                 "pass it sorted", fix)
    if not constant_set(value, ctx, lowerer):
        return None
    return lowerer.hole(value, ctx, scope=Scope.DEPLOY).deps[0]


def _dotted_tail(node: cst.BaseExpression) -> str:
    return node.attr.value if isinstance(node, cst.Attribute) else \
        node.value if isinstance(node, cst.Name) else ""


def remap(hole: Hole, embed_bindings: dict[str, object], spread: str | None,
          scope_of: Callable[[str], Scope], passed: Span | None = None) -> Hole:
    """A template hole as the Python code fills it: its value paths are the paths of the
    values passed, and its scope theirs; `passed` is the call that passes them."""
    deps = []
    for dep in hole.deps:
        root, sep, rest = dep.partition(".")
        bound = embed_bindings.get(root)
        if isinstance(bound, str):
            deps.append(bound + sep + rest)
        elif bound is None and spread is not None:
            deps.append(f"{spread}.{dep}")
        else:
            deps.append(dep)
    if tuple(deps) == hole.deps:
        return hole
    scope = max((scope_of(d) for d in deps), key=lambda s: int(s.varies_like))
    if all(isinstance(embed_bindings.get(d.partition(".")[0]), (Text, Data))
           for d in hole.deps):
        scope = Scope.STATIC
    return Hole(hole.kind, hole.expr, hole.span, tuple(deps), scope, hole.passed or passed)


class EmbedRenderer:
    """Renders one template file with the values of one Python call site."""

    def __init__(self, workspace: Workspace, name: str, scope_of: Callable[[str], Scope]):
        from ..jinja import JinjaRenderer

        self.inner = JinjaRenderer(workspace, name)
        self.scope_of = scope_of

    def render(self, embed: Embed, values: ValueSource) -> str:
        return self.inner.render(BoundValues(values, embed))

    def pieces(self, embed: Embed, values: ValueSource, outer: tuple[Link, ...]) -> list[Piece]:
        bindings = dict(embed.bindings)
        out = []
        for piece in self.inner.render_traced(BoundValues(values, embed)).pieces:
            chain = tuple(Link(remap(link.hole, bindings, embed.spread, self.scope_of,
                                     embed.span),
                               link.branch) for link in piece.chain)
            out.append(Piece(piece.text, outer + chain))
        return out


def default_of(function: cst.FunctionDef | None, name: str) -> cst.BaseExpression | None:
    """The default value of a function's parameter, if it has one."""
    if function is None:
        return None
    params = function.params
    return next((p.default for p in (*params.posonly_params, *params.params,
                                     *params.kwonly_params) if p.name.value == name), None)


class TemplateLinker:
    """Finds the template files a Python expression reads, inside the project only."""

    def __init__(self, root: Path, workspace: Workspace, max_bytes: int,
                 config_files: tuple[str, ...] = (), run_files: tuple[str, ...] = ()) -> None:
        self.root = root
        self.workspace = workspace
        self.max_bytes = max_bytes
        self.config_files = config_files  # the run's YAML, TOML and JSON files
        self.run_files = run_files  # the run's files that are not Python
        self._named: dict[str, list[str]] = {}  # template names looked for in `run_files`
        self._settings: dict[tuple[str, ...], list] | None = None
        self._parsed: dict[str, list] = {}  # a configuration file's every string value

    def settings_value(self, keys: tuple[str, ...]):
        """The one string of the run's configuration files whose key path ends with `keys`
        (`[review_prompt] system = ...` for `settings.review_prompt.system`), as (file,
        its text, the value); None when no file or several hold one."""
        if self._settings is None:
            self._settings = {}
            for name in self.config_files:
                source, values = self.workspace.settings(name)
                for value in values:
                    for start in range(max(0, len(value.keys) - 4), len(value.keys) - 1):
                        self._settings.setdefault(value.keys[start:], []).append(
                            (name, source, value))
        found = self._settings.get(keys, [])
        return found[0] if len(found) == 1 else None

    def top_value(self, key: str):
        """The one string of the run's YAML and JSON configuration files at the top-level
        key `key`, placeholder or not (`planner_system:` for `prompts.planner_system`, an
        object that sets its attributes from the file's keys), as `settings_value` gives
        it; None when no file holds one, or several hold different texts (a sample copy of
        the defaults holds the same: the first file is read). Only files that spell the
        key are parsed."""
        return self.keyed_value((key,), whole=True)

    def keyed_value(self, keys: tuple[str, ...], whole: bool = False):
        """As `top_value`, the one text at a key path that is the whole path of the value
        (`whole`) or its end (`General.prompt_epilogue` under any outer keys)."""
        from ..prompt_config import yaml_strings

        spelled = re.compile(rf"""(?m)^\s*["']?{re.escape(keys[-1])}["']?\s*:""")
        found = []
        for name in self.config_files:
            if name.endswith(".toml"):
                continue
            source, _ = self.workspace.settings(name)
            if not spelled.search(source):
                continue
            if name not in self._parsed:
                self._parsed[name] = yaml_strings(source)
            found.extend((name, source, value) for value in self._parsed[name]
                         if (value.keys if whole else value.keys[-len(keys):]) == keys)
        return found[0] if len({value.text for _, _, value in found}) == 1 else None

    # -- paths -------------------------------------------------------------------------------

    def path(self, lowerer: "Lowerer", node: cst.BaseExpression, ctx: "Context") -> str | None:
        """The project-relative file an expression names, when it can be known statically
        and the file exists inside the project."""
        found = self._path(lowerer, node, ctx, 0)
        existing = self._existing(found, ctx.module.path) if found is not None else None
        if existing is None and isinstance(node, cst.Name):
            return self._fallback_file(lowerer, node.value, ctx)
        return existing

    def folder(self, lowerer: "Lowerer", node: cst.BaseExpression, ctx: "Context",
               pattern: bool = False) -> str | None:
        """The project folder a path expression names, when it exists; with `pattern`, the
        expression is a folder and a glob pattern (`os.path.join(DIR, "*.md")`), and the
        folder found is given with the pattern joined."""
        found = self._path(lowerer, node, ctx, 0)
        if found is None:
            return None
        tail = ""
        if pattern:
            found, tail = (found[0], posixpath.dirname(found[1])), posixpath.basename(found[1])
        for candidate in _candidates(found, ctx.module.path):
            resolved = inside_root(self.root, candidate)
            if resolved is not None and resolved.is_dir():
                return posixpath.join(candidate, tail) if tail else candidate
        return None

    def _fallback_file(self, lowerer: "Lowerer", name: str, ctx: "Context") -> str | None:
        """The file a function's fallback assignment names when the caller's name is not a
        file (`if not os.path.exists(path): path = os.path.join(HERE, "prompts", path)`),
        each such assignment read where it stands."""
        if ctx.function is None:
            return None
        for binding in ctx.module.bindings.get(id(ctx.function), ()):
            if binding.name != name or binding.op != "=" or not binding.arms or \
                    binding.value is None or binding.pos >= ctx.line:
                continue
            at = replace(ctx, line=binding.pos, depth=ctx.depth + 1,
                         arms=frozenset(binding.arms))
            found = self._path(lowerer, binding.value, at, 1)
            existing = self._existing(found, ctx.module.path) if found is not None else None
            if existing is not None:
                return existing
        return None

    def _existing(self, found: tuple[object, str], module_path: str) -> str | None:
        """The first project file a path expression's candidates name that exists."""
        for candidate in _candidates(found, module_path):
            resolved = inside_root(self.root, candidate)
            if resolved is not None and resolved.is_file():
                return candidate
        return None

    def _path(self, lowerer: "Lowerer", node: cst.BaseExpression, ctx: "Context",
              depth: int) -> tuple[object, str] | None:
        """(anchored to the project root: True, False or UPWARD, posix path) of a path
        expression."""
        if depth > _MAX_DEPTH:
            return None
        if isinstance(node, cst.Name):
            if node.value == "__file__":
                return True, ctx.module.path
            resolved = lowerer.resolve(node.value, ctx)
            if isinstance(resolved, tuple):
                found = self._path(lowerer, resolved[0], resolved[1], depth + 1)
                if found is not None:
                    return found
            if resolved == "param":  # `def load(q, prompt_file="prompt.md")`, no caller
                default = option_default(ctx.function, node.value, ctx.module.qualname) or \
                    default_of(ctx.function, node.value)  # (or a command's option's)
                if default is not None:
                    return self._path(lowerer, default, ctx, depth + 1)
            return self._earlier_path(lowerer, node.value, ctx, depth)
        if isinstance(node, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)):
            return _spelled(lowerer, node, ctx)
        if isinstance(node, cst.BooleanOperation) and isinstance(node.operator, cst.Or):
            # `config.get("prompt_path") or "filter.txt"`: the file the code ships, which a
            # setting may override
            if isinstance(literal_value(node.right), str):
                return self._path(lowerer, node.right, ctx, depth + 1)
            return self._path(lowerer, node.left, ctx, depth + 1) or \
                self._path(lowerer, node.right, ctx, depth + 1)
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Divide):
            return self._join(lowerer, [node.left, node.right], ctx, depth)
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add):
            # `ROOT_DIR + "/prompts/recogn/audio.txt"`: a folder joined by hand; when the
            # folder is not known here, the tail is a path under some folder above the module
            tail = self._path(lowerer, node.right, ctx, depth + 1)
            if tail is None or tail[0] is not False:
                return None
            head = self._path(lowerer, node.left, ctx, depth + 1)
            if head is not None:
                return head[0], head[1] + tail[1]
            return (UPWARD, tail[1].lstrip("/")) if tail[1].startswith("/") else None
        if isinstance(node, cst.Attribute) and node.attr.value == "parent":
            base = self._path(lowerer, node.value, ctx, depth + 1)
            return (base[0], posixpath.dirname(base[1])) if base else None
        if isinstance(node, cst.Attribute) and node.attr.value == "name" and \
                isinstance(node.value, cst.Call) and \
                (base := self._path(lowerer, node.value, ctx, depth + 1)) is not None:
            # `Path(name).with_suffix(".txt").name`: the file's own name, under a folder
            # the caller joins it to
            return False, posixpath.basename(base[1])
        if isinstance(node, cst.Attribute) and \
                (option := lowerer.command_line_default(node, ctx)) is not None:
            return self._path(lowerer, *option, depth + 1)  # `args.template`'s default
        if isinstance(node, cst.Attribute):
            # `GlobalConfig.INITIAL_PROMPT_TEMPLATE`, `settings.PROMPT_FILE`: a path a class
            # or module of settings holds
            found = lowerer.follow(node, ctx, attributes=True)
            if found is not None and found[0] is not node:
                held = self._path(lowerer, found[0], found[1], depth + 1)
                if held is not None:
                    return held
            return self._kept_path(lowerer, node, ctx, depth)
        if isinstance(node, cst.Subscript):  # `ref[len("builtin://"):]`: a scheme cut off
            cut = cut_start(node)
            if cut is None:  # `PROMPT_FILES[name]`: the entry of the key a caller passes
                found = lowerer.follow(node, ctx)
                if found is None or found[0] is node:
                    return None
                return self._path(lowerer, found[0], found[1], depth + 1)
            base = self._path(lowerer, node.value, ctx, depth + 1) if cut is not None else None
            return (base[0], base[1][cut:]) if base is not None and base[0] is False else None
        if isinstance(node, cst.Call):
            qualified = ctx.module.qualname(node.func) or ""
            func = node.func
            method = func.attr.value if isinstance(func, cst.Attribute) else ""
            args = [a.value for a in node.args if a.keyword is None and not a.star]
            if method == "removeprefix" and len(args) == 1:  # `ref.removeprefix("builtin://")`
                prefix = literal_value(args[0])
                base = self._path(lowerer, func.value, ctx, depth + 1)
                if base is None or base[0] is not False or not isinstance(prefix, str):
                    return None
                return base[0], base[1].removeprefix(prefix)
            if qualified in _WORKING_DIRECTORY and not args:
                return UPWARD, ""
            if qualified in _PATH_CALLS and len(args) == 1:
                return self._path(lowerer, args[0], ctx, depth + 1)
            if qualified in _PATH_CALLS and len(args) > 1:  # `Path("ai", "prompts")`
                return self._join(lowerer, args, ctx, depth)
            if qualified in PACKAGE_FILES and len(args) == 1:
                return self._package(args[0], ctx)
            if qualified == "os.path.dirname" and len(args) == 1:
                base = self._path(lowerer, args[0], ctx, depth + 1)
                return (base[0], posixpath.dirname(base[1])) if base else None
            if qualified == "os.path.join" and args:
                return self._join(lowerer, args, ctx, depth)
            if method == "with_suffix" and len(args) == 1 and \
                    isinstance(suffix := literal_value(args[0]), str):
                base = self._path(lowerer, func.value, ctx, depth + 1)
                return (base[0], posixpath.splitext(base[1])[0] + suffix) if base else None
            if method in ("resolve", "absolute", "expanduser") and not args:
                return self._path(lowerer, func.value, ctx, depth + 1)
            if method in _NAME_METHODS:
                # `agent_name.lower().replace(" ", "_") + ".md"`: a file named from a
                # constant, worked out as its text is
                return _spelled(lowerer, node, ctx)
            if method == "joinpath" and args:
                return self._join(lowerer, [func.value, *args], ctx, depth)
            returned = lowerer.last_return(node, ctx)
            if returned is not None:  # a project helper that builds the path
                found = self._path(lowerer, returned[0], returned[1], depth + 1)
                if found is not None:
                    return found
            if len(args) == 1 and isinstance(args[0], cst.SimpleString) and \
                    isinstance(args[0].evaluated_value, str):
                # `app_path("resources/prompts")`, a helper not in view: the literal is
                # taken relative to the module's folder or any folder above it.
                return UPWARD, args[0].evaluated_value
        return None

    def _kept_path(self, lowerer: "Lowerer", node: cst.Attribute, ctx: "Context",
                   depth: int) -> tuple[object, str] | None:
        """The first path the object's methods set `self.attr` to, in source order, when
        the one read cannot be known (`if prompts_dir is None: self.prompts_dir = <the
        package's prompts> else: self.prompts_dir = Path(prompts_dir)`): the folder the
        code ships, which a caller may override."""
        if not (isinstance(node.value, cst.Name) and node.value.value == "self") or \
                ctx.function is None:
            return None
        info = ctx.module.owner.get(id(ctx.function))
        if info is None:
            return None
        name = f"self.{node.attr.value}"
        for method in info.methods.values():
            for binding in ctx.module.bindings.get(id(method), []):
                if binding.name != name or binding.op != "=" or binding.value is None:
                    continue
                at = replace(ctx, function=method, line=binding.pos, depth=ctx.depth + 1,
                             arms=frozenset(binding.arms), bindings={})
                found = self._path(lowerer, binding.value, at, depth + 1)
                if found is not None:
                    return found
        return None

    def _earlier_path(self, lowerer: "Lowerer", name: str, ctx: "Context",
                      depth: int) -> tuple[object, str] | None:
        """The path an earlier assignment of `name` gives, when the one that reaches last
        cannot be known: `folder = <the package's prompts>`, then `if custom := conf.get(
        "folder"): folder = custom`, an override the deployment may set."""
        if ctx.function is None:
            return None
        bindings = ctx.module.bindings.get(id(ctx.function), [])
        for binding in reversed(reaching(bindings, name, ctx.line, ctx.arms)[:-1]):
            if binding.op != "=":
                continue
            at = replace(ctx, line=binding.pos, depth=ctx.depth + 1,
                         arms=frozenset(binding.arms))
            found = self._path(lowerer, binding.value, at, depth + 1)
            if found is not None:
                return found
        return None

    @staticmethod
    def _package(node: cst.BaseExpression, ctx: "Context") -> tuple[object, str] | None:
        """The folder of a package named by a literal (`"app.prompts"`), or the module's own
        package (`__package__`)."""
        if isinstance(node, cst.Name) and node.value == "__package__":
            return True, posixpath.dirname(ctx.module.path)
        name = literal_value(node)
        if not isinstance(name, str) or not name or name.startswith("."):
            return None
        return UPWARD, name.replace(".", "/")

    def package_file(self, call: cst.Call, ctx: "Context") -> str | None:
        """The project file `importlib.resources.read_text(package, resource)` (or
        `open_text`) reads."""
        args = [a.value for a in call.args if a.keyword is None and not a.star]
        resource = literal_value(args[1]) if len(args) >= 2 else None
        folder = self._package(args[0], ctx) if args else None
        if folder is None or not isinstance(resource, str):
            return None
        return self._existing((folder[0], posixpath.join(folder[1], resource)),
                              ctx.module.path)

    def versions(self, lowerer: "Lowerer", node: cst.BaseExpression,
                 ctx: "Context") -> list[str]:
        """The project files a path names when one folder of it is not known here and its
        file name is written (`prompts_dir / version / "system.md"`, `os.path.join(BASE,
        lang, "rules.txt")`): each version the project ships, in path order, at most
        `_VERSIONS` ([] for more, and for any other path)."""
        for _ in range(4):
            if not isinstance(node, (cst.Name, cst.Attribute)):
                break
            found = lowerer.follow(node, ctx, attributes=True)
            if found is None or found[0] is node:
                return []
            node, ctx = found
        parts = _joined_parts(node, ctx)
        if len(parts) < 3:
            return []
        paths = [self._path(lowerer, part, ctx, 1) for part in parts]
        unknown = [i for i, f in enumerate(paths) if f is None]
        if len(unknown) != 1 or unknown[0] in (0, len(parts) - 1):
            return []  # (the file's own name, or the folder it all starts from, unknown)
        head, tail = _joined(paths[:unknown[0]]), _joined(paths[unknown[0] + 1:])
        if tail[0] is not False:
            return []
        for folder in _candidates(head, ctx.module.path):
            files = self._in_folder(folder, posixpath.join("*", tail[1]))
            if files:
                return files if len(files) <= _VERSIONS else []
        return []

    def _join(self, lowerer, parts, ctx, depth) -> tuple[object, str] | None:
        paths = []
        for part in parts:
            found = self._path(lowerer, part, ctx, depth + 1)
            if found is None:
                return None
            paths.append(found)
        return _joined(paths) if paths else None

    # -- reading -------------------------------------------------------------------------------

    def text(self, path: str) -> list[Text] | None:
        """A file's text as one literal whose span starts at its first line."""
        try:
            source = self.workspace.read(path)
        except InputError:
            return None
        lines = source.count("\n") + 1
        return [Text(source, Span(path, 1, 1, lines, 1))]

    def opened(self, lowerer: "Lowerer", node: cst.BaseExpression, ctx: "Context") -> str | None:
        """The file that `open(p)` (or a name bound to it, `with open(p) as f`) reads."""
        found = lowerer.follow(node, ctx)
        if found is None:
            return None
        node, ctx = found
        if isinstance(node, cst.Call) and node.args and \
                (ctx.module.qualname(node.func) in ("builtins.open", "io.open", "codecs.open")):
            return self.path(lowerer, node.args[0].value, ctx)
        if isinstance(node, cst.Call) and ctx.module.qualname(node.func) in PACKAGE_READS:
            return self.package_file(node, ctx)  # `open_text(package, resource)`
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and \
                node.func.attr.value == "open":
            # `Path(p).open()`, `files("app.prompts").joinpath("x.md").open("r")`
            return self.path(lowerer, node.func.value, ctx)
        return None

    def opened_call(self, lowerer: "Lowerer", node: cst.BaseExpression,
                    ctx: "Context") -> bool:
        """Whether an expression is (or names) an `open(...)` call, located or not."""
        found = lowerer.follow(node, ctx)
        if found is None:
            return False
        node, ctx = found
        return isinstance(node, cst.Call) and \
            ctx.module.qualname(node.func) in ("builtins.open", "io.open", "codecs.open")

    # -- Jinja ---------------------------------------------------------------------------------

    def template_file(self, lowerer: "Lowerer", node: cst.BaseExpression,
                      ctx: "Context") -> list[str]:
        """The files `env.get_template(name)` can load: the name joined to each folder of the
        environment's FileSystemLoader; an f-string name matches every file it can name.
        The template may be one an object holds (`self.prompt = env.get_template(...)`)."""
        found = lowerer.follow(node, ctx, attributes=True)
        if found is None:
            return []
        node, ctx = found
        if not (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
                and node.func.attr.value == "get_template" and node.args):
            return []
        folders = self._loader_folders(lowerer, node.func.value, ctx)
        out: list[str] = []
        for pattern in self._template_names(lowerer, node.args[0].value, ctx):
            if not folders:
                out.extend(self._named_anywhere(pattern))
                continue
            for folder in folders:
                out.extend(self._in_folder(folder, pattern))
        return list(dict.fromkeys(out))

    def _template_names(self, lowerer: "Lowerer", name: cst.BaseExpression,
                        ctx: "Context") -> list[str]:
        """The names `get_template(name)` is asked for, as patterns (`*` where a value goes):
        each file name of a table of them looked up by a value the code chose
        (`TEMPLATE_FILENAMES[prompt_type]`), else the name as written."""
        found = lowerer.follow(name, ctx)
        written = literal_value(found[0]) if found is not None else None
        if isinstance(written, str):
            return [written]  # the entry of the key the caller passes
        if found is not None and isinstance(found[0], cst.Subscript):
            table = lowerer.follow(found[0].value, found[1])
            if table is not None and isinstance(table[0], cst.Dict) and table[0].elements:
                names = [literal_value(e.value) if isinstance(e, cst.DictElement) else None
                         for e in table[0].elements]
                if all(isinstance(n, str) and n and "\n" not in n for n in names):
                    return sorted(set(names))
        segments = lowerer.text(name, ctx)
        return ["".join(s.text if isinstance(s, Text) else "*" for s in segments)]

    def _in_folder(self, folder: str, pattern: str) -> list[str]:
        """The files a loader folder holds by a name pattern."""
        if "*" not in pattern:
            candidate = posixpath.normpath(posixpath.join(folder, pattern))
            resolved = inside_root(self.root, candidate)
            return [candidate] if resolved is not None and resolved.is_file() else []
        base = inside_root(self.root, folder or ".")
        if base is None or not base.is_dir():
            return []
        out = []
        for file in sorted(base.rglob("*")):
            relative = file.relative_to(base).as_posix()
            if file.is_file() and fnmatch.fnmatchcase(relative, pattern):
                out.append(posixpath.normpath(posixpath.join(folder, relative)))
        return out

    def _named_anywhere(self, pattern: str) -> list[str]:
        """A template named where the loader's folder is not known here (`FileSystemLoader(
        base / version)`): the name from the project's root, else the run's files whose name
        ends with it (`generate_plan.j2` in each version's folder), at most
        `_NAMED_ANYWHERE`. A name that is all value names nothing."""
        if not pattern.rpartition("/")[2].strip("*"):
            return []
        found = self._named.get(pattern)
        if found is None:  # (asked again at every call through the helper)
            found = self._in_folder("", pattern) if "*" not in pattern else []
            if not found:
                found = [f for f in self.run_files if fnmatch.fnmatchcase(f, pattern) or
                         fnmatch.fnmatchcase(f, "*/" + pattern)]
                found = found if len(found) <= _NAMED_ANYWHERE else []
            self._named[pattern] = found
        return list(found)

    def _loader_folders(self, lowerer: "Lowerer", node: cst.BaseExpression,
                        ctx: "Context") -> list[str]:
        found = lowerer.follow(node, ctx, attributes=True)
        if found is None:
            return []
        node, ctx = found
        if not isinstance(node, cst.Call):
            return []
        loader = next((a.value for a in node.args if a.keyword is not None
                       and a.keyword.value == "loader"), None)
        if loader is not None and not isinstance(loader, cst.Call):
            made = lowerer.follow(loader, ctx)  # `loader = FileSystemLoader(...)` beside it
            loader, ctx = made if made is not None else (None, ctx)
        if not isinstance(loader, cst.Call) or not loader.args:
            return []
        first = loader.args[0].value
        items = lowerer.sequence(first, ctx) if isinstance(first, (cst.List, cst.Tuple)) \
            else [(first, ctx)]
        folders = []
        for item, item_ctx in items or []:
            found = self._path(lowerer, item, item_ctx, 0)
            if found is None:
                continue
            for candidate in _candidates(found, item_ctx.module.path):
                resolved = inside_root(self.root, candidate)
                if resolved is not None and resolved.is_dir():
                    folders.append(candidate)
                    break
        return folders

    def embed(self, name: str, args, lowerer: "Lowerer", ctx: "Context",
              span: Span) -> Embed | None:
        """The Embed of a template rendered with the values some call arguments pass
        (keywords, and `**mapping`, or a mapping passed first: Jinja's `render(context)`)."""
        try:
            files = self.workspace.load(name)
            self.workspace.check_cycle(files)
        except InputError:
            return None
        bindings: list[tuple[str, object]] = []
        spread = None
        for index, arg in enumerate(args):
            if arg.star == "**" or (index == 0 and arg.keyword is None and not arg.star):
                known = lowerer.spread(arg.value, ctx)  # a dict built in code: its keys
                spread = (lowerer.path_of(arg.value, ctx) or spread) if not known else spread
                bindings.extend((key, _unordered(key, value, lowerer, value_ctx)
                                 or self._bound(value, lowerer, value_ctx))
                                for key, value, value_ctx in known)
            elif arg.keyword is not None:
                bindings.append((arg.keyword.value, _unordered(arg.keyword.value, arg.value,
                                                               lowerer, ctx)
                                 or self._bound(arg.value, lowerer, ctx)))
        registry = self.workspace.registry
        inner = tuple(h for f in files for h in registry.holes.get(f, ()))
        renderer = EmbedRenderer(self.workspace, name, lowerer.scope_lookup)
        bound = dict(bindings)
        remapped = tuple(remap(h, bound, spread, lowerer.scope_for, span) for h in inner)
        scope = max((h.scope for h in remapped), key=lambda s: int(s.varies_like),
                    default=Scope.STATIC)
        return Embed("template", name, span, tuple(d for h in remapped for d in h.deps)[:1]
                     or (name,), scope, template=name,
                     bindings=tuple(sorted(bindings, key=lambda b: b[0])), spread=spread,
                     renderer=renderer, inner=remapped)

    def prompty(self, call: cst.Call, lowerer: "Lowerer", ctx: "Context") -> Embed | None:
        """`prompty.execute(path, inputs={...})`, or `prompty.prepare(p, inputs)` /
        `prompty.run(...)` of `p = prompty.load(path)`: the .prompty file, with its inputs."""
        if not call.args:
            return None
        found = lowerer.follow(call.args[0].value, ctx)
        if found is None:
            return None
        target, ctx_target = found
        if isinstance(target, cst.Call) and _dotted_tail(target.func) == "load" and target.args:
            target = target.args[0].value
        path = self.path(lowerer, target, ctx_target)
        if path is None or not path.endswith(".prompty"):
            return None
        inputs = next((a.value for a in call.args if a.keyword is not None
                       and a.keyword.value == "inputs"), None)
        if inputs is None and len(call.args) > 1 and call.args[1].keyword is None:
            inputs = call.args[1].value
        args = [cst.Arg(inputs, star="**")] if inputs is not None else []
        return self.embed(path, args, lowerer, ctx, ctx.module.span(call))

    def _bound(self, value: cst.BaseExpression, lowerer: "Lowerer", ctx: "Context") -> object:
        """What a passed value is for the template: a constant text, constant data (a list
        of labels the template loops over), or a value path."""
        segments = lowerer.text(value, ctx)
        if segments and all(isinstance(s, Text) for s in segments):
            return Text("".join(s.text for s in segments))
        data = _constant_data(value, lowerer, ctx)
        if data is not None:
            return data
        holes = [s for s in segments if isinstance(s, Hole)]
        worst = max(holes, key=lambda h: int(h.scope.varies_like))
        return worst.deps[0]
