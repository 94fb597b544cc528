"""JSON parsed with bounds: a document that nests deeper than any real settings file,
manifest, request log or server answer is refused with a clear error before the parser
recurses, and a file is refused before it is read when it is not a regular file or is larger
than its bound. Every surface that reads JSON it did not write uses these."""

from __future__ import annotations

import json
import os
import re
import stat
from itertools import accumulate
from pathlib import Path

MAX_DEPTH = 100  # arrays and objects inside one another: real documents stay under 20

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


class JSONBoundError(ValueError):
    """A JSON document past a bound (depth or size): a ValueError, as a syntax error is."""


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether the arrays and objects of a JSON text nest more than `limit` levels deep
    (brackets inside strings do not count). Counted without recursion, so any text can be
    measured; a text with fewer brackets than the limit is not scanned at all."""
    if text.count("[") + text.count("{") <= limit:
        return False
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    return max(accumulate(1 if c in "[{" else -1 for c in brackets), default=0) > limit


def loads(text: str | bytes, max_depth: int = MAX_DEPTH):
    """`json.loads` that refuses a document nesting deeper than `max_depth`."""
    if isinstance(text, (bytes, bytearray)):
        text = bytes(text).decode("utf-8", "replace")
    if too_deep(text, max_depth):
        raise JSONBoundError(f"nests more than {max_depth} levels deep")
    try:
        return json.loads(text)
    except RecursionError:  # a bound below MAX_DEPTH's reach of the interpreter's stack
        raise JSONBoundError("nests too deeply") from None


def read(path: str | os.PathLike, max_bytes: int, max_depth: int = MAX_DEPTH):
    """The JSON document of a regular file of at most `max_bytes` (a pipe, a device or a
    larger file is refused before anything is read)."""
    status = os.stat(path)
    if not stat.S_ISREG(status.st_mode):
        raise JSONBoundError("is not a regular file")
    if status.st_size > max_bytes:
        raise JSONBoundError(f"is larger than {max_bytes:,} bytes")
    with Path(path).open("rb") as handle:
        data = handle.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise JSONBoundError(f"is larger than {max_bytes:,} bytes")
    return loads(data.decode("utf-8-sig"), max_depth)
