"""A plain text file that is a prompt with `str.format`-style placeholders (`{current_time}`,
`{user_name}`) or marked slots (`<$task$>`, `{$history}`, `!<INPUT 0>!`): a character's system
prompt in `characters/pirate.txt`, a prompt in `prompts/summary.txt` that code fills by
`.format` or `.replace`. When no code is seen
reading it (its name computed, its loader not in view), the file is measured on its own, as a
template file is, its placeholders scoped by their names; when code reads it, that prompt's
findings in it are the ones reported. A file is one only when its text, placeholders blanked,
reads as instructions and speaks to a model."""

from __future__ import annotations

import re
from typing import Callable

from ..dialect import FORMAT_FIELD
from ..ir import Block, Hole, Prompt, Scope, Text
from ..prose import reads_as_prompt
from ..template_kinds import speaks_to_a_model
from .prompt_config import MARKED_SLOT, PLACEHOLDER, Value, segments
from .python.renderer import SegmentRenderer


# Ends the notes at the top of a generative-agent prompt file (what each `!<INPUT n>!` is):
# the loader sends only the text after it.
_NOTES_END = "<commentblockmarker>###</commentblockmarker>"


def prompt(name: str, source: str, scope_of: Callable[[str], Scope]) -> Prompt | None:
    """The file as one prompt, or None when it is not one (no placeholder, or notes, data
    or a page rather than instructions)."""
    notes = source.find(_NOTES_END)
    start = notes + len(_NOTES_END) if notes >= 0 else 0
    body = source[start:]
    if not (FORMAT_FIELD.search(body) or MARKED_SLOT.search(body)):
        return None
    constant = PLACEHOLDER.sub(" ", body)
    if not (reads_as_prompt(constant, "") and speaks_to_a_model(constant)):
        return None
    parts = tuple(segments(name, source, Value(("text",), body, start), scope_of))
    if not any(isinstance(s, Hole) for s in parts):
        return None
    blocks = _chatml(parts) or (Block("system", parts),)
    return Prompt(id=name, path=name, line=1, kind="text", blocks=blocks,
                  holes=tuple(s for s in parts if isinstance(s, Hole)),
                  renderer=SegmentRenderer(blocks), files=(name,), chat=True,
                  sink="text file")


# A chat written out in ChatML (`<|im_start|>user` ... `<|im_end|>`), as code that turns such a
# file into messages reads it.
_CHATML = re.compile(r"<\|im_start\|>\s*(system|user|assistant)\s*\n?|<\|im_end\|>\s*")


def _chatml(parts: tuple) -> tuple[Block, ...]:
    """The messages of a file written in ChatML, each with its role and the text and holes
    between its markers; () when the file has no such markers."""
    if not any(isinstance(s, Text) and "<|im_start|>" in s.text for s in parts):
        return ()
    blocks: list[Block] = []
    role, current = None, []
    for segment in parts:
        if not isinstance(segment, Text):
            current.append(segment)
            continue
        last = 0
        for match in _CHATML.finditer(segment.text):
            if match.start() > last:
                current.append(Text(segment.text[last:match.start()], segment.span))
            last = match.end()
            if match.group(1) is not None:  # a message starts: the one before ends
                if role is not None and current:
                    blocks.append(Block(role, tuple(current)))
                role, current = match.group(1), []
        if last < len(segment.text):
            current.append(Text(segment.text[last:], segment.span))
    if role is not None and current:
        blocks.append(Block(role, tuple(current)))
    return tuple(blocks) if len(blocks) > 1 else ()
