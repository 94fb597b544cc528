"""A module of the project chosen by name at run time: `import_module(f".prompts_{lang}",
package="app.prompts")`, with `lang = os.getenv("PROMPT_LANGUAGE", "en")`. A prompt set per
language is a common layout; the code ships its default, so the module that name gives is
the one whose constants are sent unless a deployment sets the variable. Nothing is
imported: the module is parsed as any other module of the project."""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from .literals import literal_value
from .module import Module

if TYPE_CHECKING:
    from .interpreter import Lowerer
    from .values import Context

IMPORTERS = frozenset({"importlib.import_module"})
# Reads of the environment whose default is the text the code ships (`os.getenv(NAME, "en")`).
ENVIRONMENT_READS = frozenset({"os.getenv", "os.environ.get"})


def imported_module(lowerer: "Lowerer", node: cst.BaseExpression, ctx: "Context") -> Module | None:
    """The project module an expression holds when it is made by `import_module` with a
    name known here, or None."""
    found = lowerer.follow(node, ctx, attributes=True)
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
