"""A plain text file that is a prompt with `str.format`-style placeholders (`{current_time}`,
`{user_name}`) or slots marked with dollars (`<$task$>`, `{$history}`): a character's system
prompt in `characters/pirate.txt`, a prompt in `prompts/summary.txt` that code fills by
`.format` or `.replace`. When no code is seen
reading it (its name computed, its loader not in view), the file is measured on its own, as a
template file is, its placeholders scoped by their names; when code reads it, that prompt's
findings in it are the ones reported. A file is one only when its text, placeholders blanked,
reads as instructions and speaks to a model."""

from __future__ import annotations

from typing import Callable

from ..dialect import FORMAT_FIELD
from ..ir import Block, Hole, Prompt, Scope
from ..prose import reads_as_prompt
from ..template_kinds import speaks_to_a_model
from .prompt_config import MARKED_SLOT, PLACEHOLDER, Value, segments
from .python.renderer import SegmentRenderer


def prompt(name: str, source: str, scope_of: Callable[[str], Scope]) -> Prompt | None:
    """The file as one prompt, or None when it is not one (no placeholder, or notes, data
    or a page rather than instructions)."""
    if not (FORMAT_FIELD.search(source) or MARKED_SLOT.search(source)):
        return None
    constant = PLACEHOLDER.sub(" ", source)
    if not (reads_as_prompt(constant, "") and speaks_to_a_model(constant)):
        return None
    parts = tuple(segments(name, source, Value(("text",), source, 0), scope_of))
    if not any(isinstance(s, Hole) for s in parts):
        return None
    blocks = (Block("system", parts),)
    return Prompt(id=name, path=name, line=1, kind="text", blocks=blocks,
                  holes=tuple(s for s in parts if isinstance(s, Hole)),
                  renderer=SegmentRenderer(blocks), files=(name,), chat=True,
                  sink="text file")
