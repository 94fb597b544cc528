"""Measuring prompts on several processes, with results in prompt order.

Analysis (parsing, linking files) runs once, in the parent; measuring — rendering variants
and tokenizing them, most of a run's time — is split over forked workers, each measuring
every N-th prompt and sending back what it found. Results are put back in prompt order, so
the output is byte for byte that of a serial run. A worker that dies (killed, out of memory)
costs the prompts it had not finished, each reported as that prompt's error, not the run.
Where processes cannot be forked, prompts are measured one after another.
"""

from __future__ import annotations

import os
import sys
from typing import Callable, TypeVar

Outcome = TypeVar("Outcome")

MIN_PROMPTS = 24  # below this, starting workers costs more than it saves


def cores() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def default_jobs(prompts: int) -> int:
    """As many workers as this process may use cores, for more than a few dozen prompts."""
    return 1 if prompts < MIN_PROMPTS else cores()


def can_fork() -> bool:
    import multiprocessing

    return sys.platform != "win32" and "fork" in multiprocessing.get_all_start_methods()


def run(count: int, measure_one: Callable[[int], Outcome], jobs: int,
        sendable: Callable[[int, Outcome], object], received: Callable[[int, object], Outcome],
        lost: Callable[[int, str], Outcome]) -> list[Outcome]:
    """`measure_one(i)` for i in range(count), on `jobs` forked workers when that is worth it.

    `sendable(i, outcome)` turns an outcome into what can be pickled (a measurement without
    its prompt's renderer), `received(i, payload)` turns it back in the parent, and
    `lost(i, why)` stands for the outcome of a prompt whose worker stopped before sending it.
    """
    jobs = min(jobs, count, cores())  # `--jobs 64` on 2 cores: 2 workers, not 64 forks
    if jobs <= 1 or not can_fork():
        return [measure_one(index) for index in range(count)]
    import multiprocessing
    from multiprocessing.connection import wait

    context = multiprocessing.get_context("fork")
    workers = []
    for worker in range(jobs):
        reader, writer = context.Pipe(duplex=False)
        process = context.Process(target=_work, args=(measure_one, range(worker, count, jobs),
                                                      writer, sendable), daemon=True)
        process.start()
        writer.close()
        workers.append((process, reader, list(range(worker, count, jobs))))
    results: dict[int, Outcome] = {}
    open_readers = {reader: (process, indices) for process, reader, indices in workers}
    while open_readers:
        for reader in wait(list(open_readers)):
            try:
                index, payload = reader.recv()
            except (EOFError, OSError):
                process, indices = open_readers.pop(reader)
                process.join()
                for missing in indices:
                    if missing not in results:
                        results[missing] = lost(missing, _why(process.exitcode))
                continue
            results[index] = received(index, payload) if payload is not None else \
                lost(index, "its result could not be sent back from the worker")
    return [results[index] for index in range(count)]


def _work(measure_one, indices, writer, sendable) -> None:
    """A worker: measure its prompts in order and send each result as soon as it is ready.
    Anything that escapes ends the worker quietly (no traceback on the user's terminal):
    the parent reports the prompts it did not send."""
    try:
        for index in indices:
            outcome = measure_one(index)
            try:
                writer.send((index, sendable(index, outcome)))
            except Exception:  # noqa: BLE001 - a result that cannot be pickled
                writer.send((index, None))
        writer.close()
    except BaseException:  # noqa: BLE001 - the parent reports what is missing
        os._exit(70)


def _why(exitcode: int | None) -> str:
    if exitcode is not None and exitcode < 0:
        return f"the worker measuring it was stopped by signal {-exitcode}"
    return f"the worker measuring it stopped (exit code {exitcode})"
