"""Where recorded requests are read from: one file, or a folder of them, each in one of the
forms teams keep — JSONL request bodies (`recorded.parse`), an OpenTelemetry trace export
(`otel.py`), a Langfuse export (`langfuse.py`) or LiteLLM proxy logs (`litellm_logs.py`).
A file's form is told by the first of the keys that open each form's records near its start,
and every form is read within the bounds of `recorded.py`: a line, a file or a folder past
them is named as an error, and the rest is never held whole.
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from .. import bounded_json
from . import recorded
from .recorded import Request

HEAD_CHARS = 65_536  # where a form's opening keys are looked for
MAX_FILES = 10_000  # files of a folder read in one run
SUFFIXES = (".json", ".jsonl", ".ndjson")  # the files of a folder that are read

# Keys that open each form's records; the one found first near a file's start names it.
MARKERS = {"otel": ("resourceSpans",),
           "litellm": ("call_type",),
           "langfuse": ("traceId", "projectId", "sessionId", "observations", "usageDetails")}
_KEY = re.compile(r'(?<!\\)"(' + "|".join(k for keys in MARKERS.values() for k in keys)
                  + r')"\s*:')
_FORM = {key: form for form, keys in MARKERS.items() for key in keys}


@dataclass(frozen=True)
class Document:
    """One JSON document of a trace export, and where it was read (for error messages)."""

    number: int  # its first line in its file
    where: str  # "line 3", or "logs/a.jsonl: line 3" in a folder
    data: object


def detect(head: str) -> str:
    """The form of a file from its start: otel, litellm, langfuse, or jsonl (request
    bodies, which open with none of the keys)."""
    found = _KEY.search(head)
    return _FORM[found.group(1)] if found else "jsonl"


def timestamp_ns(value: object) -> int:
    """When a record started, in nanoseconds since the epoch: from seconds (LiteLLM's
    `startTime`) or an ISO 8601 text (Langfuse, LiteLLM's spend logs); 0 when unreadable,
    which keeps such records in file order, first."""
    if isinstance(value, bool):
        return 0
    if isinstance(value, (int, float)):
        return int(round(value * 1_000_000)) * 1_000 if math.isfinite(value) else 0
    if not isinstance(value, str):
        return 0
    text = re.sub(r"\.(\d+)", lambda m: "." + (m.group(1) + "00000")[:6],
                  value.strip().replace("Z", "+00:00"))
    try:
        moment = datetime.fromisoformat(text.replace(" ", "T", 1))
    except ValueError:
        return 0
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    delta = moment - datetime(1970, 1, 1, tzinfo=timezone.utc)
    return (delta.days * 86_400 + delta.seconds) * 1_000_000_000 + delta.microseconds * 1_000


def read(path: Path) -> tuple[list[Request], list[str]]:
    """The requests of a file, or of the .json, .jsonl and .ndjson files of a folder and its
    subfolders (trace exports are often written as many files), in the order
    they were sent where the records say when; and one error per line or record that
    cannot be read."""
    errors: list[str] = []
    budget = [recorded.MAX_TOTAL_CHARS]
    if not path.is_dir():
        return _merge([_file(path, "", budget, errors)], errors), errors
    files = _files(path)
    if len(files) > MAX_FILES:
        errors.append(f"past {MAX_FILES:,} files, the rest is not read")
    read_files = []
    for file in files[:MAX_FILES]:
        if budget[0] <= 0:
            errors.append(f"{file.relative_to(path).as_posix()}: past "
                          f"{recorded.MAX_TOTAL_CHARS:,} characters of requests, not read")
            continue
        read_files.append(_file(file, file.relative_to(path).as_posix() + ": ", budget,
                                errors))
    return _merge(read_files, errors), errors


def _files(folder: Path) -> list[Path]:
    """The files of a folder to read — its own, then each subfolder's, in name order —
    without following links to folders or reading hidden ones; the walk stops one file
    past MAX_FILES, so a huge tree is never listed whole."""
    found: list[Path] = []
    for root, folders, names in os.walk(folder):
        folders[:] = sorted(f for f in folders if not f.startswith("."))
        found.extend(f for f in (Path(root) / name for name in sorted(names)
                                 if name.endswith(SUFFIXES) and not name.startswith("."))
                     if f.is_file())
        if len(found) > MAX_FILES:
            break
    return found[:MAX_FILES + 1]


def _file(path: Path, label: str, budget: list[int], errors: list[str]):
    """(form, requests or documents) of one file: JSONL request bodies are parsed here,
    the documents of a trace export are read by its form's module (with the other files
    of that form in the folder: a Langfuse export's observations and traces may be apart)."""
    found: list[str] = []
    try:
        with path.open(encoding="utf-8", errors="replace") as handle:
            form = detect(handle.read(HEAD_CHARS))
            handle.seek(0)
            lines = list(recorded.bounded_lines(
                handle, found, budget, None if form == "jsonl" else recorded.MAX_TOTAL_CHARS))
    except OSError as exc:
        errors.append(f"{label}cannot be read ({exc.strerror or exc})")
        return "jsonl", []
    errors.extend(label + error for error in found)
    if form == "jsonl":
        requests = []
        for number, line in lines:
            try:
                requests.append((0, recorded.parse(number, bounded_json.loads(line))))
            except ValueError as exc:
                errors.append(f"{label}line {number}: {exc}")
        return form, requests
    return form, _documents(lines, label, errors)


def _documents(lines: list[tuple[int, str]], label: str, errors: list[str]) -> list[Document]:
    """The JSON documents of an export: one per line (JSONL) when its first line is a
    document of its own, else one over all the lines (a pretty-printed file)."""
    if not lines:
        return []
    try:
        first = bounded_json.loads(lines[0][1])
    except ValueError:
        try:
            whole = bounded_json.loads("".join(line for _, line in lines))
            return [Document(lines[0][0], f"{label}line {lines[0][0]}", whole)]
        except ValueError:
            first = None
    documents = []
    for index, (number, line) in enumerate(lines):
        try:
            data = first if index == 0 and first is not None else bounded_json.loads(line)
        except ValueError as exc:
            errors.append(f"{label}line {number}: {exc}")
            continue
        documents.append(Document(number, f"{label}line {number}", data))
    return documents


def _merge(read_files: list, errors: list[str]) -> list[Request]:
    """The requests of every file, each trace form read by its module over all its
    documents, in the order they started (file order where they do not say)."""
    from . import langfuse, litellm_logs, otel

    readers = {"otel": otel.requests, "langfuse": langfuse.requests,
               "litellm": litellm_logs.requests}
    found: list[tuple[int, Request]] = []
    documents: dict[str, list[Document]] = {}
    for form, items in read_files:
        if form == "jsonl":
            found.extend(items)
        else:
            documents.setdefault(form, []).extend(items)
    for form in ("otel", "langfuse", "litellm"):
        if form in documents:
            found.extend(readers[form](documents[form], errors))
    found.sort(key=lambda item: item[0])  # stable: file and line order among equal starts
    return [request for _, request in found]
