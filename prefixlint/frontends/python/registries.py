"""Prompt files that code collects from a folder into a dict, then looks up by name.

A project often keeps one prompt per file and loads the folder whole, keyed by each file's
name: `{p.stem: p.read_text() for p in PROMPTS_DIR.glob("*.txt")}`, or a loop over
`os.listdir(folder)` storing `prompts[name[:-4]] = f.read()` in a dict a helper returns.
Code then reads `PROMPTS["summary"]`. Which file that is follows from the folder and the
key alone: the one file in the folder the key names (its name, or its name without the
suffix). Nothing is listed at analysis time but the project's own folder.
"""

from __future__ import annotations

import fnmatch
import posixpath
from dataclasses import replace
from typing import TYPE_CHECKING

import libcst as cst

from ..project_files import inside_root
from .literals import literal_value, walk_body

if TYPE_CHECKING:
    from .interpreter import Lowerer
    from .templates import TemplateLinker
    from .values import Context

# Methods and functions that list a folder: the folder is their receiver or first argument.
_FOLDER_METHODS = ("glob", "rglob", "iterdir")
_FOLDER_CALLS = ("os.listdir", "os.scandir")
_PATTERN_CALLS = ("glob.glob", "glob.iglob")
_WRAPPERS = ("sorted", "list", "tuple")
_HOPS = 4  # names, module attributes and helpers' returns followed to the dict


def registry_key(node: cst.BaseExpression) -> tuple[cst.BaseExpression, str] | None:
    """(the dict, the literal key) of `REGISTRY["name"]` or `REGISTRY.get("name")`."""
    if isinstance(node, cst.Subscript) and len(node.slice) == 1 and \
            isinstance(node.slice[0].slice, cst.Index):
        key = literal_value(node.slice[0].slice.value)
        base = node.value
    elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and \
            node.func.attr.value == "get" and node.args and node.args[0].keyword is None:
        key = literal_value(node.args[0].value)
        base = node.func.value
    else:
        return None
    if not isinstance(key, str) or not key or "/" in key or key.startswith("."):
        return None
    return base, key


def listed_file(linker: "TemplateLinker", lowerer: "Lowerer", node: cst.BaseExpression,
                ctx: "Context") -> str | None:
    """The project file `REGISTRY["name"]` holds when the dict is filled from a folder
    listing with what each file holds; None for any other lookup."""
    found = registry_key(node)
    if found is None:
        return None
    target, key = found
    at = ctx
    for _ in range(_HOPS):
        name = target.value if isinstance(target, cst.Name) else \
            target.attr.value if isinstance(target, cst.Attribute) else None
        held = lowerer.follow(target, at, attributes=True)
        if held is None or name is None:
            return None
        value, where = held
        if isinstance(value, cst.DictComp):
            return _named_file(linker, lowerer, value.for_in.iter, where, key) \
                if _reads(value.value) else None
        home = where.function if where.function is not None else where.module.tree
        loop = where.module.memo("filling loops", home, lambda: _filling_loops(home)).get(name)
        if loop is not None:
            inside = replace(where, line=where.module.pos(loop))
            return _named_file(linker, lowerer, loop.iter, inside, key)
        if not isinstance(value, cst.Call):
            return None
        returned = lowerer.last_return(value, where, bound=False)  # `load_prompts()`
        if returned is None:
            return None
        target, at = returned
    return None


def _named_file(linker: "TemplateLinker", lowerer: "Lowerer", listing: cst.BaseExpression,
                ctx: "Context", key: str) -> str | None:
    """The one file of the folder `listing` lists whose name, or name without its suffix,
    is `key` (and that the listing's pattern matches)."""
    for _ in range(3):  # `sorted(folder.glob("*.md"))`
        if isinstance(listing, cst.Call) and isinstance(listing.func, cst.Name) and \
                listing.func.value in _WRAPPERS and listing.args:
            listing = listing.args[0].value
    if not isinstance(listing, cst.Call):
        return None
    args = [a.value for a in listing.args if a.keyword is None and not a.star]
    qualified = ctx.module.qualname(listing.func) or ""
    pattern = None
    if isinstance(listing.func, cst.Attribute) and listing.func.attr.value in _FOLDER_METHODS:
        folder = linker.folder(lowerer, listing.func.value, ctx)
        pattern = literal_value(args[0]) if args else None
    elif qualified in _FOLDER_CALLS:
        folder = linker.folder(lowerer, args[0], ctx) if args else None
    elif qualified in _PATTERN_CALLS and args:
        spelled = linker.folder(lowerer, args[0], ctx, pattern=True)
        folder, pattern = (posixpath.dirname(spelled), posixpath.basename(spelled)) \
            if spelled else (None, None)
    else:
        return None
    base = inside_root(linker.root, folder) if folder is not None else None
    if base is None or not base.is_dir():
        return None
    matches = sorted(entry.name for entry in base.iterdir()
                     if (entry.name == key or entry.name.startswith(key + "."))
                     and (not isinstance(pattern, str) or fnmatch.fnmatchcase(entry.name,
                                                                              pattern))
                     and entry.is_file())
    return posixpath.join(folder, matches[0]) if len(matches) == 1 else None


def _filling_loops(home: cst.CSTNode) -> dict[str, cst.For]:
    """The first loop of a function (or module) that stores what it reads in each dict
    (`prompts[key] = f.read()`, `self.prompts[path.stem] = path.read_text()`), by the
    dict's name."""
    found: dict[str, cst.For] = {}
    for loop in walk_body(home.body if isinstance(home, cst.FunctionDef) else home):
        if not isinstance(loop, cst.For):
            continue
        for node in walk_body(loop.body):
            if isinstance(node, cst.Assign) and _reads(node.value):
                for target in node.targets:
                    stored = target.target.value \
                        if isinstance(target.target, cst.Subscript) else None
                    name = stored.value if isinstance(stored, cst.Name) else \
                        stored.attr.value if isinstance(stored, cst.Attribute) else None
                    if name is not None:
                        found.setdefault(name, loop)
    return found


def _reads(node: cst.BaseExpression) -> bool:
    """Whether an expression reads a file (`p.read_text()`, `open(p).read()`,
    `load_file(p)`): anything that calls, rather than a literal or a name."""
    return isinstance(node, (cst.Call, cst.Await))
