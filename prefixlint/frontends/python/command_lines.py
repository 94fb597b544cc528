"""Prompts sent by running a command-line LLM tool as a subprocess: `subprocess.run(["claude",
"-p", prompt])`, `asyncio.create_subprocess_exec("gemini", "-p", prompt)`, `check_output(
["ollama", "run", model], input=prompt)`. A library model with the `argv` lowering names the
program and its options (models/cli.toml); here the command line is read: the program, the
options that carry a role (`--system-prompt`), the options whose value is not prompt text
(`--model`), and the positional argument that is the prompt, else the text given on standard
input."""

from __future__ import annotations

import re

import libcst as cst

from ...models import PROGRAM_WORDS
from ...volatility import words_of
from .literals import literal_value
from .messages import argument_of

_PATH_WORDS = re.compile(PROGRAM_WORDS)
# What a program name may be written with: a folder before it, `.exe` or `.cmd` after it.
_SUFFIXES = (".exe", ".cmd", ".bat")


def command_site(classifier, model, node: cst.Call, keywords: dict, contexts: dict):
    """The `Site` of a subprocess call that runs one of `model.programs`, with the values
    its roles name (`prompt`: the positional prompt, else `input=`); None for any other
    command (`git`, `ffmpeg`, a program not in view)."""
    from .sites import Site, context_at

    ctx = context_at(classifier.module, node)
    items = _command(classifier, node, ctx)
    if not items or not _runs(classifier, items[0][0], items[0][1], model.programs):
        return None
    roles = {flag: spec for spec, _ in model.arguments if spec.startswith("-")
             for flag in spec.split("|")}
    found: dict = {}
    found_contexts: dict = {}
    positional: list = []
    rest = items[1:]
    index = 0
    while index < len(rest):
        value, value_ctx = rest[index]
        text = literal_value(value)
        if isinstance(text, str) and text.startswith("-") and text != "-":
            flag = text.partition("=")[0]
            takes = "=" not in text and (flag in roles or flag in model.options)
            if flag in roles and takes and index + 1 < len(rest) and roles[flag] not in found:
                found[roles[flag]], found_contexts[roles[flag]] = rest[index + 1]
            index += 2 if takes else 1
            continue
        positional.append((value, value_ctx))
        index += 1
    # (a subcommand, a model's name or `-` for standard input is one word the code writes)
    prompts = [p for p in positional[model.positionals:] if not _word(p[0])]
    if prompts and "prompt" in dict(model.arguments):
        found["prompt"], found_contexts["prompt"] = prompts[-1]
    elif "input" in keywords and "prompt" in dict(model.arguments):
        found["prompt"] = _unencoded(keywords["input"])
        if "input" in contexts:
            found_contexts["prompt"] = contexts["input"]
    elif "prompt" in dict(model.arguments):
        written = _written_to(classifier, node)
        if written is not None:
            found["prompt"] = _unencoded(written)
    if not found:
        return None
    return Site(node, "argv", found, found_contexts, model=model)


def _command(classifier, node: cst.Call, ctx) -> list:
    """The command line's items with their contexts: the list a `run`/`Popen` call is given
    (first, or as `args=`), followed through names; an exec call's own arguments."""
    lowerer = classifier.lowerer
    positional = [a for a in node.args if a.keyword is None]
    if any(a.star == "*" for a in positional) or (
            len(positional) > 1 and all(not a.star for a in positional)):
        # `create_subprocess_exec("claude", "-p", prompt)`, `(*command)`
        items: list = []
        for arg in positional:
            if arg.star == "*":
                inner = lowerer.sequence(arg.value, ctx)
                if inner is None:
                    return items if items else []
                items.extend(inner)
            else:
                items.append((arg.value, ctx))
        return items
    value = positional[0].value if positional else argument_of(node, "args")
    if value is None:
        return []
    written = lowerer.follow(value, ctx) if isinstance(value, cst.Name) else (value, ctx)
    # (`[claude_path, *args]` with `args` not in view: its items are not known, not a prompt)
    unknown = {id(e.value) for e in written[0].elements if isinstance(e, cst.StarredElement)} \
        if written is not None and isinstance(written[0], (cst.List, cst.Tuple)) else set()
    return [item for item in lowerer.sequence(value, ctx) or () if id(item[0]) not in unknown]


def _runs(classifier, program: cst.BaseExpression, ctx, programs: tuple[str, ...]) -> bool:
    """Whether a command line's first item names one of `programs`: written out
    (`"claude"`, `"/usr/local/bin/claude"`), named for its path (`claude_path`,
    `self.claude_bin`), or held by a name set to either or to `shutil.which("claude")`."""
    for _ in range(4):
        text = literal_value(program)
        if isinstance(text, str):
            return _program_name(text) in programs
        name = program.attr.value if isinstance(program, cst.Attribute) else \
            program.value if isinstance(program, cst.Name) else ""
        words = words_of(name)
        if len(words) > 1 and words[-2] in programs and _PATH_WORDS.fullmatch(words[-1]):
            return True
        if isinstance(program, cst.Call):  # `shutil.which("claude")`, `os.getenv(K, "claude")`
            return any(isinstance(v := literal_value(a.value), str) and
                       _program_name(v) in programs for a in program.args)
        if not name:
            return False
        found = classifier.lowerer.follow(program, ctx, attributes=True)
        if found is None:
            return False
        program, ctx = found
    return False


def _program_name(text: str) -> str:
    """`claude` of `/usr/local/bin/claude` or `C:\\tools\\claude.exe`."""
    name = text.strip().replace("\\", "/").rsplit("/", 1)[-1].lower()
    for suffix in _SUFFIXES:
        name = name.removesuffix(suffix)
    return name


def _word(node: cst.BaseExpression) -> bool:
    """Constant text of one word (`exec`, `llama3`, `-`): a subcommand, a model's name or
    standard input, not a prompt."""
    text = literal_value(node)
    return isinstance(text, str) and not any(c.isspace() for c in text.strip())


def _written_to(classifier, node: cst.Call) -> cst.BaseExpression | None:
    """The text a function writes to the standard input of the process a call started
    (`proc = Popen(cmd, stdin=PIPE)`, then `proc.communicate(input=text)`, `proc.communicate(
    text)` or `proc.stdin.write(text)`; `with Popen(...) as proc:` too); None when it writes
    none there."""
    function = classifier.module.enclosing_function(node)
    if function is None:
        return None
    finder = _StdinWrites(node)
    function.visit(finder)
    return finder.text


class _StdinWrites(cst.CSTVisitor):
    """The name a process is bound to, then the first text written to its standard input."""

    def __init__(self, started: cst.Call) -> None:
        self.started = started
        self.names: set[str] = set()
        self.text: cst.BaseExpression | None = None

    def _bound(self, value: cst.BaseExpression, target: cst.BaseExpression) -> None:
        if isinstance(value, cst.Await):
            value = value.expression
        if value is self.started and isinstance(target, cst.Name):
            self.names.add(target.value)

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._bound(node.value, target.target)

    def visit_WithItem(self, node: cst.WithItem) -> None:
        if node.asname is not None:
            self._bound(node.item, node.asname.name)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if self.text is not None or not isinstance(func, cst.Attribute):
            return
        receiver = func.value
        if func.attr.value == "communicate" and isinstance(receiver, cst.Name) and \
                receiver.value in self.names:
            self.text = argument_of(node, "input") or argument_of(node, "0")
        elif func.attr.value == "write" and isinstance(receiver, cst.Attribute) and \
                receiver.attr.value == "stdin" and isinstance(receiver.value, cst.Name) and \
                receiver.value.value in self.names and node.args:
            self.text = node.args[0].value


def _unencoded(value: cst.BaseExpression) -> cst.BaseExpression:
    """`text` of `text.encode()` or `text.encode("utf-8")`: the text itself."""
    while isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and \
            value.func.attr.value == "encode":
        value = value.func.value
    return value
