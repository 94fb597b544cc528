"""Prompt text that Python code reads from a configuration file it loads: `CONFIG =
yaml.safe_load(open("config.yaml"))`, then `CONFIG["system_prompt"]` or
`CONFIG.get("bot", {}).get("persona")`. The value is the file's text, each line keeping its
place in the file, so that a finding (a `{time}` the code fills, a value before the history)
points into the configuration, where it is fixed. Placeholders stay text: the code that
fills them (`.format`, `.replace`) says what goes in. Nothing is loaded or run: the file is
parsed as YAML (JSON is YAML too)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import libcst as cst

from ...ir import Scope, Span, Text
from ..prompt_config import KEY_HINT, OWN_PROMPT, yaml_strings
from .literals import dotted_name, literal_value
from .module import Module
from .values import Context

if TYPE_CHECKING:
    from .interpreter import Lowerer

LOADERS = frozenset({"yaml.safe_load", "yaml.load", "yaml.full_load", "yaml.unsafe_load",
                     "json.load", "json.loads"})
THREADS = frozenset({"asyncio.to_thread"})  # `await asyncio.to_thread(load_config)`
# The keys whose values are followed to a loader: ones that say they hold prompt text, as
# the configuration frontend reads them, and message or context text.
PROMPT_KEY = re.compile(KEY_HINT.pattern + r"|message|context", re.IGNORECASE)
MAX_DEPTH = 6


def config_text(lowerer: "Lowerer", node: cst.BaseExpression, ctx: "Context") -> list | None:
    """The text a `doc["key"]` / `doc.get("key")` chain reads from a configuration file the
    code loads, or None when it is not one."""
    keys: list[str] = []
    current = node
    while True:
        if isinstance(current, cst.Subscript) and len(current.slice) == 1 and \
                isinstance(current.slice[0].slice, cst.Index):
            key = _key(lowerer, current.slice[0].slice.value, ctx)
            current = current.value
        elif isinstance(current, cst.Call) and isinstance(current.func, cst.Attribute) and \
                current.func.attr.value == "get" and current.args:
            key = _key(lowerer, current.args[0].value, ctx)
            current = current.func.value
        else:
            break
        if not isinstance(key, str):
            return None
        keys.insert(0, key)
    # Only a chain that says it holds prompt text is followed to a loader (following every
    # `.get("x")` of a project into the functions that made its dict costs parses): its
    # last key, or a document named for prompts (`_prompts["validation"]["quick"]`).
    if not keys or lowerer.linker is None or not (
            PROMPT_KEY.search(keys[-1]) or OWN_PROMPT.search(dotted_name(current) or "")):
        return None
    path = _loaded(lowerer, current, ctx, 0)
    if path == "":  # a document a loader reads from a file named at run time
        found = lowerer.linker.keyed_value(tuple(keys), whole=True)
        if found is None:
            return None
        path, source, value = found
        lowerer.files.add(path)
        return _lines(path, source, value)
    if path is None:
        return _settings_entry(lowerer, current, keys)
    try:
        source = lowerer.linker.workspace.read(path)
    except Exception:  # noqa: BLE001 - an unreadable file is simply not linked
        return None
    value = next((v for v in yaml_strings(source) if v.keys == tuple(keys)), None)
    if value is None:
        return None
    lowerer.files.add(path)
    return _lines(path, source, value)


def loaded_document(lowerer: "Lowerer", node: cst.BaseExpression, ctx: "Context") -> str | None:
    """The project file a document an expression holds is loaded from (`yaml.safe_load(f)`,
    through names and helpers); "" for a file named at run time; None for anything else."""
    return _loaded(lowerer, node, ctx, 0) if lowerer.linker is not None else None


# The value path of a document the project ships (`config/taxonomy.json@shipped`): what is
# read from it is the deployment's.
SHIPPED = "@shipped"


def shipped_document(lowerer: "Lowerer", node: cst.Call, ctx: "Context") -> str | None:
    """The project file a loader call (or a project function returning what one loads)
    reads, when the project ships it and the module that loads it never opens it to write:
    data the deployment carries (a taxonomy, a table of characters), the same on every
    request. None for anything else (a file named at run time, a store the program keeps
    writing)."""
    if lowerer.linker is None:
        return None
    if ctx.module.qualname(node.func) not in LOADERS:
        returned = lowerer.last_return(node, ctx, bound=False)
        if returned is None or id(returned[1].function) not in _loading(returned[1].module):
            return None  # (most calls are not to a helper that loads a document)
    path = _loaded(lowerer, node, ctx, 0)
    return path if path and path not in _written(lowerer, ctx.module) else None


def _loading(module: Module) -> frozenset[int]:
    """The ids of a module's functions whose own body calls a loader (`json.load(f)`),
    found once per module."""
    def found() -> frozenset[int]:
        return frozenset(id(module.enclosing_function(call)) for call in module.nodes
                         if isinstance(call, cst.Call) and module.qualname(call.func) in LOADERS)
    return module.memo("loading functions", module, found)


def _written(lowerer: "Lowerer", module: Module) -> frozenset[str]:
    """The project files a module opens to write (`open(path, "w")`, append or update),
    found once per module; none while they are being found (a log's folder named after an
    agent whose name is read from a document the module loads asks again)."""
    def found() -> frozenset[str]:
        out = set()
        for call in module.nodes:
            if isinstance(call, cst.Call) and len(call.args) >= 2 and \
                    module.qualname(call.func) in ("builtins.open", "io.open", "codecs.open") \
                    and any(c in (literal_value(call.args[1].value) or "r") for c in "wax+"):
                at = Context(module, module.enclosing_function(call), module.pos(call))
                out.add(lowerer.linker.path(lowerer, call.args[0].value, at))
        return frozenset(out - {None})
    return module.memo("files written", module, found, frozenset())


def document_entry(lowerer: "Lowerer", mapping: cst.BaseExpression, key: str,
                   ctx: "Context", path: str | None) -> tuple[cst.BaseExpression, "Context"] | None:
    """`mapping[key]`, as a node placed at `mapping`, when `mapping` is a document the code
    loads from the project file `path` (as `loaded_document` finds it) and the key says it
    holds prompt text: what a model class made with `Prompts(**yaml.safe_load(f))` holds in
    its field `key` (read from the file by `config_text`). None otherwise (a file named at
    run time, a user's settings written from the class's defaults, leaves them standing)."""
    if not path or not PROMPT_KEY.search(key):
        return None
    entry = cst.Subscript(value=mapping, slice=[
        cst.SubscriptElement(cst.Index(cst.SimpleString(repr(key))))])
    return ctx.module.made(entry, mapping), ctx


def _key(lowerer: "Lowerer", node: cst.BaseExpression, ctx: "Context") -> object | None:
    """A key as written (`["template"]`), or the constant a helper's parameter is bound to
    at the call (`self.prompts[group][name]` of `get_prompt("coach", "reply")`), or that an
    attribute holds (`self.prompts[self.strategy]["user"]`, `self.strategy = "strict"`)."""
    key = literal_value(node)
    if key is None and isinstance(node, (cst.Name, cst.Attribute)):
        found = lowerer.follow(node, ctx, attributes=True)
        key = literal_value(found[0]) if found is not None else None
    return key


def _settings_entry(lowerer: "Lowerer", root: cst.BaseExpression, keys: list[str]) -> list | None:
    """`config["General"]["prompt_epilogue"]` where the loader of `config` is not in view
    (the dict came through constructors and callers from a settings class): the one
    configuration file of the run holding a string at that key path, read only when the
    dict is named as settings (`config`, `self.settings`; a request's `body[...]` is not)
    and at least two keys locate the entry."""
    if len(keys) < 2 or not isinstance(root, (cst.Name, cst.Attribute)) or \
            lowerer.scope_of(dotted_name(root)) is not Scope.DEPLOY:
        return None
    found = lowerer.linker.keyed_value(tuple(keys[-4:]))
    if found is None:
        return None
    path, source, value = found
    lowerer.files.add(path)
    return _lines(path, source, value)


def settings_text(lowerer: "Lowerer", node: cst.Attribute) -> list | None:
    """The text `get_settings().review_prompt.system` or `settings.prompts.system` reads
    from a settings object whose loader is not in view (Dynaconf, OmegaConf, Hydra and the
    like read TOML and YAML files into attributes): the one configuration file of the run
    holding a string at that key path, when a key says it is prompt text. None otherwise."""
    keys: list[str] = []
    current: cst.BaseExpression = node
    while isinstance(current, cst.Attribute):
        keys.insert(0, current.attr.value)
        current = current.value
    if len(keys) < 2 or lowerer.linker is None or not any(PROMPT_KEY.search(k) for k in keys):
        return None
    found = lowerer.linker.settings_value(tuple(keys[-4:]))
    if found is None and PROMPT_KEY.search(keys[-2]):
        # `self.prompts.planner_user`: an object holding prompts by name, read from a file
        # whose top level names them (a loader that sets attributes from its keys)
        found = lowerer.linker.top_value(keys[-1])
    if found is None:
        return None
    path, source, value = found
    lowerer.files.add(path)
    return _lines(path, source, value)


def _loaded(lowerer: "Lowerer", node: cst.BaseExpression, ctx: "Context",
            depth: int) -> str | None:
    """The project file a loader call reads, following names, awaits, functions that
    return the loaded document and `asyncio.to_thread(load)`; "" for a loader whose file is
    named at run time (`os.path.join(os.environ[...], "prompt.yaml")`)."""
    if depth > MAX_DEPTH:
        return None
    found = lowerer.follow(node, ctx, attributes=True)
    if found is None:
        return None
    node, ctx = found
    if isinstance(node, cst.Await):
        return _loaded(lowerer, node.expression, ctx, depth + 1)
    if not isinstance(node, cst.Call):
        return None
    name = ctx.module.qualname(node.func) or ""
    if name in LOADERS and node.args:
        return _read(lowerer, node.args[0].value, ctx) or ""
    if name in THREADS and node.args:
        function = node.args[0].value
        call = ctx.module.made(cst.Call(func=function, args=node.args[1:]), node)
        returned = lowerer.last_return(call, ctx)
        return _loaded(lowerer, returned[0], returned[1], depth + 1) if returned else None
    returned = lowerer.last_return(node, ctx)
    found = _loaded(lowerer, returned[0], returned[1], depth + 1) if returned else None
    for argument in node.args if found is None else ():
        # `resolve_env(yaml.safe_load(f))`, `merge(defaults, overrides)`: a helper that
        # passes documents through (their keys are looked up in the file, so one that does
        # not keep them links nothing); the first argument a loader reads
        if argument.keyword is None and not argument.star:
            found = _loaded(lowerer, argument.value, ctx, depth + 1)
            if found is not None:
                break
    return found


def _read(lowerer: "Lowerer", argument: cst.BaseExpression, ctx: "Context") -> str | None:
    """The file a loader's argument reads: an open file, `open(p).read()`, `Path(p).read_text()`."""
    linker = lowerer.linker
    path = linker.opened(lowerer, argument, ctx)
    if path is not None:
        return path
    if isinstance(argument, cst.Call) and isinstance(argument.func, cst.Attribute):
        if argument.func.attr.value == "read_text":
            return linker.path(lowerer, argument.func.value, ctx)
        if argument.func.attr.value == "read":
            return linker.opened(lowerer, argument.func.value, ctx)
    return None


def _lines(path: str, source: str, value) -> list:
    """The value's text, a segment per line, each at its place in the file (a block scalar
    drops the indentation, so lines are found in order from where the value starts)."""
    out = []
    cursor = value.offset
    lines = value.text.split("\n")
    for index, line in enumerate(lines):
        tail = "\n" if index < len(lines) - 1 else ""
        if not line:
            if tail:
                out.append(Text(tail, None))
            continue
        found = source.find(line, cursor)
        span = None
        if found >= 0:
            cursor = found + len(line)
            number = source.count("\n", 0, found) + 1
            column = found - (source.rfind("\n", 0, found) + 1) + 1
            span = Span(path, number, column, number, column + len(line))
        out.append(Text(line + tail, span))
    return out
