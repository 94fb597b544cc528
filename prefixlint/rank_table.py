"""A tokenizer's vocabulary kept as a hash table in one file, read entry by entry.

A run that measures one prompt looks up a few thousand byte strings in a vocabulary of 200,000
(see `subset_encoder`). Loading the whole vocabulary as a Python dict costs about 80 ms, even
from a marshal copy; this table is read as one `bytes` object (a few milliseconds) and each
look-up hashes the key with CRC-32 and probes linearly, in C but for the loop. The whole
dict is still loaded when the whole engine is built.

Layout (little-endian): a header of magic, slot count (a power of two), entry count and the
CRC-32 of everything after the header; the slots, each the key's offset in the key area, its
length (0: an empty slot) and its rank; then the keys, one after another.
"""

from __future__ import annotations

import struct
import zlib

MAGIC = b"PFXRANK1"
_HEADER = struct.Struct("<8sIII")  # magic, slots, entries, CRC-32 of the rest
_SLOT = struct.Struct("<IHI")  # key offset, key length (0: empty), rank


class RankTableError(ValueError):
    """A table file that is not one, or is damaged: read the vocabulary another way."""


def table_bytes(ranks: dict[bytes, int]) -> bytes:
    """The table file of a vocabulary (the same bytes for the same vocabulary: entries are
    placed in rank order)."""
    slots = 1 << max(10, (2 * len(ranks) - 1).bit_length())
    mask = slots - 1
    table = bytearray(slots * _SLOT.size)
    keys = bytearray()
    for key, rank in sorted(ranks.items(), key=lambda item: item[1]):
        if not 0 < len(key) < 1 << 16:
            raise RankTableError(f"a vocabulary entry of {len(key)} bytes")
        index = zlib.crc32(key) & mask
        while _SLOT.unpack_from(table, index * _SLOT.size)[1]:
            index = (index + 1) & mask
        _SLOT.pack_into(table, index * _SLOT.size, len(keys), len(key), rank)
        keys += key
    body = bytes(table) + bytes(keys)
    return _HEADER.pack(MAGIC, slots, len(ranks), zlib.crc32(body)) + body


class RankTable:
    """The ranks of a table file, looked up as a dict's (`get`, `[]`, `in`, `len`)."""

    def __init__(self, data: bytes) -> None:
        if len(data) < _HEADER.size:
            raise RankTableError("shorter than its header")
        magic, slots, entries, checksum = _HEADER.unpack_from(data)
        if magic != MAGIC or slots & (slots - 1) or not entries < slots or \
                len(data) < _HEADER.size + slots * _SLOT.size:
            raise RankTableError("not a rank table")
        if zlib.crc32(memoryview(data)[_HEADER.size:]) != checksum:
            raise RankTableError("damaged")
        self._data = data
        self._mask = slots - 1
        self._keys = _HEADER.size + slots * _SLOT.size
        self._entries = entries

    def get(self, key: bytes, default: int | None = None) -> int | None:
        data, unpack, size, keys = self._data, _SLOT.unpack_from, _SLOT.size, self._keys
        index = zlib.crc32(key) & self._mask
        length = len(key)
        while True:
            offset, stored, rank = unpack(data, _HEADER.size + index * size)
            if not stored:
                return default
            if stored == length and data[keys + offset:keys + offset + length] == key:
                return rank
            index = (index + 1) & self._mask

    def __getitem__(self, key: bytes) -> int:
        rank = self.get(key)
        if rank is None:
            raise KeyError(key)
        return rank

    def __contains__(self, key: object) -> bool:
        return isinstance(key, bytes) and self.get(key) is not None

    def __len__(self) -> int:
        return self._entries
