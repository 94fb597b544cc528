"""Which parts of a prompt only a retry sends: the arm of an `if` on a loop's counter that the
loop's first pass skips (`for attempt in range(3): if attempt > 0: ...`, or `attempts = 0;
while attempts <= retries: attempts += 1; if attempts > 1: ...`). Every request sends the
first pass; what a retry adds or changes is not part of what they share."""

from __future__ import annotations

import libcst as cst

from .flow import Binding
from .literals import literal_value
from .module import Module


def later_pass(module: Module, binding: Binding) -> bool:
    """Whether a binding is made only in an arm that the first pass of a counting loop
    skips: what a retry sends instead (or adds), not what every request sends first."""
    for if_id, arm in binding.arms:
        node = module.ifs.get(if_id)
        tested = _counter_test(node.test) if isinstance(node, cst.If) and arm == 0 else None
        if tested is None:
            continue
        name, least = tested
        child, current = node, module.parents.get(id(node))
        while current is not None and not isinstance(current, (cst.FunctionDef, cst.ClassDef)):
            if isinstance(current, cst.For) and isinstance(current.target, cst.Name) and \
                    current.target.value == name:
                first = _range_start(current.iter)
                return first is not None and first < least
            if isinstance(current, cst.While):
                first = _first_count(module, current, name, node)
                if first is not None:
                    return first < least
            child, current = current, module.parents.get(id(current))
    return False


def _counter_test(test: cst.BaseExpression) -> tuple[str, int] | None:
    """The name a test counts and the least whole value it is true for (`attempt > 0`:
    1, `attempts >= 2`: 2, `attempt != 0` and a bare `attempt`: 1), or None."""
    if isinstance(test, cst.Name):
        return test.value, 1
    if not (isinstance(test, cst.Comparison) and isinstance(test.left, cst.Name) and
            len(test.comparisons) == 1):
        return None
    target = test.comparisons[0]
    bound = literal_value(target.comparator)
    if not isinstance(bound, int) or isinstance(bound, bool):
        return None
    if isinstance(target.operator, cst.GreaterThan):
        return test.left.value, bound + 1
    if isinstance(target.operator, cst.GreaterThanEqual):
        return test.left.value, bound
    if isinstance(target.operator, cst.NotEqual) and bound == 0:
        return test.left.value, 1
    return None


def _range_start(iterated: cst.BaseExpression) -> int | None:
    """The first number `range(n)` or `range(k, n)` counts; None for anything else."""
    if not (isinstance(iterated, cst.Call) and isinstance(iterated.func, cst.Name) and
            iterated.func.value == "range" and iterated.args):
        return None
    if len(iterated.args) == 1:
        return 0
    start = literal_value(iterated.args[0].value)
    return start if isinstance(start, int) and not isinstance(start, bool) else None


def _first_count(module: Module, loop: cst.While, name: str, node: cst.If) -> int | None:
    """What a `while` loop's counter holds at `node` on the loop's first pass: the whole
    number it is set to just before the loop, plus one when the loop's body adds one to it
    before `node` (`attempts += 1` at the top of the body); None when that is not known."""
    function = module.enclosing_function(loop)
    key = id(function) if function is not None else 0
    start = module.pos(loop)
    set_before = [b for b in module.bindings.get(key, ())
                  if b.name == name and b.pos < start and not b.arms]
    if not set_before or set_before[-1].op != "=":
        return None
    first = literal_value(set_before[-1].value) if set_before[-1].value is not None else None
    if not isinstance(first, int) or isinstance(first, bool):
        return None
    at = module.pos(node)
    for statement in loop.body.body:
        if module.pos(statement) >= at:
            break
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.AugAssign) and isinstance(small.target, cst.Name) \
                        and small.target.value == name and \
                        isinstance(small.operator, cst.AddAssign) and \
                        literal_value(small.value) == 1:
                    first += 1
    return first
