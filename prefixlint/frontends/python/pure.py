"""Whether a project function computes what it returns from the module's constant data alone.

`def entity_examples(): return "\\n".join(f"- {k} -> {v}" for k, v in ENTITY_MAP.items())`
reads nothing but a table written in the code: whatever text it makes is the same on every
request of a deployment, even where the interpreter cannot spell it out (a zip of two lists,
a slice, a loop that extends a list). A function is such when it takes no argument from its
call, and every name it reads is its own local, a constant of its module (a literal, or a
container of literals) or a builtin that only computes; every call it makes is such a
builtin or a method that only reads or builds values; and it awaits, yields and reads no
clock, file, environment or global state.
"""

from __future__ import annotations

import itertools

import libcst as cst

from .literals import literal_value, walk_body
from .module import Module

# Builtins that compute from their arguments only.
_BUILTINS = frozenset({
    "zip", "len", "sorted", "reversed", "list", "dict", "set", "tuple", "frozenset", "str",
    "int", "float", "bool", "enumerate", "range", "min", "max", "sum", "any", "all", "map",
    "filter", "isinstance", "abs", "round", "repr", "True", "False", "None"})
# Methods that read or build values (of strings, lists and dicts), touching nothing else.
_METHODS = frozenset({
    "items", "keys", "values", "get", "join", "split", "strip", "lstrip", "rstrip", "lower",
    "upper", "title", "capitalize", "replace", "format", "startswith", "endswith", "append",
    "extend", "insert", "copy", "count", "index", "splitlines", "setdefault", "update"})
# Methods that change a list, dict or set in place.
CHANGING = frozenset({"append", "extend", "insert", "update", "setdefault", "pop", "popitem",
                       "clear", "remove", "add", "discard", "sort", "reverse"})
# At most this many nodes in a function looked at.
_MAX_NODES = 2_000


def reads_constants_only(function: cst.FunctionDef, module: Module, call: cst.Call) -> bool:
    """Whether `function`, called by `call` with no arguments, makes its result from its
    module's constant data alone (see the module doc)."""
    if call.args or function.asynchronous is not None:
        return False
    params = function.params
    if params.star_arg not in (None, cst.MaybeSentinel.DEFAULT) or params.star_kwarg or \
            params.kwonly_params or params.posonly_params or \
            any(p.default is None for p in params.params):
        return False
    return bool(module.memo("constants-only", function, lambda: _pure(function, module)))


def _pure(function: cst.FunctionDef, module: Module) -> bool:
    """The test of the module doc on the function's body, at most `_MAX_NODES` of it."""
    nodes = list(itertools.islice(walk_body(function.body), _MAX_NODES + 1))
    if len(nodes) > _MAX_NODES:
        return False
    local = {p.name.value for p in function.params.params}
    for node in nodes:
        if isinstance(node, (cst.Await, cst.Yield, cst.Global, cst.Nonlocal, cst.With,
                             cst.Try)) or any(
                isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda))
                for child in node.children):
            return False  # (a lambda or a function inside is not looked into)
        if isinstance(node, (cst.AssignTarget, cst.CompFor, cst.For)):
            target = node.target
            local.update(n.value for n in _names(target))
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign)):
            local.update(n.value for n in _names(node.target))
    constants = _constants(module)
    for node in nodes:
        if isinstance(node, cst.Call):
            func = node.func
            if isinstance(func, cst.Name):
                if func.value not in _BUILTINS or func.value in local or \
                        func.value in module.functions or func.value in module.imports:
                    return False
            elif not (isinstance(func, cst.Attribute) and func.attr.value in _METHODS):
                return False
        elif isinstance(node, cst.Attribute):
            if not isinstance(node.value, (cst.Name, cst.Call, cst.Subscript, cst.Attribute,
                                           cst.SimpleString, cst.ConcatenatedString)):
                return False
    for name in _read_names(nodes):
        if name not in local and name not in constants and name not in _BUILTINS:
            return False
    return True


def _names(target: cst.CSTNode) -> list[cst.Name]:
    """The names a target binds (`k, v`, `[a, b]`)."""
    if isinstance(target, cst.Name):
        return [target]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in _names(e.value)]
    return []


def _read_names(nodes: list[cst.CSTNode]) -> set[str]:
    """The bare names the nodes read (not attribute names, keywords or targets)."""
    skip: set[int] = set()
    for node in nodes:
        if isinstance(node, cst.Attribute):
            skip.add(id(node.attr))
        elif isinstance(node, cst.Arg) and node.keyword is not None:
            skip.add(id(node.keyword))
    return {n.value for n in nodes if isinstance(n, cst.Name) and id(n) not in skip}


def _constants(module: Module) -> frozenset[str]:
    """The module's names bound only to literal data at its top level, and changed nowhere
    in it (`LEARNED = {}` that a function updates is the state of the process)."""
    def compute() -> frozenset[str]:
        seen: dict[str, bool] = {}
        for binding in module.bindings.get(0, []):
            ok = binding.op == "=" and _literal(binding.value)
            seen[binding.name] = seen.get(binding.name, True) and ok
        return frozenset(name for name, ok in seen.items() if ok) - _changed(module)
    return module.memo("constant-names", module.tree, compute)


def _changed(module: Module) -> set[str]:
    """Names the module changes in place or declares global somewhere: `NAME.append(x)`,
    `NAME[key] = x`, `del NAME[key]`, `global NAME`."""
    out: set[str] = set()
    for node in module.nodes:
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and \
                node.func.attr.value in CHANGING and isinstance(node.func.value, cst.Name):
            out.add(node.func.value.value)
        elif isinstance(node, (cst.AssignTarget, cst.AugAssign, cst.Del)) and \
                isinstance(node.target, cst.Subscript) and \
                isinstance(node.target.value, cst.Name):
            out.add(node.target.value.value)
        elif isinstance(node, cst.Global):
            out.update(item.name.value for item in node.names)
    return out


def _literal(node: cst.BaseExpression | None, depth: int = 0) -> bool:
    """A literal, or a list, tuple, set or dict of literals (nested up to 8 deep)."""
    if node is None or depth > 8:
        return False
    if literal_value(node) is not None or isinstance(node, cst.Name) and node.value == "None":
        return True
    if isinstance(node, (cst.List, cst.Tuple, cst.Set)):
        return all(not isinstance(e, cst.StarredElement) and _literal(e.value, depth + 1)
                   for e in node.elements)
    if isinstance(node, cst.Dict):
        return all(isinstance(e, cst.DictElement) and _literal(e.key, depth + 1) and
                   _literal(e.value, depth + 1) for e in node.elements)
    return False
