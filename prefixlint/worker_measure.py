"""Which Python prompts a worker of the Python phase measures itself, and where the parent
finds what it measured.

A worker that built a prompt can measure it where it is (rendering its variants and
tokenizing them, then the rules) and send back the measurement and findings as plain data,
rather than the parent measuring every prompt after the phase on a second set of forked
workers. A worker measures what it built as soon as it has sent the last of it, while the
parent reads and merges that; the parent then takes, for each prompt the run keeps, what
the worker that built it measured.

Only a prompt whose rendering depends on nothing but the prompt is measured there: its
blocks are text and values (`SegmentRenderer`), with no template file rendered through the
workspace (the parent's workspace has loaded every template of the run by the time it
measures; a worker's has loaded only what its files needed). Every other prompt is measured
by the parent as before, so the measurements are those of one process whichever measured
them. When the run loads no template after the phase (`Measurer.early`: it has Python files
only), the parent measures those others itself once it has loaded the templates the
workers loaded, while the workers measure theirs (`left_here`), rather than after them on
a second set of forked workers, as long as they are not more than a worker measures.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Sequence

from .ir import Prompt, Text


@dataclass(frozen=True)
class Measurer:
    """How a run measures a prompt, for the workers of its Python phase."""

    # What measuring one prompt (with its notes) gives, as it can be pickled: its outcome
    # (a measurement without its prompt, holes as their places in the prompt's holes) and
    # what the rules say of it.
    measure: Callable[[Prompt, list], object]
    # Called once before the workers are forked: what every worker's measuring needs,
    # built once in the parent (the whole tokenizer) rather than in each of them.
    prepare: Callable[[], None]
    # Whether the parent may measure, during the phase, the prompts no worker measures:
    # only when the run loads no template after the phase (its workspace is then as it
    # will be when the run measures).
    early: bool = False


def measurable_there(prompt: Prompt) -> bool:
    """Whether a worker may measure `prompt` itself: it renders from its own blocks alone."""
    from .frontends.python.renderer import SegmentRenderer

    if type(prompt.renderer) is not SegmentRenderer:
        return False
    return not any(type(segment) is not Text and segment.kind == "template"
                   for block in prompt.blocks for segment in block.segments)


def measure_built(built: Sequence[tuple], measurer: Measurer) -> list[object]:
    """What a worker measured of the prompts it sent (each with its notes), in the order it
    sent them: None for a prompt it may not measure, and for a prompt whose id it already
    measured (the run keeps the first prompt of an id; the parent measures any it needs
    that a worker left)."""
    done: set[str] = set()
    out: list[object] = []
    for prompt, notes in built:
        if prompt.id in done or not measurable_there(prompt):
            out.append(None)
            continue
        done.add(prompt.id)
        out.append(measurer.measure(prompt, notes))
    return out


def picks(prompts: Iterable[tuple], origin: dict[int, tuple[int, int]],
          ) -> list[tuple[int, int, int]]:
    """Where to find what a worker measured of each prompt the run measures (the first
    prompt of each id, as `analysis._distinct` keeps it): its position among `prompts`, its
    worker and its place among what that worker sent. `origin` maps the id() of a received
    prompt to its worker and place."""
    out = []
    for position, prompt in _first_of_each_id(prompts):
        found = origin.get(id(prompt))
        if found is not None:
            out.append((position, *found))
    return out


def _first_of_each_id(prompts: Iterable[tuple]) -> Iterator[tuple[int, object]]:
    """(position, prompt) of the first prompt of each id, as `analysis._distinct` keeps."""
    seen: set[str] = set()
    for position, (prompt, _) in enumerate(prompts):
        if prompt.id not in seen:
            seen.add(prompt.id)
            yield position, prompt


def left_here(prompts: Sequence[tuple], found: Sequence[tuple[int, int, int]], workers: int,
              ) -> list[int]:
    """The positions of the prompts the run measures (the first of each id) that no worker
    of the phase measures (`found`: as `picks` gives them), for the parent to measure
    while the workers measure theirs; none when they are more than the most any one worker
    measures (the parent would then finish well after the workers: the run measures them
    on forked workers afterwards, as before)."""
    theirs = {position for position, _, _ in found if measurable_there(prompts[position][0])}
    per_worker = [0] * workers
    for position, worker, _ in found:
        if position in theirs:
            per_worker[worker] += 1
    left = [position for position, _ in _first_of_each_id(prompts) if position not in theirs]
    return left if len(left) <= max(per_worker, default=0) else []


def sent_prompts(message: tuple) -> Iterator[tuple]:
    """The prompts of one message of a Python-phase worker, each with its notes, in a fixed
    order: a worker numbers what it sends by this walk, and the parent numbers what it
    receives by it."""
    kind = message[0]
    if kind in ("first", "round"):
        for _, built, _ in message[1]:
            yield from built
    elif kind == "last":
        _, unused, lists, inferred = message[:4]
        for _, built in unused:
            yield from built
        for table in (lists, inferred):
            for built in table.values():
                yield from built
