"""The encoder built from part of the vocabulary: exactly tiktoken's tokens on every text,
while a short run builds only the entries its texts use."""

from __future__ import annotations

import pytest
import tiktoken

from prefixlint import subset_encoder
from prefixlint.subset_encoder import SubsetEncoder
from prefixlint.tokenizers import ENCODINGS, load

# What prompts are made of, with every kind of place a segment could be cut: spaces and tabs
# after words, digits and punctuation, line breaks before letters, `/` and spaces, CRLF,
# Unicode spaces, contractions, non-Latin letters, marks, emoji, a lone surrogate.
_PARTS = ["You are the assistant.", "  indented line", "\n", "\n\n", "\r\n", "\t", " ", "/path",
          "- item", "1. step", "12345", "日本語の文", "émoji 🚀", "{\"a\": 1}", "'s", "don't",
          "Question:", "  \n", "....", "UPPER Case", "x" * 40, "\u00a0", "\u3000", "\u2028",
          "\x1c", "\x85", "e\u0301", "\n/", ".\n/", "ab'S", "\t\tx", "—", " \n\n a"]


def _subset(name: str) -> tuple[SubsetEncoder, tiktoken.Encoding]:
    reference = tiktoken.get_encoding(name)
    spec = ENCODINGS[name]

    def build(ranks):
        return tiktoken.Encoding(name=name, pat_str=spec.pattern, mergeable_ranks=ranks,
                                 special_tokens=dict(spec.special_tokens))

    return SubsetEncoder(dict(reference._mergeable_ranks), build=build), reference


@pytest.mark.parametrize("name", ["o200k_base", "cl100k_base"])
def test_a_growing_subset_gives_exactly_the_tokens_of_the_whole_vocabulary(name, monkeypatch):
    """Texts one after another, each checked against tiktoken with the whole vocabulary while
    the subset grows (never completed: the limits are lifted)."""
    from hypothesis import given, settings, strategies as st

    monkeypatch.setattr(subset_encoder, "MAX_BUILDS", 10_000)
    monkeypatch.setattr(subset_encoder, "MAX_SUBSET", 10_000_000)
    encoder, reference = _subset(name)

    @settings(max_examples=400, deadline=None, derandomize=True)
    @given(st.lists(st.sampled_from(_PARTS) | st.text(max_size=8), min_size=1, max_size=40))
    def check(parts):
        text = "".join(parts)
        encoder.cover(text)
        tokens = encoder.encode_covered(text)
        assert tokens == reference.encode_ordinary(text)
        assert encoder.decode_bytes(tokens) == reference.decode_bytes(tokens)

    check()
    assert not encoder.whole  # every text above was encoded by a subset's engine


def test_a_short_text_builds_only_the_entries_it_can_use():
    encoder, reference = _subset("o200k_base")
    text = "You are a helpful assistant. Today is 2026-12-02; answer in English.\n"
    encoder.cover(text)
    assert encoder.encode_covered(text) == reference.encode_ordinary(text)
    assert not encoder.whole
    assert len(encoder.subset) < 1_000  # of 200,000
    builds = encoder.builds
    encoder.cover(text)  # nothing new: no second build
    assert encoder.builds == builds


def test_a_text_it_cannot_bound_cheaply_gets_the_whole_engine():
    encoder, reference = _subset("o200k_base")
    blob = "x" * (subset_encoder.MAX_SEGMENT_BYTES + 1)  # one segment, too long to search
    encoder.cover(blob)
    assert encoder.whole
    assert encoder.encode_covered(blob) == reference.encode_ordinary(blob)


def test_a_lone_surrogate_gets_the_whole_engine_which_replaces_it_as_tiktoken_does():
    encoder, reference = _subset("o200k_base")
    text = "before \ud800 after"
    encoder.cover(text)
    assert encoder.whole
    assert encoder.encode_covered(text) == reference.encode_ordinary(text)


def test_after_its_builds_it_completes_and_stays_exact(monkeypatch):
    monkeypatch.setattr(subset_encoder, "MAX_BUILDS", 2)
    encoder, reference = _subset("o200k_base")
    for word in ("alpha", "beta", "gamma"):
        encoder.cover(word)
        assert encoder.encode_covered(word) == reference.encode_ordinary(word)
    assert encoder.whole


def test_python_whitespace_holds_every_unicode_white_space_character():
    """Segments are cut with Python's `\\s`: it must hold every character the engine's
    `\\s` (Unicode White_Space) holds, or a cut could fall inside a piece."""
    white_space = [*range(0x09, 0x0E), 0x20, 0x85, 0xA0, 0x1680, *range(0x2000, 0x200B),
                   0x2028, 0x2029, 0x202F, 0x205F, 0x3000]
    assert all(chr(c).isspace() for c in white_space)


def test_a_loaded_tokenizer_completes_on_request():
    load.cache_clear()  # a fresh one: another test of this process may have completed it
    tokenizer = load("o200k_base")
    assert tokenizer.encode("short") == tiktoken.get_encoding("o200k_base").encode_ordinary(
        "short")
    engine = tokenizer.complete_fn.__self__
    assert not engine.whole
    tokenizer.complete()
    assert engine.whole
    assert tokenizer.encode("short text, now whole") == tiktoken.get_encoding(
        "o200k_base").encode_ordinary("short text, now whole")


def test_the_whole_engine_is_built_once_before_workers_are_forked(tmp_path, monkeypatch):
    """Workers share the parent's engine; each building its own would cost every worker the
    whole vocabulary's build (a subset grown per worker)."""
    from prefixlint import api, workers

    load.cache_clear()  # not one another test of this process completed
    for i in range(3):
        (tmp_path / f"p{i}.j2").write_text(f"You are assistant {i}. Answer the user's "
                                           "question carefully.\nUser: {{ question }}\n")
    whole_at_fork = []
    run = workers.run

    def spy(count, *args, **kwargs):
        whole_at_fork.append(load("o200k_base").complete_fn.__self__.whole)
        return run(count, *args, **kwargs)

    monkeypatch.setattr(workers, "run", spy)
    api.check([], api.load_config(tmp_path, jobs=2), cwd=tmp_path)
    assert whole_at_fork == [True]



def test_a_run_of_a_few_dozen_prompts_builds_the_whole_engine_and_no_subset(tmp_path):
    """One process measuring many prompts (`--jobs 1`): their texts outgrow the subsets
    within a few prompts, so every subset built on the way would be thrown away."""
    from prefixlint import api, workers

    for i in range(workers.MIN_PROMPTS):
        (tmp_path / f"p{i:02d}.j2").write_text(f"You are assistant {i}. Answer the user's "
                                               "question carefully.\nUser: {{ question }}\n")
    load.cache_clear()
    try:
        result = api.check([], api.load_config(tmp_path, jobs=1), cwd=tmp_path)
        engine = result.tokenizer.complete_fn.__self__
        assert len(result.measurements) == workers.MIN_PROMPTS
        assert engine.whole and engine.builds == 0
    finally:
        load.cache_clear()


def test_the_python_table_of_ranks_is_emptied_once_the_whole_engine_holds_them():
    """About 25 MiB a run of thousands of prompts no longer keeps beside the engine's own."""
    encoder, reference = _subset("o200k_base")
    given = encoder.ranks
    encoder.complete()
    assert encoder.ranks == {} and given == {}
    text = "Every entry is in the native engine now: décor, 日本語, 12345.\n"
    assert encoder.encode_covered(text) == reference.encode_ordinary(text)
    assert encoder.decode_bytes(reference.encode_ordinary(text)) == text.encode()
