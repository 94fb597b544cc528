"""`prefixlint render`: a prompt rendered once, holes marked by scope, and where each scope's
shared prefix ends (token index and source line) — like `sqlfluff render`, for prefixes."""

from __future__ import annotations

from ..ir import Rendering
from ..measure import Measurement

COLORS = {"static": "white", "deploy": "white", "day": "magenta", "user": "blue",
          "session": "yellow", "request": "red", "unknown": "red"}


def _marks(rendering: Rendering, measurement: Measurement) -> dict[int, list[str]]:
    """Where each level's shared prefix ends in this rendering: at the first text decided by
    a hole that varies at that level (levels ending at the same place share one mark)."""
    from ..render import LEVELS

    ends: dict[int, list[str]] = {}
    where: dict[int, str] = {}
    for level in ("global", "user", "session"):
        position = 0
        for piece in rendering.pieces:
            holes = [link.hole for link in piece.chain
                     if link.hole.scope.varies_like in LEVELS[level]]
            if holes:
                hole = holes[0]
                ends.setdefault(position, []).append(level)
                where[position] = (f"token {measurement.prefix_tokens[level]:,}, "
                                   f"{hole.span.path}:{hole.span.line} before '{hole.expr}'")
                break
            position += len(piece.text)
    return {offset: [f"{', '.join(levels)} prefix ends: {where[offset]}"]
            for offset, levels in ends.items()}


def render(measurement: Measurement, rendering: Rendering, tokenizer, color: bool) -> str:
    marks = _marks(rendering, measurement)
    out = [f"{measurement.prompt.id}: {measurement.tokens_total:,} tokens ({tokenizer.name}); "
           f"shared prefix global {measurement.prefix_tokens['global']:,}, user "
           f"{measurement.prefix_tokens['user']:,}, session "
           f"{measurement.prefix_tokens['session']:,}, turn "
           f"{measurement.prefix_tokens['turn']:,}", ""]
    body: list[str] = []
    position = 0

    def emit_marks(upto: int, start: int) -> None:
        for offset in sorted(o for o in marks if start <= o < upto):
            for label in marks.pop(offset):
                body.append(_style(f"⟪{label}⟫", "green", color, bold=True))

    for piece in rendering.pieces:
        end = position + len(piece.text)
        text = piece.text
        cut = sorted(o for o in marks if position <= o < end)
        start = 0
        for offset in cut:
            body.append(_piece(text[start:offset - position], piece, color))
            emit_marks(offset + 1, offset)
            start = offset - position
        body.append(_piece(text[start:], piece, color))
        position = end
    emit_marks(position + 1, position)
    out.append("".join(body))
    return "\n".join(out).rstrip("\n") + "\n"


def _piece(text: str, piece, color: bool) -> str:
    if not text:
        return ""
    if not piece.chain:
        return text
    hole = piece.chain[-1].hole
    return _style(f"«{hole.scope.label} {hole.expr}: {text}»", COLORS[hole.scope.label], color)


def _style(text: str, fg: str, color: bool, bold: bool = False) -> str:
    if not color:
        return text
    import click

    return click.style(text, fg=fg, bold=bold)
