"""What a CrewAI crew's `{placeholders}` are filled with: the `inputs` its `kickoff` calls
pass. A crew's `agents.yaml` and `tasks.yaml` name placeholders whose values only the code
that starts the crew gives (`crew().kickoff(inputs={"topic": ...})`); a placeholder that every
such call fills with a constant (a literal, an environment setting, a flow state's field
whose default is one and that nothing assigns) is the same on every request, however its
name reads. The calls are read with `ast`, never run; a call whose inputs are not in view
leaves the crew's placeholders as their names say."""

from __future__ import annotations

import ast
import posixpath
import re
from dataclasses import dataclass
from typing import Callable, Sequence

from .project_files import readable_texts

_KICKOFF = re.compile(r"\.kickoff(?:_async|_for_each|_for_each_async)?\s*\(")
# A crew class's configuration files (CrewBase's defaults when the class names none).
_CONFIG = re.compile(r"^\s+(agents|tasks)_config\s*(?::[^=\n]*)?=\s*[\"']([^\"']+)[\"']",
                     re.MULTILINE)
_DEFAULT_CONFIG = {"agents": "config/agents.yaml", "tasks": "config/tasks.yaml"}
_ENVIRONMENT = frozenset({"getenv", "get_env", "environ"})
_CASTS = frozenset({"int", "str", "float", "bool"})
MAX_FILES = 64  # files with a kickoff call read, at most


@dataclass(frozen=True)
class _Site:
    """One kickoff call: the crew class it starts (when the code says), and whether its
    inputs give each key a constant (None when the inputs are not in view)."""

    crew: str | None
    inputs: dict[str, bool] | None


@dataclass(frozen=True)
class Fills:
    """A crew file's placeholders by what its kickoffs give them: a constant at every
    kickoff (`constant`), or at some kickoff a value the code computes (`varying`: a
    crew is kicked off once per request, so such a value is that request's)."""

    constant: frozenset[str] = frozenset()
    varying: frozenset[str] = frozenset()

    def __bool__(self) -> bool:
        """Whether the kickoffs fill any placeholder at all."""
        return bool(self.constant or self.varying)


def kickoff_fills(python: Sequence[str], read: Callable[[str], str],
                  ) -> Callable[[str], Fills]:
    """For a crew configuration file, what the kickoffs of its crew (or, for calls whose
    crew is not known, every kickoff of the run) fill its placeholders with."""
    texts: dict[str, str] = {}
    for path, text in readable_texts(python, read):
        if _KICKOFF.search(text):
            texts[path] = text
            if len(texts) >= MAX_FILES:
                break
    if not texts:
        return lambda name: Fills()
    fields = _FieldDefaults(python, read)
    sites = [site for path, text in sorted(texts.items()) for site in _sites(text, fields)]
    crews = _crew_files(python, read, {s.crew for s in sites if s.crew})

    def fills(name: str) -> Fills:
        mine = [s for s in sites if s.crew is None or name in crews.get(s.crew, ())]
        if not mine or any(s.inputs is None for s in mine):
            return Fills()
        given = {key for site in mine for key in site.inputs}
        constant = frozenset(key for key in given
                             if all(site.inputs.get(key, True) for site in mine))
        return Fills(constant, frozenset(given) - constant)

    return fills


def _crew_files(python: Sequence[str], read: Callable[[str], str],
                names: set[str]) -> dict[str, tuple[str, ...]]:
    """The configuration files of each named crew class: its `agents_config` and
    `tasks_config`, relative to its module's folder."""
    if not names:
        return {}
    pattern = re.compile(r"^class\s+(" + "|".join(map(re.escape, sorted(names))) + r")\b",
                         re.MULTILINE)
    out: dict[str, tuple[str, ...]] = {}
    for path, text in readable_texts(python, read):
        for match in pattern.finditer(text):
            body = text[match.end():]
            following = re.search(r"^\S", body, re.MULTILINE)
            body = body[:following.start()] if following else body
            given = dict(_DEFAULT_CONFIG)
            given.update({m.group(1): m.group(2) for m in _CONFIG.finditer(body)})
            folder = posixpath.dirname(path)
            out[match.group(1)] = tuple(posixpath.normpath(posixpath.join(folder, f))
                                        for f in given.values())
    return out


class _FieldDefaults:
    """Whether a class field of the run's code (`topic: str = "..."` in a flow's state
    model) is a constant: every field of that name in the run has a constant default."""

    def __init__(self, python: Sequence[str], read: Callable[[str], str]) -> None:
        self.python = python
        self.read = read
        self.found: dict[str, bool] = {}
        self.trees: dict[str, ast.Module | None] = {}

    def constant(self, name: str) -> bool:
        found = self.found.get(name)
        if found is None:
            found = self.found[name] = self._constant(name)
        return found

    def _constant(self, name: str) -> bool:
        pattern = re.compile(r"^[ \t]+" + re.escape(name) + r"[ \t]*(?::[^=\n]*)?=[^=]",
                             re.MULTILINE)
        defaults: list[ast.expr] = []
        for path, text in readable_texts(self.python, self.read):
            if pattern.search(text) is None:
                continue
            tree = self._tree(path, text)
            for node in ast.walk(tree) if tree is not None else ():
                if isinstance(node, ast.ClassDef):
                    defaults += [value for target, value in _fields(node) if target == name]
        return bool(defaults) and all(self._default(d) for d in defaults)

    def _default(self, default: ast.expr) -> bool:
        if isinstance(default, ast.Call) and _dotted(default.func).split(".")[-1] == "Field":
            given = [k.value for k in default.keywords if k.arg == "default"] + \
                default.args[:1]
            return bool(given) and _constant(given[0], {}, self)
        return _constant(default, {}, self)

    def _tree(self, path: str, text: str) -> ast.Module | None:
        if path not in self.trees:
            try:
                self.trees[path] = ast.parse(text)
            except (SyntaxError, ValueError, RecursionError):
                self.trees[path] = None
        return self.trees[path]


def _fields(cls: ast.ClassDef) -> list[tuple[str, ast.expr]]:
    """The fields a class body gives a value (`topic: str = "..."`, `topic = "..."`)."""
    out = []
    for statement in cls.body:
        if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name) \
                and statement.value is not None:
            out.append((statement.target.id, statement.value))
        elif isinstance(statement, ast.Assign) and len(statement.targets) == 1 and \
                isinstance(statement.targets[0], ast.Name):
            out.append((statement.targets[0].id, statement.value))
    return out


def _sites(text: str, fields: _FieldDefaults) -> list[_Site]:
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return []
    assigned = {m.group(1) for m in re.finditer(r"\.(\w+)\s*=(?!=)", text)}
    module = _bindings(tree.body)
    out = []
    for function in [tree, *(n for n in ast.walk(tree)
                             if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))]:
        local = _bindings(function.body) if function is not tree else {}
        names = {**module, **local}
        for node in _own_nodes(function):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr.startswith("kickoff")):
                continue
            given = next((k.value for k in node.keywords if k.arg == "inputs"), None)
            if given is None and node.args and _a_dict(node.args[0], names):
                given = node.args[0]  # `crew.kickoff(inputs)`, given by position
            if given is None:
                continue  # a flow's own kickoff, an agent's (its first argument the
                # messages): no placeholders filled
            crew = _crew(node.func.value, names)
            inputs = _inputs(given, names, lambda e: _constant(e, names, fields, assigned))
            out.append(_Site(crew, inputs))
    return out


def _a_dict(value: ast.expr, names: dict[str, ast.expr | None]) -> bool:
    """Whether a value is a dict written here, or a name bound to one (a crew's inputs,
    not an agent's messages)."""
    if isinstance(value, ast.Name):
        value = names.get(value.id)
    return isinstance(value, ast.Dict)


def _own_nodes(function) -> list[ast.AST]:
    """The nodes of a function's body, not of the functions defined inside it (the module's
    statements for the module)."""
    return [node for statement in function.body for node in _walk(statement)]


def _bindings(body: list[ast.stmt]) -> dict[str, ast.expr | None]:
    """Names a body assigns once, with their value (None for a name assigned more often, or
    changed by a subscript or a call that mutates it)."""
    out: dict[str, ast.expr | None] = {}
    for statement in body:
        for node in _walk(statement):
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
                if isinstance(target, ast.Name):
                    out[target.id] = node.value if target.id not in out else None
                elif isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name):
                    out[target.value.id] = None
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) \
                    and node.value is not None:
                name = node.target.id
                out[name] = node.value if name not in out else None
            elif isinstance(node, (ast.AugAssign, ast.For)) and \
                    isinstance(getattr(node, "target", None), ast.Name):
                out[node.target.id] = None
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    isinstance(node.func.value, ast.Name) and \
                    node.func.attr in ("update", "setdefault", "append", "extend"):
                out[node.func.value.id] = None
    return out


def _walk(statement: ast.stmt) -> list[ast.AST]:
    """A statement's nodes, not those of the functions and classes it defines."""
    out: list[ast.AST] = []
    pending: list[ast.AST] = [statement]
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
                             ast.Lambda)):
            continue
        out.append(node)
        pending.extend(ast.iter_child_nodes(node))
    return out


def _crew(receiver: ast.expr, names: dict[str, ast.expr | None]) -> str | None:
    """The crew class a kickoff starts: `Writers().crew().kickoff(...)`, or a name bound to
    that (`crew = Writers().crew()`)."""
    for _ in range(4):
        if isinstance(receiver, ast.Name) and names.get(receiver.id) is not None:
            receiver = names[receiver.id]
            continue
        if isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Attribute):
            receiver = receiver.func.value
            continue
        if isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Name):
            name = receiver.func.id
            return name if name[:1].isupper() and name != "Crew" else None
        return None
    return None


def _inputs(given: ast.expr, names: dict[str, ast.expr | None],
            constant: Callable[[ast.expr], bool]) -> dict[str, bool] | None:
    """Each key a kickoff's `inputs` give, and whether its value is a constant; None when the
    inputs are not a dict (or a list of dicts) written here."""
    if isinstance(given, ast.Name):
        given = names.get(given.id)
    dicts = given.elts if isinstance(given, ast.List) else [given]
    out: dict[str, bool] = {}
    for item in dicts:
        if isinstance(item, ast.Name):
            item = names.get(item.id)
        if not isinstance(item, ast.Dict):
            return None
        for key, value in zip(item.keys, item.values):
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                return None  # `**more`, or a key computed
            out[key.value] = out.get(key.value, True) and constant(value)
    return out


def _constant(expression: ast.expr, names: dict, fields, assigned: frozenset | set = frozenset(),
              depth: int = 0) -> bool:
    """Whether a value is the same on every request: a literal, an environment setting, a
    name bound once to one, or a state field whose default is one and that no code of the
    file assigns (`self.state.topic`, `getattr(self.state, "topic", "")`)."""
    if depth > 4:
        return False
    again = lambda e: _constant(e, names, fields, assigned, depth + 1)  # noqa: E731
    if isinstance(expression, ast.Constant):
        return True
    if isinstance(expression, ast.JoinedStr):
        return all(isinstance(v, ast.Constant) for v in expression.values)
    if isinstance(expression, ast.Name):
        bound = names.get(expression.id)
        return bound is not None and again(bound)
    if isinstance(expression, ast.Subscript):  # os.environ["NAME"]
        return _dotted(expression.value).split(".")[-1] == "environ"
    if isinstance(expression, ast.Attribute):
        state = _dotted(expression.value).split(".")[-1]
        return state == "state" and expression.attr not in assigned and \
            fields.constant(expression.attr)
    if isinstance(expression, ast.Call):
        called = _dotted(expression.func).split(".")
        if called[-1] in _CASTS and len(expression.args) == 1 and not expression.keywords:
            return again(expression.args[0])
        if called[-1] in _ENVIRONMENT or called[-2:] == ["environ", "get"]:
            return True
        if called[-1] == "getattr" and len(expression.args) >= 2 and \
                isinstance(expression.args[1], ast.Constant) and \
                isinstance(expression.args[1].value, str):
            attribute = ast.Attribute(expression.args[0], expression.args[1].value, ast.Load())
            return again(attribute)
    return False


def _dotted(expression: ast.expr) -> str:
    if isinstance(expression, ast.Name):
        return expression.id
    if isinstance(expression, ast.Attribute):
        return _dotted(expression.value) + "." + expression.attr
    return ""
