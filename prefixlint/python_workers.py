"""The Python phase of a run split among forked workers: parsing and interpreting each file
where it is read, with the prompts merged in the order one process finds them.

Each worker reads a share of the files (`shares`: by size, a deterministic rule) with its
own lazily loaded view of the project, and the parent merges what they send. The phase runs
in rounds, as in one process (`python_phase`): the first pass (each file's own prompts, the
wrappers of a sink it defines), then one round per generation of wrappers (calls of the
wrappers found so far, which may find clients of clients). Between rounds the parent tells
every worker what the others found, as plain data (`foreign.WrapperNote`); a worker makes
another worker's wrapper itself only when one of its files calls it. At the end each
worker builds the wrappers of its files that nothing called, and sends its lists of
messages no wrapper sent, its prompt text with no sink, and what its workspace read.

Prompts cross processes pickled, with the workspace and the volatility table as references
to the parent's own (a template a Python prompt renders is rendered by the parent's
workspace, which loads the same templates first). Any failure (a worker that dies, a
wrapper that cannot be made again, a result that cannot be sent) makes the parent build
the phase in one process instead: the output never depends on the workers.

When the run gives a `Measurer`, the workers then measure the prompts they built
(`worker_measure`) while the parent finishes the phase and, in a run that loads no template
after it, measures the prompts no worker may (those that render a template file); a worker
that fails then leaves its prompts to the parent to measure.
"""

from __future__ import annotations

import io
import os
import pickle
from typing import Callable, Sequence

from . import workers
from .frontends.python import PythonProject
from .python_phase import PythonPhase, add_finding, own_prompts, wrapper_calls
from .worker_measure import Measurer, left_here, measure_built, picks, sent_prompts


def shares(sizes: Sequence[int], jobs: int) -> list[list[int]]:
    """Indices of files for each of `jobs` workers: the largest first, each to the worker
    with the least so far (the first such worker on a tie), each share in file order."""
    loads = [0] * jobs
    out: list[list[int]] = [[] for _ in range(jobs)]
    for index in sorted(range(len(sizes)), key=lambda i: (-sizes[i], i)):
        worker = min(range(jobs), key=lambda w: (loads[w], w))
        loads[worker] += sizes[index] + 1
        out[worker].append(index)
    return [sorted(share) for share in out]


class _Pickler(pickle.Pickler):
    """Pickles prompts with the run's workspace and volatility table as references."""

    def __init__(self, file, shared: dict[str, object]) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.shared = {id(value): name for name, value in shared.items()}

    def persistent_id(self, obj):  # noqa: D102 - pickle's hook
        return self.shared.get(id(obj))


class _Unpickler(pickle.Unpickler):
    def __init__(self, file, shared: dict[str, object]) -> None:
        super().__init__(file)
        self.shared = shared

    def persistent_load(self, pid):  # noqa: D102 - pickle's hook
        return self.shared[pid]


def _shared(python: PythonProject) -> dict[str, object]:
    """The objects a prompt may refer to that the parent has as well."""
    out: dict[str, object] = {"workspace": python.workspace}
    owner = getattr(python.scope_of, "__self__", None)
    if owner is not None:
        out["volatility"] = owner
    return out


def _send(conn, message, shared: dict[str, object]) -> None:
    buffer = io.BytesIO()
    _Pickler(buffer, shared).dump(message)
    conn.send_bytes(buffer.getbuffer())


def _receive(conn, shared: dict[str, object]):
    return _Unpickler(io.BytesIO(conn.recv_bytes()), shared).load()


def split_prompts(sources: Sequence[str], python: PythonProject, jobs: int,
                  step: Callable[[], None], min_files: int,
                  measurer: Measurer | None = None) -> PythonPhase | None:
    """The Python phase of `sources` (the run's Python files, in order) on `jobs` forked
    workers; None when that is not worth it (fewer than `min_files` files mention a sink)
    or not possible, or when a worker failed: then the caller builds it in one process.
    With a `measurer`, the workers measure what they can of the prompts they built."""
    jobs = min(jobs, workers.cores())
    if jobs <= 1 or not workers.can_fork():
        return None
    sizes = []  # what reading each file costs, about: a file that mentions no sink is
    parsed = 0  # only searched, never parsed
    for name in sources:
        try:
            text = python.workspace.read(name)
        except Exception:  # noqa: BLE001 - its worker reports it
            sizes.append(0)
            continue
        # Once enough files mention a sink, the rest are weighed by the prefilter's
        # substring tests alone: its pattern is left to the worker that reads the file.
        if python.prefilter.search(text) if parsed < min_files else \
                python.prefilter.may_match(text):
            parsed += 1
            sizes.append(len(text))
        else:
            sizes.append(len(text) // 16)
    if parsed < min_files:
        return None
    import libcst  # noqa: F401 - imported once, before the fork, not in every worker

    from .frontends.python import module as _module  # noqa: F401
    from .frontends.python import sinks as _sinks  # noqa: F401
    import multiprocessing

    context = multiprocessing.get_context("fork")
    if measurer is not None:
        measurer.prepare()
    shared = _shared(python)
    started = []
    try:
        for share in shares(sizes, jobs):
            parent, child = context.Pipe(duplex=True)
            process = context.Process(target=_work, args=(child, python, list(sources), share,
                                                          shared, measurer), daemon=True)
            process.start()
            child.close()
            started.append((process, parent))
        return _coordinate(sources, [conn for _, conn in started], python, step, shared,
                           measurer)
    except (EOFError, OSError, pickle.PickleError, _WorkerFailed):
        return None
    finally:
        for process, conn in started:
            conn.close()
            process.join(timeout=5)
            if process.is_alive():
                process.kill()
                process.join()


class _WorkerFailed(Exception):
    """A worker said it could not finish its share."""


def _gather(conns, shared, kind: str, origin: dict[int, tuple[int, int]] | None = None,
            counts: list[int] | None = None) -> list:
    """One message of `kind` from every worker, in worker order. With `origin`, each prompt
    received is recorded there (by id()) as its worker's and its place among what that
    worker sent (`counts` holds how many each worker has sent so far)."""
    out = []
    for worker, conn in enumerate(conns):
        message = _receive(conn, shared)
        if message[0] != kind:
            raise _WorkerFailed(str(message[1:2]))
        if origin is not None and counts is not None:
            for prompt, _ in sent_prompts(message):
                origin[id(prompt)] = (worker, counts[worker])
                counts[worker] += 1
        out.append(message)
    return out


def _coordinate(sources: Sequence[str], conns: list, python: PythonProject,
                step: Callable[[], None], shared: dict[str, object],
                measurer: Measurer | None = None) -> PythonPhase:
    place = {name: index for index, name in enumerate(sources)}
    origin: dict[int, tuple[int, int]] = {}  # a received prompt's worker and place
    counts = [0] * len(conns)

    def in_order(notes) -> tuple:
        return tuple(sorted(notes, key=lambda n: (place[n.key[0]], n.key[2])))

    first = _gather(conns, shared, "first", origin, counts)
    own: dict[int, tuple[list, object]] = {}
    notes = []
    for _, outcomes, found in first:
        for index, built, finding in outcomes:
            own[index] = (built, finding)
        notes.extend(found)
    prompts: list = []
    findings: list = []
    for index in range(len(sources)):
        step()
        built, finding = own[index]
        prompts.extend(built)
        if finding is not None:
            findings.append(finding)
    round_notes = in_order(notes)
    if round_notes:
        called: set = set()
        while round_notes:
            for conn in conns:
                _send(conn, ("round", round_notes), shared)
            sent: dict[int, tuple[list, object]] = {}
            notes = []
            for _, outcomes, found, calls in _gather(conns, shared, "round", origin,
                                                     counts):
                for index, built, finding in outcomes:
                    sent[index] = (built, finding)
                notes.extend(found)
                called |= calls
            for index in range(len(sources)):
                built, finding = sent[index]
                prompts.extend(built)
                add_finding(findings, finding)
            round_notes = in_order(notes)
        for conn in conns:
            _send(conn, ("last", frozenset(called)), shared)
    else:
        for conn in conns:
            _send(conn, ("last", None), shared)
    unused: list = []
    lists: dict[str, list] = {}
    inferred: dict[str, list] = {}
    texts: dict[str, list] = {}
    workspace = python.workspace
    loads: list[str] = []
    for _, alone, own_lists, own_inferred, own_texts, state in _gather(conns, shared, "last",
                                                                       origin, counts):
        unused.extend(alone)
        lists.update(own_lists)
        inferred.update(own_inferred)
        texts.update(own_texts)
        read, overlay, origins, loaded = state
        workspace.files_read.update(read)
        workspace.overlay.update(overlay)
        workspace.origins.update(origins)
        loads.extend(loaded)
    for (name, round_, path, seq), built in sorted(unused, key=lambda u: (
            u[0][0], u[0][1], place[u[0][2]], u[0][3])):
        prompts.extend(built)
    for table in (lists, inferred):
        for path in sorted(table):
            prompts.extend(table[path])
    python.texts = texts
    prompts.extend(python.remaining_texts(prompts))
    _load_templates(python, loads)
    if measurer is None:
        return PythonPhase(tuple(prompts), tuple(findings), ())
    found = picks(prompts, origin)
    # The prompts no worker measures, measured here while the workers measure theirs.
    here = {position: measurer.measure(*prompts[position])
            for position in (left_here(prompts, found, len(conns)) if measurer.early else ())}
    measured = _measured(conns, shared, found, len(prompts))
    return PythonPhase(tuple(prompts), tuple(findings),
                       tuple(here.get(position, payload)
                             for position, payload in enumerate(measured)))


def _measured(conns: list, shared: dict[str, object], found: list[tuple[int, int, int]],
              count: int) -> tuple[object, ...]:
    """What the workers measured of the prompts the run keeps, at each prompt's position
    (None where no worker measured it, and for all of them when a worker failed: the
    parent then measures them itself, as it would have)."""
    out: list[object] = [None] * count
    try:
        measured = [payloads for _, payloads in _gather(conns, shared, "measured")]
        for position, worker, place in found:
            out[position] = measured[worker][place]
    except (EOFError, OSError, pickle.PickleError, _WorkerFailed, IndexError):
        return (None,) * count
    return tuple(out)


def _load_templates(python: PythonProject, names: list[str]) -> None:
    """Load in the parent the templates the workers loaded, so that its workspace holds
    what one process's would (the prompts that render them render here)."""
    from .frontends.project_files import InputError

    for name in dict.fromkeys(names):
        try:
            python.workspace.load(name)
        except (InputError, Exception):  # noqa: BLE001 - as a worker met it
            pass


def _work(conn, python: PythonProject, sources: list[str], share: list[int],
          shared: dict[str, object], measurer: Measurer | None = None) -> None:
    """A worker: its share's first pass, then each round it is sent, then what is left,
    then (with a `measurer`) the prompts the parent asks it to measure."""
    try:
        sent = _serve(conn, python, sources, share, shared)
        if measurer is not None:  # (the parent reads the last message meanwhile)
            _send(conn, ("measured", measure_built(sent, measurer)), shared)
        conn.close()
    except BaseException:  # noqa: BLE001 - the parent builds the phase itself
        os._exit(70)


def _serve(conn, python: PythonProject, sources: list[str], share: list[int],
           shared: dict[str, object]) -> list:
    """The worker's part of the phase; the prompts it sent (each with its notes), in the
    order of `sent_prompts`."""
    from .frontends.python.foreign import ForeignWrappers, WrapperNote

    built_here: list = []

    def send(message) -> None:
        built_here.extend(sent_prompts(message))
        _send(conn, message, shared)

    own = frozenset(sources[index] for index in share)
    foreign = python.foreign = ForeignWrappers(python, own)

    def notes(round_: int) -> list:
        return [WrapperNote.of(w) for key, w in python.by_key.items()
                if key[0] in own and key[1] == round_]

    outcomes = []
    for index in share:
        built, finding = own_prompts(python, sources[index])
        outcomes.append((index, built, finding))
        python.release()
    send(("first", outcomes, notes(0)))
    while True:
        message = _receive(conn, shared)
        if message[0] == "last":
            break
        foreign.add_round(message[1])
        round_ = len(foreign.rounds) - 1
        view = foreign.view(round_)
        outcomes = []
        for index in share:
            built, finding = wrapper_calls(python, sources[index], view)
            if foreign.failed:
                raise RuntimeError("a wrapper of another worker could not be made again")
            outcomes.append((index, built, finding))
            python.release()
        send(("round", outcomes, notes(round_ + 1), foreign.called()))
    called = message[1]
    unused = []
    if called is not None:
        for key, wrapper in list(python.by_key.items()):
            if key[0] in own and (key not in called or python.handed(wrapper)):
                unused.append(((wrapper.name, key[1], key[0], key[2]),
                               python.alone_prompts(wrapper)))
    lists = {path: python.unsent(python.lists, path) for path in python.lists if path in own}
    inferred = {path: python.unsent(python.inferred, path) for path in python.inferred
                if path in own}
    texts = {path: found for path, found in python.texts.items() if path in own}
    texts = _unsent_texts(built_here, unused, lists, inferred, texts)
    workspace = python.workspace
    loaded = list(workspace.marked.scans) if "marked" in workspace.__dict__ else []
    state = (workspace.files_read, workspace.overlay, workspace.origins, loaded)
    send(("last", unused, lists, inferred, texts, state))
    return built_here


def _unsent_texts(earlier: list, unused: list, lists: dict, inferred: dict,
                  texts: dict) -> dict:
    """A worker's prompt text found without a sink, less what its own prompts already send
    (the run's prompts, a superset, send it too: the parent would drop it). Text that fills
    a constant by keyword (`MOVE_PROMPT.format(move=...)`) stays, sent or not: the parent
    leaves the constant it fills to it, as a run in one process does."""
    from .frontends.python.project import sent_places, text_sent

    if not any(texts.values()):
        return texts
    built = [*earlier, *(item for _, found in unused for item in found),
             *(item for table in (lists, inferred) for found in table.values()
               for item in found)]
    _, used, here = sent_places(built)
    return {path: [c for c in found if c.fills is not None or not text_sent(c, used, here)]
            for path, found in texts.items()}
