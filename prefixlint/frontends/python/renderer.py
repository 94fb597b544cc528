"""How a Python prompt is rendered: its blocks one after another, each behind a role header.

The header (`<|role|>`) stands in for a chat template's role markers, so that a value in the
system message and one in a user message are told apart; a test builds the same text by
hand. A template file that the code renders (`templates.Embed`) renders through Jinja.
"""

from __future__ import annotations

from ...ir import Block, Link, Piece, Rendering, Text


class SegmentRenderer:
    """Renders blocks of Text and Hole segments, one header line per block (`<|role|>`).

    The header stands in for a chat template's role markers, so that a value in the system
    message and one in a user message are told apart; a test builds the same text by hand.
    """

    def __init__(self, blocks: tuple[Block, ...]) -> None:
        self.blocks = blocks

    def _pieces(self, values) -> list[Piece]:
        pieces: list[Piece] = []
        for block in self.blocks:
            pieces.append(Piece(f"<|{block.role}|>\n"))
            for segment in block.segments:
                if type(segment) is Text:
                    pieces.append(Piece(segment.text, (Link(segment.guard, 0),)
                                        if segment.guard is not None else ()))
                elif segment.kind == "template":  # a template file rendered by the code
                    pieces.extend(segment.renderer.pieces(segment, values, ()))
                else:
                    pieces.append(Piece(str(values.value(segment.deps[0])), (Link(segment),)))
            pieces.append(Piece("\n"))
        return pieces

    def render(self, values) -> str:
        parts: list[str] = []
        for block in self.blocks:
            parts.append(f"<|{block.role}|>\n")
            for segment in block.segments:
                if type(segment) is Text:
                    parts.append(segment.text)
                elif segment.kind == "template":  # rendered clean: exactly what is sent
                    parts.append(segment.renderer.render(segment, values))
                else:
                    parts.append(str(values.value(segment.deps[0])))
            parts.append("\n")
        return "".join(parts)

    def render_traced(self, values) -> Rendering:
        return Rendering(tuple(self._pieces(values)))


