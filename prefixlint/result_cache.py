"""The result of `check` kept between runs: a run on an unchanged tree is free.

A stored result is used only when everything it came from is the same: prefixlint's version,
the settings, the paths asked for, and the content (sha256) of every file the run found or
read — templates, their includes, imported modules. Any difference means a full run, whose
result replaces the old one. Results are JSON (a cache inside a project is never unpickled
or executed), in `.prefixlint_cache/` at the project root (or `cache-dir`), a folder with a
`.gitignore` of its own, as ruff keeps its cache. A result measured with approximate token
counts is not kept. A stored result holds what `check`'s outputs need, not the renderers
that `report`, `render` and `prewarm` use, so only `check` reads it.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import hmac
import json
import os
import re
import stat
import time
from pathlib import Path
from typing import Iterable

from . import __version__
from .config import Config

FOLDER = ".prefixlint_cache"
FORMAT = 5  # 2: prompts say what sends them (`sink`); 3: and what they were not followed past;
# 4: holes say where Python passed them (`passed`), prompts where they are sent (`sent_to`);
# 5: each entry is signed, files looked for and absent are recorded as `absent`, and each
# file's size, mtime and inode are kept (`stats`) so that an unchanged file is not read again
KEY_FILE = "result-cache.key"  # in the user cache, never in a project
MAX_ENTRY_BYTES = 256_000_000  # a stored result is kilobytes to a few megabytes


# The Cache Directory Tagging marker (https://bford.info/cachedir/): backup tools skip the
# folder, and `clean` removes nothing from a folder that does not carry it.
TAG = "CACHEDIR.TAG"
TAG_TEXT = ("Signature: 8a477f597d28d172789f06886806bc55\n"
            "# This file is a cache directory tag created by prefixlint.\n")
IGNORE_TEXT = "# Automatically created by prefixlint.\n*\n"
_OWN = re.compile(r"(?:check|view)-[0-9a-f]{24}\.json(?:\.\d+\.tmp)?")


def folder(config: Config) -> Path:
    return Path(config.cache_dir) if config.cache_dir else config.root / FOLDER


def _create(path: Path, text: str) -> None:
    """Write a new file, never through a link (a link planted where it goes is left alone:
    the write fails and the run goes on without a cache)."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL
                         | getattr(os, "O_NOFOLLOW", 0), 0o644)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(text)


def _own_folder(target: Path) -> bool:
    """Whether `target` is a cache folder prefixlint made: a real folder (not a link) with
    its tag; one made before tags holds only prefixlint's own files, and is tagged now."""
    if target.is_symlink() or not target.is_dir():
        return False
    tag = target / TAG
    if tag.is_file() and not tag.is_symlink():
        return True
    names = [item.name for item in target.iterdir()]
    if any(not (_OWN.fullmatch(n) or n == ".gitignore") for n in names):
        return False
    try:
        _create(tag, TAG_TEXT)
    except OSError:
        return False
    return True


ABSENT = "absent"
# A file whose modification time is this close to when its result was stored may change
# again within the clock's resolution without its time changing: it is always hashed.
RACY_NS = 2_000_000_000


def _stat(path: Path) -> tuple[int, int, int] | None:
    """(size, mtime_ns, inode) of a regular file, the stat-based index a stored result is
    checked against before any file is read; None for anything else."""
    return _state(path, read=False)[1]


def _digest(path: Path) -> str | None:
    """The sha256 of a regular file's bytes, `absent` for a file the run looked for and did
    not find (an include not yet written: the result is stale once it is); None for
    anything else (a pipe is never opened, a run that read one is not kept)."""
    return _state(path)[0]


def _state(path: Path, read: bool = True) -> tuple[str | None, tuple[int, int, int] | None]:
    """A file's digest (see `_digest`; not computed unless `read`) and stat (see `_stat`),
    from one `stat` call."""
    try:
        status = os.stat(path)
    except FileNotFoundError:
        return (None if path.is_symlink() else ABSENT), None
    except OSError:
        return None, None
    if not stat.S_ISREG(status.st_mode):
        return None, None
    try:
        digest = hashlib.sha256(path.read_bytes()).hexdigest() if read else None
    except OSError:
        return None, None
    return digest, (status.st_size, status.st_mtime_ns, status.st_ino)


def _key() -> bytes | None:
    """The secret that signs this user's entries, kept in the user cache (created on first
    use, readable by the user alone); None when there is none to be had, and then no result
    is kept or read. An entry committed to a repository, or written by hand, is not signed
    with it and is ignored: a cache cannot turn a failing check into a passing one."""
    from .user_cache import user_cache_dir

    folder = user_cache_dir()
    if folder is None:
        return None
    path = folder / KEY_FILE
    flags = getattr(os, "O_NOFOLLOW", 0)
    try:
        descriptor = os.open(path, os.O_RDONLY | flags)
    except FileNotFoundError:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | flags, 0o600)
            with os.fdopen(descriptor, "wb") as handle:
                handle.write(os.urandom(32))
            descriptor = os.open(path, os.O_RDONLY | flags)
        except OSError:
            return None
    except OSError:
        return None
    with os.fdopen(descriptor, "rb") as handle:
        key = handle.read(65)
    return key if len(key) == 32 else None


def _signed(key: bytes, text: str) -> str:
    return hmac.new(key, text.encode("ascii"), hashlib.sha256).hexdigest()


@functools.lru_cache(maxsize=1)
def _data_digest() -> str:
    """What the analysis is made of: prefixlint's own code, the data it reads (library
    models, the table of names) and the rule catalogue. A result computed by other code
    (a checkout edited since, a rule added) is not this run's, whatever the version says.
    Each file counts by its name, size and modification time (not its content: reading all
    of them cost an unchanged run more than the rest of its work)."""
    from .config import rules_folder

    package = Path(__file__).resolve().parent
    rules = rules_folder()
    files = sorted(package.rglob("*.py")) + sorted((package / "models").glob("*.toml")) + \
        [package / "data" / "names.toml"] + (sorted(rules.glob("PFX*.toml")) if rules else [])
    marks = []
    for path in files:
        seen = path.stat()
        marks.append(f"{path.relative_to(package.parent)}\t{seen.st_size}\t{seen.st_mtime_ns}")
    return hashlib.sha256("\n".join(marks).encode("utf-8", "surrogateescape")).hexdigest()


def _entry(config: Config, paths: Iterable[str], cwd: Path) -> Path:
    # Settings that change the result (not where the cache lives, nor how many workers).
    settings = repr(dataclasses.replace(config, cache_dir=None, jobs=None))
    tokenizer_files = [config.tokenizer_path or "", config.chat_template or ""]
    if config.tokenizer.startswith("hf:"):  # a model's tokenizer.json: its content counts
        target = Path(config.tokenizer[3:])
        tokenizer_files.append(str(target / "tokenizer.json" if target.is_dir() else target))
    digests = [_digest(Path(f)) if f else "" for f in tokenizer_files]
    key = json.dumps([FORMAT, __version__, settings, sorted(str(p) for p in paths), str(cwd),
                      digests, _data_digest()])
    return folder(config) / f"check-{hashlib.sha256(key.encode()).hexdigest()[:24]}.json"


INDEX = ("format", "found", "files", "stats")  # what a stored document is checked against


def _signed_document(path: Path) -> dict | None:
    """A stored JSON document this user's prefixlint signed, or None (absent, a link or a
    device, too large, not signed with the user's key, not an object)."""
    status = os.lstat(path)
    if not stat.S_ISREG(status.st_mode) or status.st_size > MAX_ENTRY_BYTES:
        return None  # a link, pipe or device is never opened, nor a huge file: a miss
    key = _key()
    signature, _, text = path.read_text(encoding="ascii").partition("\n")
    if key is None or not hmac.compare_digest(signature, _signed(key, text)):
        return None  # not written by this user's prefixlint
    document = json.loads(text)
    return document if isinstance(document, dict) else None


def _current(document: dict, config: Config, found: Iterable[str]) -> bool:
    """Whether a stored document still stands: the same files found, and each file it came
    from unchanged (its stat first; its content only when the stat changed)."""
    if document.get("format") != FORMAT or sorted(found) != document["found"]:
        return False
    root = config.root
    stats = document["stats"]
    for name, digest in document["files"].items():
        seen = stats.get(name)
        if seen is not None and _stat(root / name) == tuple(seen):
            continue  # same size, time and inode as when it was hashed: not read again
        if _digest(root / name) != digest:
            return False
    return True


def load(config: Config, paths: Iterable[str], cwd: Path, found: Iterable[str]):
    """The stored result of the same run, or None (absent, stale, unreadable)."""
    from .api import Result
    from .result_data import finding_from, measurement_from, not_loaded
    from .tokenizers import Tokenizer

    try:
        document = _signed_document(_entry(config, paths, cwd))
        if document is None or not _current(document, config, found):
            return None
        tokenizer = Tokenizer(document["tokenizer"], not_loaded, "cache")
        return Result(tokenizer, tuple(finding_from(f) for f in document["findings"]),
                      tuple(measurement_from(m) for m in document["measurements"]), config,
                      config.provider_model(), cache_index={k: document[k] for k in INDEX})
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None  # damaged, of another shape, or not ASCII: a miss


def store(config: Config, paths: Iterable[str], cwd: Path, found: Iterable[str],
          read: Iterable[str], result) -> dict | None:
    """Keep a run's result for the next identical run, and return what it is checked against
    (the index `store_view` keeps an output with); nothing happens when it cannot be
    written: a cache is never worth failing a run."""
    from .result_data import finding_data, measurement_data

    if result.tokenizer.approximate:
        return None
    root = config.root
    files, stats = {}, {}
    recent = time.time_ns() - RACY_NS
    for name in sorted(set(found) | set(read)):
        digest, seen = _state(root / name)
        if digest is None:
            return None
        files[name] = digest
        if seen is not None and seen[1] < recent:  # a file changed just now is hashed again
            stats[name] = list(seen)
    index = {"format": FORMAT, "found": sorted(found), "files": files, "stats": stats}
    document = index | {"tokenizer": result.tokenizer.name,
                "findings": [finding_data(f) for f in result.findings],
                "measurements": [measurement_data(m) for m in result.measurements]}
    entry = _entry(config, paths, cwd)
    target = entry.parent
    try:
        if not target.exists() and not target.is_symlink():
            target.mkdir(parents=True)
        if not _own_folder(target):
            return None  # a link, or a folder holding files not prefixlint's: never written
        ignore = target / ".gitignore"
        if not ignore.exists() and not ignore.is_symlink():
            _create(ignore, IGNORE_TEXT)
        key = _key()
        if key is None:
            return None
        _write(entry, document, key)
    except (OSError, ValueError):
        return None
    return index


def _write(path: Path, document: dict, key: bytes) -> None:
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    # ASCII JSON: a file name that is not UTF-8 (kept as surrogates) round-trips
    text = json.dumps(document)
    _create(tmp, _signed(key, text) + "\n" + text)
    tmp.replace(path)  # atomic in one folder; a link at `path` is replaced, not followed


def _view(config: Config, paths: Iterable[str], cwd: Path, view: str) -> Path:
    entry = _entry(config, paths, cwd)
    digest = hashlib.sha256(f"{entry.name}\n{view}".encode()).hexdigest()[:24]
    return entry.with_name(f"view-{digest}.json")


def load_view(config: Config, paths: Iterable[str], cwd: Path, found: Iterable[str],
              view: str) -> tuple[str, int] | None:
    """What the same run printed and exited with, for the same output options (`view`),
    when nothing it came from changed; None otherwise. An unchanged tree is answered
    without reading the stored result or rendering it again."""
    try:
        document = _signed_document(_view(config, paths, cwd, view))
        if document is None or not _current(document, config, found):
            return None
        return str(document["output"]), int(document["exit"])
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None


def store_view(config: Config, paths: Iterable[str], cwd: Path, view: str, output: str,
               exit_code: int, index: dict) -> None:
    """Keep what a run printed beside its stored result, checked against the same `index`
    (what `store` returned, or the one `load` read); nothing happens when it cannot be
    written."""
    try:
        key = _key()
        if key is None or not _own_folder(folder(config)):
            return
        _write(_view(config, paths, cwd, view), index | {"output": output, "exit": exit_code},
               key)
    except (OSError, ValueError):
        pass


def clean(config: Config) -> int:
    """Remove the stored results (`prefixlint clean`); the number of files removed."""
    removed = 0
    target = folder(config)
    tag = target / TAG
    if target.is_symlink() or not target.is_dir() or tag.is_symlink() or not tag.is_file():
        return 0  # only a folder prefixlint tagged as its own
    for item in sorted(target.iterdir()):
        if item.is_symlink() or not item.is_file():
            continue
        ours = _OWN.fullmatch(item.name) or (
            item.name == ".gitignore" and item.read_text(errors="replace") == IGNORE_TEXT)
        if ours:
            item.unlink()
            removed += 1
    try:
        tag.unlink()
        target.rmdir()  # only when nothing else is left in it
    except OSError:
        pass
    return removed
