"""The Python files of one run: each module parsed at most once, imports followed inside the
project, and the prompts of a file found at their call sites. A file is read as text first
and parsed only when it mentions a prompt sink, so prompt-free files cost almost nothing."""

from __future__ import annotations

import dataclasses
import itertools
import os
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from ...ir import Prompt, Scope, Span, Text
from ..project_files import InputError
from .import_lines import CONTEXT_MODULES, module_imports, module_name
from .sources import prefilter
from .text_reads import reads_in_other_files

PYTHON_SUFFIXES = (".py", ".pyi")


def is_python(path: str) -> bool:
    return path.endswith(PYTHON_SUFFIXES)


# The first line of each statement of a block as `ast` reads it, its kind (`For` for
# `async for` too, as libcst names both) and those of its body's statements (None where they
# are not placed alone): where libcst's position codegen starts.
StatementLines = list[tuple[int, str, "StatementLines | None"]]

MAX_NESTING = 1000
MAX_NODES = 150_000  # syntax nodes in one file: about 10,000 lines of dense code
MAX_LINE = 100_000  # characters on one line
# Modules imported by the files of a run that are not analyzed themselves (`check` of one
# changed file): read for the clients they define, this many imports deep, at most this many.
CONTEXT_DEPTH = 3


KEPT_MODULES = 32  # parsed modules kept between files (least recently used dropped first)


def _check_nesting(source: str, path: str) -> StatementLines | SyntaxError:
    """Refuse, as this file's finding, what libcst's native parser cannot survive: it
    crashes the whole process on deeply nested brackets, which CPython's own parser rejects
    cleanly. The source is parsed with `ast` (parsed, never run) and its depth measured
    without recursion; other syntax errors are left to libcst, which reports them.
    Returns the first line of each top-level statement (its first decorator's, if any) with
    those of the statements in its body, at every depth (`block_lines`), or CPython's own
    SyntaxError when `ast` cannot parse the file (its line and column are exact where
    libcst's are not; libcst, which knows newer syntax, decides)."""
    import ast

    longest = max((len(line) for line in source.splitlines()), default=0)
    if longest > MAX_LINE:  # parsers slow down badly on one enormous line (f-strings above all)
        raise InputError(f"Python file too complex to analyze (a line of {longest:,} "
                         f"characters; the budget is {MAX_LINE:,})", path)
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        if "too many nested" in str(exc.msg) or "too deeply nested" in str(exc.msg):
            raise InputError(f"Python file nests too deeply to analyze ({exc.msg})", path,
                             exc.lineno or 1) from None
        return exc
    except (RecursionError, MemoryError, ValueError):
        raise InputError("Python file nests too deeply to analyze", path) from None
    stack = [(tree, 1)]
    nodes = 0
    while stack:
        node, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise InputError(f"Python file too complex to analyze (over {MAX_NODES:,} syntax "
                             "nodes)", path)
        if depth > MAX_NESTING:
            raise InputError(f"Python file nests too deeply to analyze (over {MAX_NESTING} "
                             "levels)", path, getattr(node, "lineno", 1))
        stack.extend((child, depth + 1) for child in ast.iter_child_nodes(node))
    return block_lines(tree.body)


# Statements whose `body` holds statements in both parsers (libcst's own `body` is then an
# indented block of the same statements, or one line after the colon): an `if`'s `else`,
# a `try`'s handlers and a `match`'s cases are shaped differently in libcst, so their
# statements are placed by the statement that holds them.
_BLOCK_KINDS = ("FunctionDef", "AsyncFunctionDef", "ClassDef", "If", "For", "AsyncFor",
                "While", "With", "AsyncWith", "Try", "TryStar")


def block_lines(statements) -> StatementLines:
    """The first line of each statement of one block, as `ast` reads it (its first
    decorator's, if any), its kind, and the lines of its body's statements where it has a
    body of statements (`_BLOCK_KINDS`), else None. Nesting is bounded by CPython's parser (100
    indentation levels), so the recursion is too."""
    return [(_first_line(s), type(s).__name__.removeprefix("Async"),
             block_lines(s.body) if type(s).__name__ in _BLOCK_KINDS else None)
            for s in statements]


def _first_line(statement) -> int:
    """A statement's first line, its decorators included."""
    return min([statement.lineno, *(d.lineno for d in getattr(statement, "decorator_list", ()))])


def _root(hole) -> str:
    """The name a hole's value is read from (`prompt` of `prompt.strip()`)."""
    return hole.deps[0].split("@", 1)[0].split(".", 1)[0]


def _roots(built: list, path: str) -> list[str]:
    """The names the holes of prompts built in `path` are read from, in order (`prompt` of
    `prompt.strip()`)."""
    roots: list[str] = []
    for hole in (h for prompt, _ in built for h in prompt.holes):
        if hole.span is None or hole.span.path != path or not hole.deps:
            continue
        root = _root(hole)
        if root not in roots:
            roots.append(root)
    return roots


def _passed_roots(built: list, path: str, module, function, clients: dict) -> list[str]:
    """The names of `function` (in `module` at `path`) that holes placed in another module
    read: a client there sends its parameter, and this function passed a value it cannot
    read through (`prompt = template.format(...)`, `template` a parameter). The hole stands
    where the client places its parameter (`input` of `llm.generate([input])`) and reads
    this function's parameter, or a local made from one. `clients` are the parameter names
    of the clients called, by path: a hole showing another of their names is their own."""
    params = _parameters(module, function)
    roots: list[str] = []
    for hole in (h for prompt, _ in built for h in prompt.holes):
        if hole.span is None or hole.span.path == path or not hole.deps or \
                hole.span.path not in clients:
            continue  # not in a client called (a template file's is filled where rendered)
        root = _root(hole)
        shown = hole.expr.strip("{}").split(".", 1)[0].split("[", 1)[0]
        passed = root in params or _assigned_from(module, function, root) in params
        if shown in clients[hole.span.path] and passed and root not in roots:
            roots.append(root)
    return roots


def _assigned_from(module, function, name: str) -> str:
    """The name at the left of the expression `name` is last assigned in `function`
    (`template` of `prompt = template.format(**values)`); "" when there is none."""
    import libcst as cst

    found = ""
    for binding in module.bindings.get(id(function), ()):
        if binding.name != name or binding.op != "=" or binding.value is None:
            continue
        node = binding.value
        while isinstance(node, (cst.Attribute, cst.Subscript, cst.Call)):
            node = node.func if isinstance(node, cst.Call) else node.value
        found = node.value if isinstance(node, cst.Name) else ""
    return found


def _parameters(module, function) -> dict[str, int]:
    """A function's parameters and where a caller passes each (`self` is bound by the call;
    keyword-only ones are -1)."""
    names = [p.name.value for p in function.params.params]
    if module.owner.get(id(function)) is not None:
        names = names[1:]
    found = {name: index for index, name in enumerate(names)}
    found.update((p.name.value, -1) for p in function.params.kwonly_params)
    return found


# The parameter of a wrapper that sends the memory of the object it is called on.
MEMORY = "@memory"
# The method a call of an object runs (`llm(prompt)` of a class defining it).
CALL_METHOD = "__call__"


def _memory_of(finder, value, ctx) -> bool:
    """Whether a sink's messages are a list its object keeps and its other methods add to
    (`self._memory`, or `messages or self._memory`), read in a method of that object that
    only sends it."""
    import libcst as cst

    from .literals import param_names

    if isinstance(value, cst.BooleanOperation) and isinstance(value.operator, cst.Or):
        value = value.right
    if isinstance(value, cst.IfExp):  # `messages if messages is not None else self._memory`
        value = value.orelse if isinstance(value.orelse, cst.Attribute) else value.body
    function = ctx.function
    info = finder.module.owner.get(id(function)) if function is not None else None
    if info is None or not isinstance(value, cst.Attribute) or \
            not isinstance(value.value, cst.Name) or \
            param_names(function)[:1] != [value.value.value]:
        return False
    owner, attr = value.value.value, value.attr.value
    if any(b.name == f"{owner}.{attr}" and b.pos < ctx.line
           for b in finder.module.bindings.get(id(function), ())):
        # `ask` adds the question itself and sends: its callers pass it (the reply it adds
        # after sending is the next request's)
        return False
    return finder.lowerer._grows(info, attr, finder.module)


def _caller_outside(finder, ctx, inner):
    """The function a call of the client `inner` stands in, when it is this module's and not
    already one of `inner`'s chain (a recursion); else None."""
    function = ctx.function if ctx is not None else None
    if function is None or ctx.module.path != finder.module.path or \
            any(w.function is function for w in inner.chain()):
        return None
    return function


def _reshaped_param(finder, value, ctx):
    """The parameter a name holds a message-by-message copy of (`new_messages = [self.wrap(m)
    for m in messages]`, one loop over the parameter), else the name itself: the messages
    a caller passes are what the sink sends, each reshaped (an image block wrapped)."""
    import libcst as cst

    found = finder.lowerer.follow(value, ctx)
    if found is None or found[1].function is not ctx.function:
        return value
    held = found[0]
    if isinstance(held, (cst.ListComp, cst.GeneratorExp)) and held.for_in.inner_for_in is None \
            and isinstance(held.for_in.iter, cst.Name):
        return held.for_in.iter
    return value


@dataclass
class Wrapper:
    """A project function whose sink sends the messages it is given (parameter `param`, at
    `index` among the arguments a caller passes), and whether anything calls it."""

    name: str
    path: str
    function: object
    site: object
    param: str
    index: int
    method: bool
    called: bool = False
    others: tuple[tuple[str, int], ...] = ()  # further parameters the prompt is built from
    # A client of a client: this function calls `inner` at `call`, and that one the sink.
    inner: "Wrapper | None" = None
    call: object = None
    alone: tuple = ()  # its (prompt, notes) as built with its own parameters unknown
    round: int = 0  # which pass over the files found it (each pass follows the new ones)
    # Who it is in any process that parses the same files: (path, round, how many wrappers
    # that file registered before it in that round), and its function's place in the
    # module's statement order. Workers name wrappers to each other by these.
    key: tuple[str, int, int] = ("", 0, 0)
    function_key: tuple[str, int] = ("", 0)
    library: str = ""  # what its sink sends through (a model's name, else the site's kind)
    # The function defined inside `function` whose code holds the sink, when the sink reads
    # `function`'s parameters as a closure does (a call retried by a decorated inner
    # function); None when the sink is in `function` itself.
    body: object = None
    # The objects its decorators register it on (`func` of `@func.register_function(...)`):
    # a registry that callers call it through, `func.gpt_call(prompt)`.
    registered_on: tuple[str, ...] = ()
    # Its sink is a call of a method of its own name on an object not in view (`def ask(self,
    # q): return self.llm.ask(q, system=...)`): it passes a call on, and is not what such a
    # call on an object not in view runs.
    delegates: bool = False

    @property
    def depth(self) -> int:
        """How many clients from here to the sink, this one included."""
        return len(self.chain())

    @property
    def sink_key(self) -> tuple[str, int]:
        """The function holding the sink this wrapper reaches, at the end of its chain."""
        return self.chain()[-1].function_key

    def chain(self) -> list["Wrapper"]:
        """This wrapper and the ones it reaches, down to the one holding the sink."""
        out, current = [self], self.inner
        while current is not None:
            out.append(current)
            current = current.inner
        return out


def _registries(function) -> tuple[str, ...]:
    """The names of the objects a function's decorators are methods of (`func` of
    `@func.register_function(...)` or `@registry.add`): the registries it is kept in."""
    import libcst as cst

    names = []
    for decorator in function.decorators:
        target = decorator.decorator
        if isinstance(target, cst.Call):
            target = target.func
        if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name):
            names.append(target.value.value)
    return tuple(dict.fromkeys(names))


def _read_and_sent(prompt: Prompt, path: str, used: dict[str, list],
                   here: dict[str, list] | None = None) -> bool:
    """Whether prompt text found without a sink comes from other files only (a template read
    by `open(name).read().format(...)`), whose places prompts of the run hold as well; or,
    given `here` (the places of the prompts sent from its own file), whether those hold
    every place of it (a method's text that another method of the file sends)."""
    placed = [segment.span for block in prompt.blocks for segment in block.segments
              if getattr(segment, "span", None) is not None and
              not (isinstance(segment, Text) and not segment.text.strip())]
    return bool(placed) and all(
        any(s.line <= span.end_line and span.line <= s.end_line
            for s in (used.get(span.path, ()) if span.path != path else
                      (here or {}).get(span.path, ())))
        for span in placed)


def prompt_places(prompt: Prompt) -> tuple:
    """The places in source a prompt's segments hold (what `remaining_texts` counts as
    sent by it), with the text a branch's arms hold."""
    return tuple(span for block in prompt.blocks for segment in block.segments
                 for span in (getattr(segment, "span", None), *getattr(segment, "arms", ()))
                 if span is not None)


def sent_places(prompts: Sequence[tuple[Prompt, list]],
                ) -> tuple[set[str], dict[str, list], dict[str, dict[str, list]]]:
    """Of (prompt, notes) pairs: their ids, the places they hold by file, and those places
    by the file of each prompt's call (`text_sent`'s `used` and `here`); each prompt's
    places are found once."""
    ids: set[str] = set()
    used: dict[str, list] = {}
    here: dict[str, dict[str, list]] = {}
    for prompt, _ in prompts:
        ids.add(prompt.id)
        by_path = here.setdefault(prompt.path, {})
        for span in prompt_places(prompt):
            used.setdefault(span.path, []).append(span)
            by_path.setdefault(span.path, []).append(span)
    return ids, used, here


def text_sent(candidate, used: dict[str, list],
              here: dict[str, dict[str, list]] | None = None) -> bool:
    """Whether prompt text found without a sink is sent by a prompt that holds `used`
    places: its area holds one of them, or it comes from other files whose places they
    hold, or (`here`: the places held by file of the call) prompts sent from its own file
    hold every place of it. More places never make it false (a worker may test it on its
    own prompts)."""
    # the text itself, or the constant it fills by keyword (`prompt = RULES.format(k=v)`
    # returned to the function that sends it)
    areas = [candidate.span] + ([candidate.fills] if candidate.fills is not None else [])
    inside = any((area.line, area.column) <= (s.line, s.column) and
                 (s.end_line, s.end_column) <= (area.end_line, area.end_column)
                 for area in areas for s in used.get(area.path, ()))
    return inside or _read_and_sent(candidate.prompt, candidate.span.path, used,
                                    (here or {}).get(candidate.span.path))


def _sends_filled(candidate, prompts: list) -> bool:
    """Whether text filled by keyword in a function (`prompt = RULES.format(k=v)`) is sent
    by a prompt that function sends itself (one holding its longest run of text): measured
    there, not again on its own."""
    where = candidate.function
    if where is None:
        return False
    runs = [s.text.strip() for b in candidate.prompt.blocks for s in b.segments
            if isinstance(s, Text)]
    probe = max(runs, key=len, default="")[:80]
    if len(probe) < 20:
        return False
    return any(prompt.path == where.path and where.line <= prompt.line <= where.end_line and
               probe in "".join(s.text if isinstance(s, Text) else "\0"
                                for b in prompt.blocks for s in b.segments)
               for prompt, _ in prompts)


# `name as alias`, in an import or not, or `alias = name` on a line of its own
_ALIASED = re.compile(r"\b(\w+)\s+as\s+(\w+)\b|^[ \t]*(\w+)[ \t]*=[ \t]*(\w+)[ \t]*$",
                      re.MULTILINE)


# A call of a capitalized name (a class made), not its definition.
_CAPITALIZED_CALL = re.compile(r"(?<!class )\b([A-Z]\w*)\s*\(")


# A function whose text is measured with no sink, called in more places than this, is named
# by none of them (a common helper, not where one prompt is used).
_MAX_CALLERS = 3
_ANY_LINE = 1 << 30


def _delegates(function, site) -> bool:
    """Whether a function's sink is a call, inferred from its keywords, of a method of the
    function's own name on another object (`self.engine.get_response(messages, system=s)`
    in `def get_response(self, messages)`)."""
    import libcst as cst

    node = getattr(site, "node", None)
    return getattr(site, "kind", "") == "inferred" and isinstance(node, cst.Call) and \
        isinstance(node.func, cst.Attribute) and node.func.attr.value == function.name.value \
        and not isinstance(node.func.value, cst.Name)


def _names_module(source: str, path: str) -> bool:
    """Whether code can import the function of the module at `path`: it names that module,
    or the package it is in (`from .prompts import build`, re-exported by `__init__`)."""
    folder = posixpath.basename(posixpath.dirname(path))
    return module_name(path) in source or bool(folder) and folder in source


def _is_call(source: str, match: re.Match) -> bool:
    """Whether a match of `name(` is a call in code: not a definition, a comment, or an
    example in a docstring (inside an odd number of triple quotes)."""
    start = source.rfind("\n", 0, match.start()) + 1
    before = source[start:match.start()].lstrip()
    if before.startswith(("#", ">>>")) or before.endswith(("def ", "class ")):
        return False
    return source.count('"""', 0, match.start()) % 2 == 0 and \
        source.count("'''", 0, match.start()) % 2 == 0 and \
        not _below_exit(source, start)


_EXIT = re.compile(r"(?:return|raise)\b")


def _below_exit(source: str, start: int, limit: int = 200) -> bool:
    """Whether the line starting at `start` sits below a `return` or `raise` of its own
    block (code an edit left under `return jsonify(...)`, which never runs): the lines
    above it are read back to the block's start, `limit` of them at most."""
    stop = source.find("\n", start)
    line = source[start:stop if stop >= 0 else len(source)]
    indent = len(line) - len(line.lstrip(" \t"))
    end = start
    for _ in range(limit):
        if end <= 0:
            return False
        begin = source.rfind("\n", 0, end - 1) + 1
        above = source[begin:end - 1]
        end = begin
        text = above.lstrip(" \t")
        if not text or text.startswith("#"):
            continue
        depth = len(above) - len(text)
        if depth < indent:
            return False
        if depth == indent and _EXIT.match(text):
            return True
    return False


# `self.api = api` in a method, and a call `self.api(...)`: see `_keeps_callable`
_KEPT = re.compile(r"^[ \t]+self\.(\w+)[ \t]*=[ \t]*\w+[ \t]*$", re.MULTILINE)
_SELF_CALL = re.compile(r"\bself\.(\w+)\(")


def _keeps_callable(source: str) -> bool:
    """Whether a class in the text keeps a callable it is handed (`self.api = api`) and
    calls it after (`self.api(query)`), as the function its makers pass: two searches of
    the text, each once."""
    kept: dict[str, int] = {}
    for match in _KEPT.finditer(source):
        kept.setdefault(match.group(1), match.start())
    return bool(kept) and any(match.start() > kept.get(match.group(1), len(source))
                              for match in _SELF_CALL.finditer(source))

_NAMES_RETRY = re.compile(r"retry|retries|backoff", re.IGNORECASE)


@dataclass(frozen=True)
class _CallNames:
    """One search for calls of any of a round's wrapper names (`name(`, not `def name(`).
    At a given place at most one name can be followed by `(`, so the names the search
    meets are every name called in the text."""

    wrappers: dict
    names: tuple[str, ...]
    pattern: re.Pattern | None
    retried: re.Pattern | None = None  # a wrapper handed to a retry helper

    @staticmethod
    def of(wrappers: dict, kept: list) -> "_CallNames":
        """The search for `wrappers`, made once per round (`kept` holds the last one)."""
        names = tuple(sorted(wrappers))
        if kept and kept[0].wrappers is wrappers and kept[0].names == names:
            return kept[0]
        alternatives = "|".join(map(re.escape, names))
        # a call, or a function handed to a thread or a pool (`calls.launched`)
        pattern = re.compile(r"(?<!def )\b(" + alternatives + r")\s*\(|(?:target\s*=\s*|"
                             r"(?:submit|to_thread|apply_async)\(\s*|run_in_executor\("
                             r"[^,()]*,\s*)(?:[\w.]*\.)?(" + alternatives + r")\b") \
            if names else None
        # (searched only in text that names a retry: a word search at every place is slow)
        retried = re.compile(r"(?i:retry|retries|backoff)\w*\(\s*(?:[\w.]*\.)?(" +
                             alternatives + r")\b") if names else None
        kept[:] = [_CallNames(wrappers, names, pattern, retried)]
        return kept[0]

    def called(self, source: str) -> list[str]:
        """The wrapper names called in `source`, under their own names or the names an
        import gives them (`from .agents.triage import run as run_triage`)."""
        if self.pattern is None:
            return []
        found = {match.group(1) or match.group(2) for match in self.pattern.finditer(source)}
        if self.retried is not None and _NAMES_RETRY.search(source):
            found.update(match.group(1) for match in self.retried.finditer(source))
        for original, alias, assigned, value in _ALIASED.findall(source):
            original, alias = (original, alias) if original else (value, assigned)
            if original in self.wrappers and original not in found and \
                    re.search(r"(?<!def )\b" + re.escape(alias) + r"\s*\(", source):
                found.add(original)
        return sorted(found)


class PythonProject:
    """Parses and lowers the Python files of one run, each module at most once."""

    def __init__(self, root: Path, scope_of: Callable[[str], Scope], workspace, limits,
                 sources: tuple[tuple[str, Scope], ...] = (), sinks: tuple[str, ...] = (),
                 models: tuple = (), config_files: tuple[str, ...] = (),
                 other_files: tuple[str, ...] = ()) -> None:
        from ...models import all_models

        self.root = root.resolve()
        self.config_files = config_files  # settings a settings object may read prompts from
        self.other_files = other_files  # the run's files that are not Python (templates...)
        self.scope_of = scope_of
        self.workspace = workspace
        self.limits = limits
        self.sources = sources
        self.sinks = sinks
        self.models = all_models(models)  # the user's library models first
        # Models by the name a call ends in, so a call is compared with a few, not all.
        self.models_by_name: dict[str, list] = {}
        for index, model in enumerate(self.models):
            if model.lowering not in ("signature", "decorator", "docstring",
                                      "decorator-template"):
                for name in model.last_names():
                    self.models_by_name.setdefault(name, []).append((index, model))
        self.prefilter = prefilter(sinks, self.models)
        # The keywords through which models read a field of an options object (`options` of
        # `options.system_prompt`, `made.options.system_prompt`), with those models.
        self.option_keywords: dict[str, list] = {}
        for model in self.models:
            for spec, _ in model.arguments:
                for alternative in spec.split("|"):
                    parts = alternative.split(".")
                    parts = parts[1:] if parts[0] == "made" else parts
                    if len(parts) > 1 and model not in self.option_keywords.get(parts[0], ()):
                        self.option_keywords.setdefault(parts[0], []).append(model)
        self.modules: dict[str, object] = {}
        self.shed: set[str] = set()  # kept modules whose code ranges were dropped
        self._linker = None
        self.wrappers: dict[str, list[Wrapper]] = {}
        self.by_key: dict[tuple[str, int, int], Wrapper] = {}
        self._registered: dict[tuple[str, int], int] = {}  # wrappers a file and round made
        self.foreign = None  # wrappers other workers found (a worker's `ForeignWrappers`)
        self._marked: list = []  # wrappers marked called, in order (`mark_called`)
        self.wrapper_paths: set[str] = set()  # modules holding a wrapper (kept parsed)
        self._call_names: list = []  # the search of one round's wrapper names (`_CallNames`)
        # the functions constructions pass for a parameter of a class (`handed_functions`)
        self._handed: dict[tuple[str, str], frozenset[tuple[str, int]]] = {}
        self.lists: dict[str, list] = {}  # message lists not sent by a known sink, by file
        self.sent: set[tuple[str, int]] = set()  # lists a wrapper call sends
        # the sinks each call of a client reaches (`path:line` of the call), over the rounds
        self.reached: dict[str, list[tuple[str, int]]] = {}
        self.texts: dict[str, list] = {}  # prompt text with no sink in view, by file
        self.inferred: dict[str, list] = {}  # calls of code not in view with prompt keywords
        self._made_in: dict[str, tuple[str, ...]] | None = None  # see `constructions`
        self._called_in: dict[str, tuple[str, ...]] = {}  # see `_files_matching`
        self._folded_names: dict[Path, dict[str, list[str]]] = {}  # see `_listing`
        self._folded_paths: dict[str, str | None] = {}  # see `_folded`

    # -- modules -------------------------------------------------------------------------

    def module(self, path: str):
        """The indexed module at a project-relative path (InputError when unreadable)."""
        cached = self.modules.get(path)
        if isinstance(cached, InputError):
            raise cached
        if cached is not None:
            self.modules[path] = self.modules.pop(path)  # most recently used last
            self.shed.discard(path)  # recent again: its code ranges may be computed again
            return cached
        from .module import build_module
        import libcst

        checked: list[int] | SyntaxError | None = None
        try:
            source = self.workspace.read(path)
            checked = _check_nesting(source, path)
            lines = None if isinstance(checked, SyntaxError) else checked
            module = build_module(path, source, lines)
        except InputError as error:
            self.modules[path] = error
            raise
        except libcst.ParserSyntaxError as exc:
            if isinstance(checked, SyntaxError) and checked.lineno:  # CPython says it best
                error = InputError(f"Python syntax error: {checked.msg}", path, checked.lineno,
                                   max(1, checked.offset or 1))
            else:
                message = exc.message.split(": expected one of")[0].replace("parser error: ",
                                                                             "")
                error = InputError(f"Python syntax error: {message}", path, exc.raw_line)
            self.modules[path] = error
            raise error from None
        except RecursionError:
            error = InputError("Python file nests too deeply to analyze", path)
            self.modules[path] = error
            raise error from None
        self.modules[path] = module
        self.shed.discard(path)  # parsed again after it was dropped: its ranges are its own
        return module

    def release(self) -> None:
        """Drop the least recently used parsed modules beyond `KEPT_MODULES`, between two
        files (never while one is being lowered), so that memory does not grow with the
        repository: a dropped module is parsed again if it is needed again. Modules whose
        nodes outlive a file are kept: those holding a wrapper of a sink or message lists
        that a later wrapper call may send (both are known by node identity); they do not
        count against `KEPT_MODULES`, so that a module every file imports stays parsed even
        when many modules hold a client."""
        lists, inferred, pinned = self.lists, self.inferred, self.wrapper_paths
        # Only modules outside the pinned ones can be dropped: when no more of them are
        # parsed than are kept, none is, and the walk over every module (a thousand pinned
        # ones on a repository of clients, between each two files) is not made.
        if len(self.modules.keys() - pinned) > KEPT_MODULES:
            droppable = [p for p, m in self.modules.items()
                         if not isinstance(m, InputError) and p not in pinned
                         and not lists.get(p) and not inferred.get(p)]
            for path in droppable[:max(0, len(droppable) - KEPT_MODULES)]:
                del self.modules[path]
        # A pinned module past the recent ones keeps its tree and tables (nodes are known by
        # identity), not its code ranges: on 3,000 client modules they were ~100 MiB. The
        # modules are in the order of their last use, so those past the recent ones that are
        # not yet shed are just before them: the walk stops at the first one already shed.
        for path in itertools.islice(reversed(self.modules), KEPT_MODULES, None):
            if path in self.shed:
                break
            module = self.modules[path]
            if not isinstance(module, InputError):
                module.forget_positions()
            self.shed.add(path)

    def close(self) -> None:
        """Drop every parsed module and what holds their nodes (wrappers, deferred lists,
        texts), once every prompt of the run is built: the prompts hold values, not nodes,
        so measuring them need not keep a repository's trees (on 3,000 client modules,
        about a third of the peak). A module asked for afterwards is parsed again."""
        self.modules.clear()
        self.shed.clear()
        self.wrappers.clear()
        self.by_key.clear()
        self._marked.clear()
        self.wrapper_paths.clear()
        self.lists.clear()
        self.inferred.clear()
        self.texts.clear()
        self.reached.clear()
        self.sent.clear()

    def import_module(self, origin: str, importer: str):
        """The analyzed module an import refers to, or None when it is not in the project."""
        candidate = self.import_path(origin, importer)
        if candidate is None:
            return None
        try:
            return self.module(candidate)
        except InputError:
            return None

    def import_path(self, origin: str, importer: str) -> str | None:
        """The project-relative file an import refers to, or None when it is not in the
        project (the standard library, an installed package)."""
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
        candidates = [candidate.lstrip("/") for candidate in candidates]
        for candidate in candidates:
            if (self.root / candidate).is_file():
                return candidate
        # `import prompt_management` of `PROMPT_MANAGEMENT.py`: found on the case-insensitive
        # file systems of Windows and macOS, where such projects are written and run
        return next(filter(None, map(self._folded, candidates)), None)

    def _folded(self, candidate: str) -> str | None:
        """The project file a path names when its case is ignored, if one file alone
        matches it so; None otherwise. Read from each folder's listing, kept per run (most
        imports tried here are of installed packages, which end at the first folder)."""
        if candidate in self._folded_paths:
            return self._folded_paths[candidate]
        folder, found, result = self.root, [], None
        for part in candidate.split("/"):
            names = self._listing(folder).get(part.lower(), [])
            if part not in names:
                if len(names) != 1:
                    break
                part = names[0]
            folder = folder / part
            found.append(part)
        else:
            result = "/".join(found) if folder.is_file() else None
        self._folded_paths[candidate] = result
        return result

    def _listing(self, folder: Path) -> dict[str, list[str]]:
        """A folder's entries by their lower-case name (empty for a file or a missing
        folder), read once per run."""
        listing = self._folded_names.get(folder)
        if listing is None:
            try:
                names = sorted(os.listdir(folder))
            except OSError:
                names = []
            listing = self._folded_names[folder] = {}
            for name in names:
                listing.setdefault(name.lower(), []).append(name)
        return listing

    def imported_paths(self, path: str) -> list[str]:
        """The project modules a module imports, by path, in the order it names them
        (`from pkg import module` names a module too); [] when it cannot be read. Read from
        the text, not parsed: a module that mentions no sink is never parsed for this."""
        try:
            source = self.workspace.read(path)
        except InputError:
            return []
        found: list[str] = []
        for origin, names in module_imports(source):
            dotted = [origin] + [origin + name if origin.endswith(".") else f"{origin}.{name}"
                                 for name in names]
            for name in dotted:
                candidate = self.import_path(name, path)
                if candidate is not None and candidate != path and candidate not in found:
                    found.append(candidate)
        return found

    def context_modules(self, paths: Sequence[str], depth: int = CONTEXT_DEPTH,
                        limit: int = CONTEXT_MODULES) -> list[str]:
        """Project modules that the analyzed files import, `depth` imports deep, that are not
        analyzed themselves: read for the clients they define (a `check` of one changed
        file still knows that `gpt_query` in `src/gpt.py` sends what it is given), their own
        prompts not reported. At most `limit`, nearest first."""
        analyzed = set(paths)
        found: list[str] = []
        frontier = [p for p in paths if is_python(p)]
        for _ in range(depth):
            following: list[str] = []
            for path in frontier:
                for candidate in self.imported_paths(path):
                    if candidate in analyzed or candidate in found:
                        continue
                    if len(found) >= limit:
                        return found
                    found.append(candidate)
                    following.append(candidate)
            frontier = following
        return found

    # -- wrappers --------------------------------------------------------------------------

    def wrapper_of(self, finder, site, ctx) -> bool:
        """Whether a sink sends the messages its function was given (`def ask(messages):
        return client.chat.completions.create(..., messages=messages)`): then the function
        is a wrapper, and its prompts are built where it is called."""
        import libcst as cst

        keyword = next((k for k in ("messages", "input") if k in site.keywords), None)
        value = site.keywords.get(keyword) if keyword else None
        value_ctx = site.contexts.get(keyword, ctx)
        function = value_ctx.function if value_ctx is not None else None
        if isinstance(value, cst.Subscript) and isinstance(value.value, cst.Name) and \
                function is not None and isinstance(function.params.star_kwarg, cst.Param) \
                and function.params.star_kwarg.name.value == value.value.value:
            # `json=kwargs` of `def post(**kwargs)`: callers pass the messages by keyword
            return self._register(finder, function, site, [(keyword, -1)])
        if function is not None and _memory_of(finder, value, value_ctx):
            # `messages=messages or self._memory` of an agent whose methods add to it: the
            # calls of this method on the object send what the caller's method added
            return self._register(finder, function, site, [(MEMORY, -2)])
        if isinstance(value, cst.Name) and function is not None and \
                finder.lowerer.resolve(value.value, value_ctx) != "param":
            reshaped = _reshaped_param(finder, value, value_ctx)
            if reshaped is not value:  # the caller's messages, as the sink sends them
                value = reshaped
                site = dataclasses.replace(site, keywords={**site.keywords, keyword: value})
        if not isinstance(value, cst.Name) or function is None or \
                finder.lowerer.resolve(value.value, value_ctx) != "param":
            return False
        params = _parameters(finder.module, function)
        if value.value not in params:
            return False
        return self._register(finder, function, site, [(value.value, params[value.value])])

    def sends_memory(self, finder, ctx, argument, inner: Wrapper, call) -> bool:
        """Whether a call of a client passes the memory of the object its method runs on
        (`self.llm.generate(messages=self._memory)`, the memory a method of the object adds
        the request's turn to): then that method is a client of its object, its prompts
        built where the object's own methods call it."""
        function = _caller_outside(finder, ctx, inner)
        if function is None or not _memory_of(finder, argument, ctx):
            return False
        return self._register(finder, function, inner.site, [(MEMORY, -2)], inner, call)

    def passes_on(self, finder, ctx, argument, inner: Wrapper, call) -> bool:
        """Whether a call of a client passes the caller's own parameter on as the messages
        (`def call(self, messages, functions=None): ... self.completion(messages, tools=...)`,
        nothing of its own added): then the caller is a client of that client, its prompts
        built where it is called."""
        import libcst as cst

        function = _caller_outside(finder, ctx, inner)
        if function is None:
            return False
        if isinstance(argument, cst.Name) and finder.lowerer.resolve(argument.value, ctx) \
                != "param":
            argument = _reshaped_param(finder, argument, ctx)
        params = _parameters(finder.module, function)
        if not isinstance(argument, cst.Name) or argument.value not in params or \
                finder.lowerer.resolve(argument.value, ctx) != "param":
            return False
        return self._register(finder, function, inner.site,
                              [(argument.value, params[argument.value])], inner, call)

    def client_of(self, finder, site, ctx, built: list[tuple[Prompt, list]],
                  inner: Wrapper | None = None, call=None, kept: bool = True) -> bool:
        """Whether a sink's prompt is built from the parameters of the function it stands
        in, whatever they are called (`def complete(system, message)` that builds the
        messages and calls the SDK): then the function is the project's own client, a sink
        for its callers, and its prompts are built where it is called (measured alone when
        nothing calls it: `built`, the prompts as they stand, are kept for that unless
        `kept` is false, when they are no prompt on their own)."""
        function = ctx.function if ctx is not None else None
        if function is None or ctx.module.path != finder.module.path:
            return False
        import libcst as cst

        roots = _roots(built, finder.module.path) or \
            _passed_roots(built, finder.module.path, finder.module, function,
                          self._client_parameters(inner))
        # `return post_chat(system, message)`: a function that adds nothing of its own passes
        # its parameters straight on as the prompt's parameters of the next client, whose
        # holes stand in that client's module. Not a method: callers reach those through
        # objects, often where no call of them is in view, and its prompts would be lost.
        method = finder.module.owner.get(id(function)) is not None
        targets = dict(((inner.param, inner.index), *inner.others)) \
            if inner is not None and not method else {}

        def used_of(params: dict[str, int]) -> dict[str, int]:
            used = {root: params[root] for root in roots if root in params}
            for root in roots if not used else ():
                # `prompt = template.format(**values)`, the hole named by the local: the
                # parameter the local is made from
                left = _assigned_from(finder.module, function, root)
                if left in params:
                    used.setdefault(left, params[left])
            for position, arg in enumerate(getattr(call, "args", ()) if not used else ()):
                if arg.star or not isinstance(arg.value, cst.Name) or \
                        arg.value.value not in params:
                    continue
                lands = arg.keyword.value in targets if arg.keyword is not None else \
                    position in {i for i in targets.values() if i >= 0}
                if lands:
                    used.setdefault(arg.value.value, params[arg.value.value])
            return used

        used = used_of(_parameters(finder.module, function))
        body = None
        if function in finder.module.nested and getattr(site, "kind", "") != "inferred":
            # `def complete(self, prompt): @retry def _call(): ...create(...prompt...)`: the
            # inner function reads the outer one's parameters; the outer one is the client
            # (the inner one is called by code that is not a caller of the prompt's)
            outer = finder.module.enclosing_function(function)
            lifted = used_of(_parameters(finder.module, outer)) if outer is not None else {}
            if lifted:
                function, body, used = outer, function, lifted
        if not used or (inner is not None and any(w.function is function
                                                   for w in inner.chain())):
            return False  # nothing of its own, or a recursion
        return self._register(finder, function, site, list(used.items()), inner, call,
                              tuple(built) if kept else (), body)

    def _client_parameters(self, inner: Wrapper | None) -> dict[str, set[str]]:
        """The parameter names of the clients down a chain of them, by the path of each."""
        found: dict[str, set[str]] = {}
        for wrapper in inner.chain() if inner is not None else ():
            if wrapper.path.endswith(".py"):
                found.setdefault(wrapper.path, set()).update(
                    _parameters(self.module(wrapper.path), wrapper.function))
        return found

    def _register(self, finder, function, site, used: list[tuple[str, int]],
                  inner: Wrapper | None = None, call=None, alone: tuple = (),
                  body=None) -> bool:
        """Record a function as a wrapper of the sink at `site` (through `inner`, called at
        `call`, for a client of a client), called with `used` parameters (name, position
        among a caller's arguments; -1 keyword-only)."""
        (first, index), others = used[0], tuple(used[1:])
        method = finder.module.owner.get(id(function)) is not None
        path = finder.module.path
        found = inner.round + 1 if inner is not None else 0
        seq = self._registered.get((path, found), 0)
        self._registered[(path, found)] = seq + 1
        model = getattr(site, "model", None)
        wrapper = Wrapper(function.name.value, path, function, site, first,
                          index, method, others=others, inner=inner, call=call,
                          round=found, alone=alone, key=(path, found, seq),
                          function_key=(path, finder.module.pos(function)),
                          library=model.name if model is not None else site.kind,
                          body=body, registered_on=_registries(function),
                          delegates=_delegates(function, site))
        self.wrappers.setdefault(wrapper.name, []).append(wrapper)
        self.by_key[wrapper.key] = wrapper
        self.wrapper_paths.add(path)
        return True

    def wrappers_named(self, name: str, up_to: int) -> list:
        """The wrappers called `name` found in the rounds up to `up_to`, the same in one
        process and in a worker (where other workers' are stand-ins): never one found by
        the pass under way, whose files are read in an order workers do not share."""
        if self.foreign is not None:
            return self.foreign.named(name, up_to)
        return [w for w in self.wrappers.get(name, ()) if w.round <= up_to]

    def real_wrapper(self, wrapper):
        """The wrapper itself, with its nodes: one another worker found is made here (see
        `foreign.ForeignWrappers`) the first time a call of it is followed."""
        if isinstance(wrapper, Wrapper) or self.foreign is None:
            return wrapper
        return self.foreign.real(wrapper)

    def constructions(self, name: str) -> tuple[str, ...]:
        """The run's Python files that call `name(` for a capitalized name (a class made
        there), from one search of every file's text, made on first use: where the project
        makes the objects of a class whose constructor arguments a prompt reads."""
        if self._made_in is None:
            index: dict[str, list[str]] = {}
            for path in self.workspace.code:
                try:
                    source = self.workspace.read(path)
                except InputError:
                    continue
                for called in sorted(set(_CAPITALIZED_CALL.findall(source))):
                    index.setdefault(called, []).append(path)
            self._made_in = {k: tuple(v) for k, v in index.items()}
        return self._made_in.get(name, ())

    def handed_functions(self, class_name: str, parameter: str, positional: list[str],
                         lowerer) -> frozenset[tuple[str, int]]:
        """The project functions (by path and position) that constructions of a class pass
        for one parameter of its `__init__` (`StepbackCrawler(api=chatgpt)`, or by
        position), found once per class and parameter."""
        key = (class_name, parameter)
        found = self._handed.get(key)
        if found is not None:
            return found
        import libcst as cst

        from .interpreter import _calls_of_name
        from .messages import argument_of

        index = str(positional.index(parameter)) if parameter in positional else None
        keys: set[tuple[str, int]] = set()
        for module in self.construction_modules(class_name):
            for node in _calls_of_name(module, class_name):
                if not isinstance(node.func, cst.Name):
                    continue
                value = argument_of(node, parameter) or \
                    (argument_of(node, index) if index is not None else None)
                if not isinstance(value, cst.Name):
                    continue
                function = module.functions.get(value.value)
                if function is not None:
                    keys.add((module.path, module.pos(function)))
                    continue
                defined = lowerer.exported(module, value.value, "functions") \
                    if value.value in module.imports else None
                if defined is not None:
                    keys.add((defined[1].path, defined[1].pos(defined[0])))
        found = self._handed[key] = frozenset(keys)
        return found

    def calls_of(self, name: str) -> tuple[str, ...]:
        """The run's Python files whose text calls `name(` (or `module.name(`): where what
        a function returns is used."""
        return self._files_matching(r"(?<![\w])" + re.escape(name) + r"\s*\(")

    def uses_of(self, name: str) -> tuple[str, ...]:
        """The run's Python files whose text names `name` as a word: where a module's
        constant may be used."""
        return self._files_matching(r"(?<![\w.])" + re.escape(name) + r"(?!\w)")

    def _files_matching(self, pattern: str) -> tuple[str, ...]:
        """The run's Python files whose text `pattern` matches, searched once a run."""
        found = self._called_in.get(pattern)
        if found is None:
            compiled = re.compile(pattern)
            paths = []
            for path in self.workspace.code:
                try:
                    if compiled.search(self.workspace.read(path)):
                        paths.append(path)
                except InputError:
                    continue
            found = self._called_in[pattern] = tuple(paths)
        return found

    def state_modules(self, name: str) -> list:
        """The parsed modules that set `name` on an application's state (`app.state.llm =
        LLMClient(...)` in a FastAPI lifespan), where a route's `request.app.state.llm` is
        made; found by text, like `calls_of`."""
        return self._parsed(self._files_matching(
            r"\.state\.\s*" + re.escape(name) + r"\s*=(?!=)"))

    def construction_modules(self, name: str) -> list:
        """The parsed modules of `constructions(name)` (those that cannot be parsed left out)."""
        return self._parsed(self.constructions(name))

    def _parsed(self, paths) -> list:
        """The modules at `paths`, parsed, those that cannot be left out."""
        out = []
        for path in paths:
            try:
                out.append(self.module(path))
            except InputError:
                continue
        return out

    def wrapper_round(self, found_in: int) -> dict[str, list[Wrapper]]:
        """The wrappers a pass over the files follows: those found in pass `found_in` (the
        file pass finds round 0; calls of a round-k wrapper may find round k+1)."""
        chosen: dict[str, list[Wrapper]] = {}
        for name, group in self.wrappers.items():
            picked = [w for w in group if w.round == found_in]
            if picked:
                chosen[name] = picked
        return chosen

    def wrapper_prompts(self, path: str, wrappers: dict | None = None,
                        ) -> list[tuple[Prompt, list]]:
        """The prompts sent through the project's wrappers (those of one round, when given)
        from the calls in `path`."""
        wrappers = self.wrappers if wrappers is None else wrappers
        if not wrappers:
            return []
        source = self.workspace.read(path)
        # Only the wrappers this file can call: its own, methods (any receiver), and
        # functions of modules whose name it mentions (it has to import them); a call, not
        # the definition. The names called are found first, in one search of the text.
        called = _CallNames.of(wrappers, self._call_names).called(source)
        if any(w.path == path or module_name(w.path) in source
               for w in wrappers.get(CALL_METHOD, ())):
            called.append(CALL_METHOD)  # an object of its class may be called here
        if not any(any(w.path == path or w.method or module_name(w.path) in source or
                           any(r in source for r in w.registered_on)
                       for w in wrappers[name]) for name in called) and \
                not _keeps_callable(source):
            return []
        from .sinks import SinkFinder

        return SinkFinder(self, self.module(path), source).run_wrappers(wrappers)

    def remaining_lists(self) -> list[tuple[Prompt, list]]:
        """Lists of messages that no sink or wrapper call sends, and calls with prompt
        keywords into code not in view that are no call of a wrapper: each a prompt."""
        return [built for table in (self.lists, self.inferred) for path in sorted(table)
                for built in self.unsent(table, path)]

    def unsent(self, table: dict, path: str) -> list[tuple[Prompt, list]]:
        """The prompts of a file's lists of messages (`table` is `lists`) or inferred calls
        (`inferred`) that no sink or wrapper call sends. A list that is also prompt text
        with `{placeholders}` (a module's chat template, filled by code elsewhere) is left
        to that text, which has them as values, as is a list of constants alone that holds
        such text written above it (`[{"role": "system", "content": ORDER_PROMPT}]`
        registered with a prompt service, whose `{{current_order}}` its client fills)."""
        texts = self.texts.get(path, ()) if table is self.lists else ()
        templates = {c.prompt.id for c in texts}
        areas = [c.span for c in texts]

        def inside(place, area) -> bool:
            return place.path == path and \
                (area.line, area.column) <= (place.line, place.column) and \
                (place.end_line, place.end_column) <= (area.end_line, area.end_column)

        def holds_text(prompts: list) -> bool:
            # (the text as written, its placeholders unfilled: a list with no value at all)
            return any(p.id in templates or not p.holes and any(
                inside(place, area) for place in prompt_places(p) for area in areas)
                for p, _ in prompts)

        return [built for node_id, prompts in table.get(path, ())
                if (path, node_id) not in self.sent and not holds_text(prompts)
                for built in prompts]

    def remaining_texts(self, prompts: list[tuple[Prompt, list]]) -> list[tuple[Prompt, list]]:
        """Prompt text found without a sink that no prompt of the run sends (its text
        appears in none of them): each measured on its own."""
        if not any(self.texts.values()):
            return []
        ids, used, here = sent_places(prompts)
        # a constant that code fills by keyword (`RULES.format(k=v)`, found as prompt text
        # of its own where it is filled) is measured there, with the values passed
        found = [c for path in sorted(self.texts) for c in self.texts[path]]
        filled = {c.fills for c in found if c.fills}
        unsent = [c for c in found
                  if not text_sent(c, used, here) and not _sends_filled(c, prompts)]
        kept = []
        for candidate in unsent:
            if candidate.prompt.id not in ids and candidate.span not in filled:
                kept.append(candidate)
                ids.add(candidate.prompt.id)
        # (the places that call a text's function are named with the findings of its values
        # in its own file, whatever their lines)
        calls = self._calls_in_other_files(kept)
        reads = reads_in_other_files(kept, self.workspace.code, self.workspace.read, _is_call)
        out = []
        for c in kept:
            sites = calls.get((c.span.path, c.caller), []) + \
                reads.get((c.span.path, c.constant), [])
            out.append((dataclasses.replace(c.prompt, used_at=c.prompt.used_at + tuple(
                (1, _ANY_LINE, site) for site in sites)) if sites else c.prompt, []))
        return out

    def _calls_in_other_files(self, candidates: list) -> dict[tuple[str, str], list[Span]]:
        """Where other files of the run call the functions whose text was measured with no
        sink (`system = get_system_prompt(cwd)`): there the text is used, and what fills it
        is passed. A function is called by its name in a file that names its module (of
        functions several modules define, the one module it names); a method, `.name(` on
        any object, when one class of the texts defines it. Names called in more than a few
        places are common words and name no place."""
        callers: dict[str, set[str]] = {}
        for candidate in candidates:
            if candidate.caller:
                callers.setdefault(candidate.caller, set()).add(candidate.span.path)
        callers = {name: sorted(paths) for name, paths in callers.items()
                   if len(paths) == 1 or not name.startswith(".")}
        if not callers:
            return {}
        pattern = re.compile(r"(?:(\.)\s*|(?<![\w.]))(" + "|".join(
            map(re.escape, sorted({n.lstrip(".") for n in callers}, key=len, reverse=True)))
            + r")\s*\(")
        found: dict[tuple[str, str], list[Span]] = {}
        for path in self.workspace.code:
            try:
                source = self.workspace.read(path)
            except InputError:
                continue
            for match in pattern.finditer(source):
                name = (match.group(1) or "") + match.group(2)
                if name not in callers:  # `prompts.build(...)`: a function of a module
                    name = match.group(2)
                defined_in = callers.get(name, ())
                if name.startswith("."):
                    named = list(defined_in)
                else:
                    named = [d for d in defined_in if _names_module(source, d)]
                if len(named) != 1 or path in defined_in or not _is_call(source, match):
                    continue
                line = source.count("\n", 0, match.start(2)) + 1
                column = match.start(2) - source.rfind("\n", 0, match.start(2))
                found.setdefault((named[0], name), []).append(
                    Span(path, line, column, line, column))
        return {key: sites for key, sites in found.items() if len(sites) <= _MAX_CALLERS}

    def mark_called(self, *wrappers) -> None:
        """Mark wrappers as called (their alone prompts are then not measured), each noted
        until the file being read is done (see `undo_calls`)."""
        for wrapper in wrappers:
            if not wrapper.called:
                wrapper.called = True
                self._marked.append(wrapper)

    def calls_made(self) -> int:
        """Where the file about to be read starts in the list of wrappers marked called."""
        return len(self._marked)

    def undo_calls(self, since: int) -> None:
        """Forget the calls of wrappers marked since `since`: a file refused halfway through
        its round measured none of them, so each client stays measured alone."""
        for wrapper in self._marked[since:]:
            wrapper.called = False
        del self._marked[since:]

    def unused_wrappers(self) -> list[tuple[Prompt, list]]:
        """A wrapper nothing in the project calls is measured at its own sink."""
        out = []
        for name in sorted(self.wrappers):
            for wrapper in self.wrappers[name]:
                if not wrapper.called or self.handed(wrapper):
                    out.extend(self.alone_prompts(wrapper))
        return out

    def handed(self, wrapper: Wrapper) -> bool:
        """Whether code of the run hands a wrapper function on as a value, uncalled
        (`workflow.add_node("plan", planner.run)`, `gr.Interface(fn=answer)`): a framework
        then calls it with what its users send, so it is measured with its parameters
        unknown as well, not only as the calls in view (a script's constants) bind them.
        Under its module's name, or its own name in its file or in one that imports it."""
        if wrapper.method:
            return False
        module = module_name(wrapper.path)
        pattern = self._handed_pattern(wrapper.name)
        for path in self._files_matching(r"(?<![\w])" + re.escape(wrapper.name) + r"(?!\w)"):
            source = self.workspace.read(path)
            for match in pattern.finditer(source):
                qualifier = match.group(1)
                if qualifier is not None and qualifier != module:
                    continue
                if qualifier is None and path != wrapper.path and (not (
                        _names_module(source, wrapper.path) and
                        re.search(r"\bimport\b[^\n]*\b" + re.escape(wrapper.name) + r"\b",
                                  source)) or self._imports_another(source, path, wrapper)):
                    continue
                if _is_call(source, match):  # (in code: not a comment or a docstring)
                    return True
        return False

    def _imports_another(self, source: str, path: str, wrapper: Wrapper) -> bool:
        """Whether every `from X import ... name` of the file that imports a wrapper's name
        imports it from a project module other than the wrapper's (two `llm.py` modules, each
        with its own `chat`); an import not resolved in the project says nothing."""
        found = [self.import_path(origin, path) for origin in re.findall(
            r"^[ \t]*from[ \t]+([.\w]+)[ \t]+import[ \t]+[^\n]*\b" +
            re.escape(wrapper.name) + r"\b", source, re.MULTILINE)]
        return bool(found) and all(f is not None and f != wrapper.path for f in found)

    @staticmethod
    def _handed_pattern(name: str) -> re.Pattern:
        """A function name passed as an argument or a keyword's value, or listed, and not
        called: `(..., module.name)`, `fn=name,`, `[name]`."""
        return re.compile(r"(?:[(,\[]\s*|\w\s*=\s*)(?:(\w+)\.)?" + re.escape(name) +
                          r"\s*[,)\]]")

    def alone_prompts(self, wrapper: Wrapper) -> list[tuple[Prompt, list]]:
        """A wrapper's prompts as built at its own sink, its parameters unknown."""
        if wrapper.alone:
            return list(wrapper.alone)
        if wrapper.inner is not None:  # one that passes its messages on: the next one's
            return self.alone_prompts(wrapper.inner)
        from .sinks import SinkFinder

        module = self.module(wrapper.path)
        finder = SinkFinder(self, module, self.workspace.read(wrapper.path))
        return finder.build_alone(wrapper.site)

    def linker(self):
        """Links template files that Python code reads or renders (one per run)."""
        if self._linker is None:
            from .templates import TemplateLinker

            self._linker = TemplateLinker(self.root, self.workspace, self.limits.max_file_bytes,
                                          self.config_files, self.other_files)
        return self._linker

    # -- prompts -------------------------------------------------------------------------

    def prompts(self, path: str) -> list[tuple[Prompt, list]]:
        """Every prompt sent from `path`, each with its notes for rules PFX010–PFX013."""
        source = self.workspace.read(path)
        if not self.prefilter.search(source):
            return []
        module = self.module(path)
        from .sinks import SinkFinder

        finder = SinkFinder(self, module, source)
        return finder.run()


