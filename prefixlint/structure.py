"""A prompt as the runs of tokens it is sent as, each labelled with what decides its text:
the traffic model of `simulate` builds every turn of a conversation from it.

A run is `shared` (constant text, a deploy-time or a daily value: the same for every request
of the day), `user`, `session`, `request`, or `history` (the conversation so far, which grows
turn by turn). The order is the order the prompt is rendered in, so a request value before
the history, retrieved documents in the system message or a clock reading after the history
each keep their place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .ir import Prompt, Scope
from .volatility import is_history

KINDS = ("shared", "user", "session", "request", "history")
MAX_RUNS = 64  # runs of one prompt kept apart; the rest is merged into the last


@dataclass(frozen=True)
class Run:
    """`tokens` tokens of the prompt whose text is decided by what `kind` names."""

    kind: str
    tokens: int


def _kind(piece) -> str:
    """What decides a rendered piece: the most volatile value of its chain of holes, or the
    history when any of them names one."""
    worst = Scope.STATIC
    for link in piece.chain:
        if any(is_history(d) for d in link.hole.deps):
            return "history"
        worst = max(worst, link.hole.scope.varies_like)
    if worst >= Scope.REQUEST:
        return "request"
    if worst is Scope.SESSION:
        return "session"
    if worst is Scope.USER:
        return "user"
    return "shared"


def structure(prompt: Prompt, encode: Callable[[str], list[int]],
              scope_of: Callable[[str], Scope]) -> tuple[Run, ...]:
    """The runs of one prompt, rendered with sample values (a second turn, so that a
    history renders), token counts taken at run boundaries of the whole text (a token never
    counts twice where two runs meet)."""
    from .render import Sampler, plans

    rendering = prompt.renderer.render_traced(Sampler(plans("turn", scope_of)[1]))
    texts: list[list] = []
    for piece in rendering.pieces:
        kind = _kind(piece)
        if texts and (texts[-1][0] == kind or len(texts) >= MAX_RUNS):
            texts[-1][1] += piece.text
        else:
            texts.append([kind, piece.text])
    runs: list[Run] = []
    sent = ""
    counted = 0
    for kind, text in texts:
        sent += text
        total = len(encode(sent))
        if total > counted:
            runs.append(Run(kind, total - counted))
            counted = total
    return tuple(runs)
