"""The Python phase of a run: every prompt the run's Python files send, found in one process
or split among forked workers (`python_workers`), with the same prompts in the same order.

In one process: each file's own prompts (the pass that also finds the project's wrappers of
a sink, its deferred lists of messages and its prompt text with no sink), the modules these
files import when a run has only a few (read for their clients, their prompts not
reported), then round after round the calls of the wrappers found so far (each round may
find clients of clients), the wrappers nothing calls, the lists no wrapper sends, and the
prompt text no prompt holds.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Sequence

from . import rules
from .frontends.project_files import InputError
from .frontends.python import CONTEXT_MODULES, PythonProject, is_python
from .ir import Finding

if TYPE_CHECKING:
    from .worker_measure import Measurer

# Workers are started for the Python phase when at least this many of the run's files
# mention a prompt sink (the text test that decides whether a file is parsed): below it,
# forking and sending prompts back costs more than a share of the parsing saves.
MIN_PARSED_FILES = 24


@dataclass(frozen=True)
class PythonPhase:
    """The Python prompts of a run, each with its notes, in the order one process finds
    them (before duplicates are dropped), and the findings of files that could not be read.
    `measured` holds, at a prompt's position, what a worker measured of it (what the run's
    `Measurer` returned), None where the run measures it itself (empty: none measured)."""

    prompts: tuple[tuple, ...]
    findings: tuple[Finding, ...]
    measured: tuple[object, ...] = ()

    def measured_at(self, position: int) -> object:
        """What a worker measured of the prompt at `position`, or None."""
        return self.measured[position] if position < len(self.measured) else None


def internal(exc: Exception) -> str:
    """The PFX900 message for a bug in prefixlint itself, confined to one file."""
    if os.environ.get("PREFIXLINT_DEBUG"):
        raise exc
    return (f"prefixlint could not analyze this file (internal error: {type(exc).__name__}: "
            f"{exc}); please report it, with PREFIXLINT_DEBUG=1 for the traceback")


def own_prompts(python: PythonProject, name: str) -> tuple[list, Finding | None]:
    """A file's own prompts (first pass), or the finding that says why it was not read."""
    try:
        return python.prompts(name), None
    except InputError as error:
        return [], rules.input_error(error.message, error.path, error.line, name,
                                     error.column)
    except Exception as exc:  # noqa: BLE001 - one file's bug must not stop the run
        return [], rules.input_error(internal(exc), name, 1, name)


def wrapper_calls(python: PythonProject, name: str, wrappers: dict,
                  ) -> tuple[list, Finding | None]:
    """The prompts a file sends through one round's wrappers, or the finding that says why
    they were not read: a file whose first pass fit its budget may not fit it here (an
    unreadable file's finding, from the first pass, is the one kept: see `add_finding`)."""
    before = python.calls_made()
    try:
        return python.wrapper_prompts(name, wrappers), None
    except InputError as error:
        python.undo_calls(before)
        return [], rules.input_error(
            f"{error.message} while following its calls of the project's own functions that "
            "send a prompt", error.path, error.line, name, error.column)
    except Exception as exc:  # noqa: BLE001
        from .frontends.python.foreign import ReplayError

        if isinstance(exc, ReplayError):
            raise
        return [], rules.input_error(internal(exc), name, 1, name)


def add_finding(findings: list[Finding], finding: Finding | None) -> None:
    """Add a file's PFX900 finding unless that file has one already (a file refused by its
    first pass is refused again by each round of wrappers: one finding says it)."""
    if finding is not None and all(f.span.path != finding.span.path for f in findings):
        findings.append(finding)


def python_prompts(files: Sequence[str], python: PythonProject, jobs: int,
                   step: Callable[[], None],
                   measurer: Measurer | None = None) -> PythonPhase:
    """The Python prompts of `files` (the run's files, in order), on `jobs` workers when
    the run has enough files that mention a sink and none of its imported modules need
    reading (see `python_workers`), else in this process. Either way the same prompts in
    the same order: the project's modules are released at the end. With a `measurer`,
    workers measure the prompts they built that they can (`worker_measure`)."""
    sources = [f for f in files if is_python(f)]
    if jobs > 1 and len(sources) > CONTEXT_MODULES:
        from . import python_workers

        split = python_workers.split_prompts(sources, python, jobs, step, MIN_PARSED_FILES,
                                             measurer)
        if split is not None:
            python.close()
            return split
    return _serial(files, python, step)


def _serial(files: Sequence[str], python: PythonProject, step: Callable[[], None],
            ) -> PythonPhase:
    prompts: list = []
    findings: list[Finding] = []
    for name in files:
        if not is_python(name):
            continue
        step()
        built, finding = own_prompts(python, name)
        prompts.extend(built)
        if finding is not None:
            findings.append(finding)
        python.release()
    # The project modules these files import and that are not analyzed (a `check` of the
    # changed files): their clients are found, their own prompts are not reported. Only for
    # a run of a few files: a run of a whole tree has them among its own.
    sources = [f for f in files if is_python(f)]
    context = python.context_modules(sources) if len(sources) <= CONTEXT_MODULES else []
    for name in context:
        try:
            python.prompts(name)
        except Exception:  # noqa: BLE001 - a module only read for its clients
            pass
        python.release()
    if python.wrappers:  # prompts sent through the project's own wrappers of a sink
        found_in = 0
        while (wrappers := python.wrapper_round(found_in)):  # clients of clients, in turn
            for name in [*files, *context]:
                if not is_python(name):
                    continue
                sent, finding = wrapper_calls(python, name, wrappers)
                if name not in context:
                    prompts.extend(sent)
                    add_finding(findings, finding)
                python.release()
            found_in += 1
        prompts.extend(python.unused_wrappers())
    prompts.extend(python.remaining_lists())
    prompts.extend(python.remaining_texts(prompts))
    if context:
        outside = set(context)
        prompts = [p for p in prompts if p[0].path not in outside]
    python.close()  # every Python prompt is built: its parsed modules are not needed again
    return PythonPhase(tuple(prompts), tuple(findings))
