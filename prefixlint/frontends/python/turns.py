"""What a console program asks once, before the loop that asks for each turn.

A chat or game on the terminal asks its setup questions (a name, a difficulty, a story to
start from) with `input()` and then loops, asking `input()` again for each turn of the
conversation. The setup answers hold for the whole run: the session's values, not each
request's, though `input` reads as a request by its name."""

from __future__ import annotations

import libcst as cst

from .module import Module

INPUT = "builtins.input"


def asked_before_turns(module: Module, call: cst.Call) -> bool:
    """Whether an `input()` call stands before a later loop of the same function (or of the
    module's top level) that calls `input()` again: the program's turn loop."""
    function = module.enclosing_function(call)
    owner = function if function is not None else module
    asks = module.memo("input calls", owner, lambda: tuple(
        module.pos(node) for node in module.nodes
        if isinstance(node, cst.Call) and module.qualname(node.func) == INPUT and
        module.enclosing_function(node) is function))
    at = module.pos(call)
    return any(start > at and any(start <= ask <= end for ask in asks)
               for start, end in module.loops.get(id(function) if function else 0, []))
