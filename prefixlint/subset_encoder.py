"""A tiktoken encoder built from only the part of the vocabulary the texts given to it can use.

Building tiktoken's engine from a whole vocabulary (200,000 ranks) costs about 100 ms, most of
a short run's tokenizer start: every rank crosses into native code. A run that measures one
prompt uses about a thousand of them. BPE only ever looks up byte strings inside one
pre-tokenization piece (the piece itself, then the merges of its parts), so an engine given
every vocabulary entry that occurs inside the pieces of a text encodes that text to exactly
the tokens the whole vocabulary gives. This encoder keeps such an engine and builds it again
with more entries when a new text needs them; past a few builds, or on a text whose pieces
cannot be bounded cheaply, it builds the whole engine once and uses that.

Pieces are bounded without running the engine's pattern: in both encodings' patterns
(o200k_base, cl100k_base) a piece never holds a non-whitespace character followed by a space
or tab (a letter run, a digit run or a punctuation run each end there, and whitespace pieces
hold no other character), nor a line break followed by a character that is neither
whitespace nor `/` (see `tokenizers._CHUNK_END`). Splitting the text at those places gives
segments that each hold whole pieces, and every vocabulary entry inside a segment is given to
the engine: a superset of what the pieces need, which is all exactness asks.
"""

from __future__ import annotations

import re
from typing import Callable, Mapping

# A place that ends a segment: a space or tab after a character that is not whitespace, or
# a character other than whitespace and `/` after a line break. Python's `\s` holds every
# character the engine's `\s` holds (and a few more), so no split is made where a piece of
# the engine's could go on.
_SEGMENT_CUT = re.compile(r"(?<=\S)(?=[ \t])|(?<=\n)(?=[^\s/])")
MAX_SEGMENT_BYTES = 256  # a longer segment (no spaces: CJK text, a blob) costs too many looks
MAX_LOOKS = 2_000_000  # vocabulary look-ups in all; past them, the whole engine is cheaper
MAX_BUILDS = 12  # past these, the next text that needs more entries gets the whole engine
MAX_SUBSET = 40_000  # entries; a subset this large costs most of the whole engine to build


class SubsetEncoder:
    """Encodes as the whole vocabulary's engine does, with an engine built from as little of
    it as the texts so far need (see the module doc). `cover(text)` first, then
    `encode_covered` on the text or any part of it (a chunk)."""

    def __init__(self, ranks: Mapping[bytes, int],
                 whole: Callable[[], dict[bytes, int]] | None = None, *,
                 build: Callable[[dict[bytes, int]], object]) -> None:
        """`ranks` is the whole vocabulary to look entries up in (a dict, or a table read
        entry by entry), `whole()` the same as a dict (`ranks` when not given);
        `build(ranks)` makes a tiktoken `Encoding`."""
        self.ranks = ranks
        self.whole_ranks = whole if whole is not None else lambda: ranks
        self.build = build
        # every single byte, so an engine can be built before any text (and holds them all)
        self.subset: dict[bytes, int] = {bytes([i]): ranks[bytes([i])] for i in range(256)
                                         if bytes([i]) in ranks}
        self.seen: set[str] = set()  # segments whose entries are already in the subset
        self.looks = 0
        self.builds = 0
        self.engine = None
        self.whole = False

    def cover(self, text: str) -> None:
        """Make the engine hold every vocabulary entry inside the segments of `text`."""
        if self.whole:
            return
        missing = self._missing(text)
        if missing is None or (missing and self.builds >= MAX_BUILDS) or \
                len(self.subset) + len(missing) > MAX_SUBSET:
            self.complete()
            return
        if missing or self.engine is None:
            self.subset.update(missing)
            self.engine = self.build(dict(self.subset))
            self.builds += 1

    def encode_covered(self, text: str) -> list[int]:
        """The tokens of `text` (no special tokens), which `cover` was given (or a part of
        what it was given)."""
        return self.engine.encode_ordinary(text)

    def decode_bytes(self, tokens: list[int]) -> bytes:
        """The bytes of tokens this encoder gave (its engine only ever grows)."""
        return self.engine.decode_bytes(tokens)

    def complete(self) -> None:
        """Build the whole engine now (before workers are forked, so they share it). The
        engine copies the ranks into native code, so the Python table (about 25 MiB) is
        emptied: nothing reads it again (tiktoken reads its own reference to it only to
        pickle an encoding, and this one is never pickled)."""
        if not self.whole:
            self.ranks = {}  # a table read entry by entry is let go before the dict is made
            ranks = self.whole_ranks()
            self.engine = self.build(ranks)
            self.whole = True
            self.whole_ranks = dict
            ranks.clear()
            self.subset = {}
            self.seen = set()  # no longer needed: every entry is in the engine

    def _missing(self, text: str) -> dict[bytes, int] | None:
        """The entries inside the new segments of `text` that the subset lacks; None when a
        segment is too long to search, the look-ups past their budget, or the text cannot
        be encoded as UTF-8 (a lone surrogate, which the engine replaces first)."""
        ranks, subset = self.ranks, self.subset
        missing: dict[bytes, int] = {}
        new = [s for s in set(_SEGMENT_CUT.split(text)) if s not in self.seen]
        for segment in new:
            try:
                data = segment.encode("utf-8")
            except UnicodeEncodeError:
                return None
            size = len(data)
            if size > MAX_SEGMENT_BYTES:
                return None
            self.looks += size * (size + 1) // 2
            if self.looks > MAX_LOOKS:
                return None
            for start in range(size):
                for end in range(start + 1, size + 1):
                    piece = data[start:end]
                    rank = ranks.get(piece)
                    if rank is not None and piece not in subset:
                        missing[piece] = rank
        self.seen.update(new)
        return missing
