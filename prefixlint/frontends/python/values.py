"""The abstract values the interpreter works with: what a name holds (one expression, the
parts several statements built, a module, a loop item), where an expression is read, and
what rules are told beyond volatile values."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Union

import libcst as cst

from ...ir import Hole, Span, Text

if TYPE_CHECKING:
    from .module import Module

Seg = Union[Text, Hole]


class ArmGuard:
    """The branch on a varying value that the parts of a text or a list, read in order, are
    added under (`if findings: lines.append(RULES)`, `text += ...`): what that arm adds is
    sent only when the branch takes it, as `{% if %}` text is, so its text is marked as the
    branch's. A part added outside the arm ends it."""

    def __init__(self) -> None:
        self.branch: Hole | None = None
        self.arms: frozenset = frozenset()

    def opens(self, branch: object, arms: frozenset) -> None:
        """A branch part, read where the arm that follows it adds (`arms`)."""
        self.branch = branch if arms and isinstance(branch, Hole) else None
        self.arms = arms

    def mark(self, segments: list[Seg], arms: frozenset) -> list[Seg]:
        """The segments of a part added in `arms`: the branch's, while inside its arm."""
        if self.branch is None or not arms >= self.arms:
            self.branch = None
            return segments
        return [Text(s.text, s.span, self.branch) if type(s) is Text and s.guard is None
                else s for s in segments]


# Constant text in each of two texts chosen by a test (the arms of `A if test else B`, a
# helper's returns) past which they are two prompts of their own (instructions, not a
# greeting or a line that differs): about 100 tokens. Each keeps its own cached prefix.
WHOLE_PROMPT_CHARS = 400


def constant_chars(segments: list[Seg]) -> int:
    """How much constant text lowered segments hold."""
    return sum(len(s.text) for s in segments if isinstance(s, Text))


@dataclass(frozen=True)
class Note:
    """Something a rule reports beyond a volatile value (PFX010–PFX013)."""

    code: str
    span: Span
    message: str
    block: int = -1
    fix: tuple[Span, str] | None = None
    severity: str | None = None  # None: the rule's own severity


@dataclass(frozen=True)
class HoleItem:
    """An item of a sequence known only as a hole (the earlier turns of a conversation)."""

    hole: Hole


@dataclass(frozen=True)
class ExtendedItem:
    """An item of a list whose text a later statement extends (`prompt[-1]["content"] +=
    RULES`): the item, then what was added to it, each read where it was written. With
    `replaced`, a statement set its text anew (`messages[0]["content"] = system`): the
    item keeps its role and holds only what was added."""

    node: object
    ctx: "Context"
    added: tuple[tuple[object, "Context"], ...]
    replaced: bool = False


@dataclass(frozen=True)
class ModuleRef:
    """A name bound to a module of the project (`from app import prompts`)."""

    module: "Module"


@dataclass(frozen=True)
class Parts:
    """A value built by several statements, in order: `(op, expression, context)` with op
    `=`, `+=`, `append`, `extend`, `insert0`, `opaque` (unknown) or `branch` (a hole)."""

    parts: tuple[tuple[str, object, "Context"], ...]


@dataclass(frozen=True)
class LoopItem:
    """A loop or comprehension variable: one item of `iterable`, read where it stands."""

    iterable: cst.BaseExpression
    ctx: "Context"


Resolved = Union[tuple, Parts, ModuleRef, LoopItem, str, None]


@dataclass
class Message:
    """One chat message being built: its role and its content segments."""

    role: str
    segments: list


# The key of a method call's bindings that holds the object it was called on (`thread` of
# `thread.to_messages()`) with the caller's context: never a name in code.
RECEIVER = "@receiver"
# The key of a constructor's bindings that holds the call making the object (`ReviewPrompt(
# diff=d)` running a base class's `__init__`): its class is the one whose attributes count.
INSTANCE = "@instance"
# The prefix of the key that holds a call's leftover positional arguments as one tuple
# (`*names`), read only as a sequence: `*` never starts a name in code.
STARRED = "*"
# A binding key that marks values read through a loop's carried assignment (`flow.carried`):
# what they read is not carried again, so reassignments in one loop cannot chase each other.
CARRIED = "\0carried"
# A binding key that marks a read by a request the module's own top level makes (a script's
# send, see `sinks.run_of_script`): what that top level computed is the run's, not the
# process's constant for later requests.
SENT = "\0sent"


@dataclass
class Context:
    """Where an expression is being lowered: its module, function, position in statement
    order (`line`, see `flow.position`), the `if` arms around it, call bindings."""

    module: Module
    function: cst.FunctionDef | None
    line: int
    import_time: bool = False
    bindings: dict[str, tuple[cst.BaseExpression, "Context"]] = field(default_factory=dict)
    depth: int = 0
    arms: frozenset[tuple[int, int]] = frozenset()

