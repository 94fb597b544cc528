"""What a script's command-line options default to: `parser.add_argument("--template",
default="prompt.template")` read as `args.template`, and `@click.option("--prompt-file",
default=...)` on the function that takes `prompt_file`. A file a script reads by such an
option is the file it ships and reads when run as documented; a user may name another."""

from __future__ import annotations

import libcst as cst

from .literals import literal_value

# Decorators that declare a command's option.
_OPTION_DECORATORS = ("click.option", "click.argument", "cloup.option", "asyncclick.option")


def dest(call: cst.Call) -> str | None:
    """The attribute an `add_argument` call (or a click option) stores its value in:
    `dest=` when given, else a name written without dashes (argparse's positional, click's
    parameter: `option("--template", "template_path")`), else its first long option
    (`--prompt-file` is `prompt_file`)."""
    names = [literal_value(a.value) for a in call.args if a.keyword is None]
    explicit = next((literal_value(a.value) for a in call.args
                     if a.keyword is not None and a.keyword.value == "dest"), None)
    if isinstance(explicit, str):
        return explicit
    if not names or not all(isinstance(n, str) for n in names):
        return None
    bare = [n for n in names if not n.startswith("-")]
    if len(bare) == 1:
        return bare[0].replace("-", "_")
    long = next((n for n in names if n.startswith("--")), None)
    return long[2:].replace("-", "_") if long is not None and not bare else None


def _keyword(call: cst.Call, name: str) -> cst.BaseExpression | None:
    return next((a.value for a in call.args
                 if a.keyword is not None and a.keyword.value == name), None)


def argument_default(calls: list[cst.Call], name: str) -> cst.BaseExpression | None:
    """The `default=` of the one `add_argument` of a module that stores `name`; None when
    no option or several store it, or it has no default."""
    found = [call for call in calls if dest(call) == name]
    if len(found) != 1:
        return None
    return _keyword(found[0], "default")


def free_text_option(calls: list[cst.Call], name: str) -> bool:
    """Whether the one `add_argument` of a module that stores `name` takes free text with
    no default (`add_argument("--ticker", type=str, help=...)`, or a positional): what the
    person running the script types for that run, not a setting (a default, `choices`, a
    flag's `action` or a number's `type` make it one)."""
    found = [call for call in calls if dest(call) == name]
    if len(found) != 1:
        return False
    call = found[0]
    if any(_keyword(call, key) is not None for key in ("default", "choices", "action", "const")):
        return False
    kind = _keyword(call, "type")
    return kind is None or isinstance(kind, cst.Name) and kind.value == "str"


def option_default(function: cst.FunctionDef | None, name: str, qualname) -> \
        cst.BaseExpression | None:
    """The `default=` of a `@click.option` on a function that stores the parameter `name`;
    `qualname` names a decorator's callee."""
    if function is None:
        return None
    for decorator in function.decorators:
        call = decorator.decorator
        if isinstance(call, cst.Call) and (qualname(call.func) or "") in _OPTION_DECORATORS \
                and dest(call) == name:
            return _keyword(call, "default")
    return None
