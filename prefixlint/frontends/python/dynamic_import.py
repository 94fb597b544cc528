"""A module of the project chosen by name at run time: `import_module(f".prompts_{lang}",
package="app.prompts")`, with `lang = os.getenv("PROMPT_LANGUAGE", "en")`. A prompt set per
language is a common layout; the code ships its default, so the module that name gives is
the one whose constants are sent unless a deployment sets the variable. Nothing is
imported: the module is parsed as any other module of the project."""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from .literals import literal_value, looked_up_in
from .module import Module
from .values import ModuleRef

if TYPE_CHECKING:
    from .interpreter import Lowerer
    from .values import Context

IMPORTERS = frozenset({"importlib.import_module"})
# Reads of the environment whose default is the text the code ships (`os.getenv(NAME, "en")`).
ENVIRONMENT_READS = frozenset({"os.getenv", "os.environ.get"})


def imported_module(lowerer: "Lowerer", node: cst.BaseExpression, ctx: "Context",
                    followed: object = False) -> Module | None:
    """The project module an expression holds when it is made by `import_module` with a
    name known here, picked from a table of the project's modules, or a name given one
    (`prompts = fr`); None otherwise. `followed` is what following `node` gives, when the
    caller has it already."""
    held, at = node, ctx
    for _ in range(4):  # (a name is resolved here: following it would read a known key's
        # entry, which is a module and no node)
        table = looked_up_in(held)
        if table is not None:  # `PROMPTS[lang]` of `PROMPTS = {"en": en, "fr": fr}`
            return _table_module(lowerer, held, table, at)
        target = lowerer.resolve(held.value, at) if isinstance(held, cst.Name) else None
        if isinstance(target, ModuleRef) and held is not node:  # `prompts = fr`, `prompts.X`
            lowerer.files.add(target.module.path)
            return target.module
        if not isinstance(target, tuple):
            break
        held, at = target
    found = lowerer.follow(node, ctx, attributes=True) if followed is False else followed
    if found is None:
        return None
    call, at = found
    if not isinstance(call, cst.Call) or not call.args or \
            at.module.qualname(call.func) not in IMPORTERS:
        return None
    name = default_text(lowerer, call.args[0].value, at)
    package = next((literal_value(a.value) for a in call.args[1:]
                    if a.keyword is None or a.keyword.value == "package"), None)
    if not isinstance(name, str) or not name.strip("."):
        return None
    if name.startswith("."):
        if not isinstance(package, str):
            return None
        dots = len(name) - len(name.lstrip("."))
        parts = package.split(".")
        if dots > len(parts):
            return None
        name = ".".join(parts[:len(parts) - dots + 1] + [name[dots:]])
    module = lowerer.load_module(name, at.module.path)
    if module is not None:
        lowerer.files.add(module.path)
    return module


def _table_module(lowerer: "Lowerer", lookup: cst.BaseExpression, table: cst.BaseExpression,
                  ctx: "Context") -> Module | None:
    """The module a lookup picks from a dict of the project's modules, one per language or
    provider (`PROMPTS[lang]`, `PROMPTS.get(lang)`): the entry its key names when the key is
    a constant, else the first (each module holds its own version of the same prompts, and
    each version's prefix is cached on its own). None unless every entry is a module."""
    held = lowerer.follow(table, ctx, attributes=True)
    if held is None or not isinstance(held[0], cst.Dict) or not held[0].elements:
        return None
    key_node = lookup.slice[0].slice.value if isinstance(lookup, cst.Subscript) and \
        isinstance(lookup.slice[0].slice, cst.Index) else \
        lookup.args[0].value if isinstance(lookup, cst.Call) else None
    key = default_text(lowerer, key_node, ctx) if key_node is not None else None
    modules = []
    for element in held[0].elements:
        if not isinstance(element, cst.DictElement) or not isinstance(element.value, cst.Name):
            return None
        target = lowerer.resolve(element.value.value, held[1])
        if not isinstance(target, ModuleRef):
            return None
        modules.append((literal_value(element.key), target.module))
    module = next((m for k, m in modules if k == key), modules[0][1])
    lowerer.files.add(module.path)
    return module


def default_text(lowerer: "Lowerer", node: cst.BaseExpression, ctx: "Context",
                 depth: int = 0) -> str | None:
    """The text an expression holds when the run gives it nothing: a literal, an f-string
    of such parts, or the default of an environment read (`os.getenv("LANG", "en")`)."""
    value = literal_value(node)
    if isinstance(value, str):
        return value
    if depth > 4:
        return None
    if isinstance(node, cst.FormattedString):
        out = []
        for part in node.parts:
            if isinstance(part, cst.FormattedStringText):
                out.append(part.value)
            elif isinstance(part, cst.FormattedStringExpression) and part.format_spec is None \
                    and part.conversion is None:
                text = default_text(lowerer, part.expression, ctx, depth + 1)
                if text is None:
                    return None
                out.append(text)
            else:
                return None
        return "".join(out)
    found = lowerer.follow(node, ctx, attributes=True)
    if found is None or found[0] is node:
        return None
    held, at = found
    if isinstance(held, cst.Call) and at.module.qualname(held.func) in ENVIRONMENT_READS:
        default = held.args[1].value if len(held.args) > 1 else None
        return default_text(lowerer, default, at, depth + 1) if default is not None else None
    return default_text(lowerer, held, at, depth + 1)
