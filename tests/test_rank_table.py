"""The vocabulary's table file: every entry found with its rank, nothing else found, the same
bytes for the same vocabulary, and a damaged or foreign file refused."""

from __future__ import annotations

import pytest
import tiktoken

from prefixlint.rank_table import RankTable, RankTableError, table_bytes


@pytest.fixture(scope="module")
def ranks() -> dict[bytes, int]:
    return dict(tiktoken.get_encoding("cl100k_base")._mergeable_ranks)


def test_every_entry_is_found_with_its_rank_and_nothing_else(ranks):
    table = RankTable(table_bytes(ranks))
    assert len(table) == len(ranks)
    assert all(table.get(key) == rank for key, rank in ranks.items())
    absent = [b"\xff\xfe\xfd not a token", b"z" * 30, b"\x00" * 4]
    assert [key for key in absent if key in ranks] == []
    assert [table.get(key) for key in absent] == [None, None, None]
    assert table[b"hello"] == ranks[b"hello"] and b"hello" in table and "hello" not in table
    with pytest.raises(KeyError):
        table[absent[0]]


def test_the_same_vocabulary_writes_the_same_bytes(ranks):
    reordered = dict(sorted(ranks.items(), key=lambda item: item[0]))
    assert table_bytes(reordered) == table_bytes(ranks)


def test_a_damaged_or_foreign_file_is_refused(ranks):
    data = bytearray(table_bytes(ranks))
    for bad in (b"", b"PFXRANK1", b"not a table at all, just some bytes of text",
                bytes(data[:-1]) + bytes([data[-1] ^ 1]), bytes(data[:100_000])):
        with pytest.raises(RankTableError):
            RankTable(bad)
