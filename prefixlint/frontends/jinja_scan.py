"""Where things are in a Jinja source: tags, data and comments with character offsets.

Jinja's nodes carry only line numbers, so columns come from the lexer's token stream. The
lexer yields token values after whitespace control has trimmed them, so each value is found
in the (newline-normalized) source from the previous token's end instead of adding lengths.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from ..ir import Span

_NEWLINE = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True)
class Tag:
    """A `{{ … }}` or `{% … %}` tag: offsets of its delimiters and its inner text."""

    start: int
    end: int
    inner: str

    @property
    def keyword(self) -> str:
        words = self.inner.split(None, 1)
        return words[0] if words else ""


@dataclass(frozen=True)
class Comment:
    line: int
    text: str


@dataclass(frozen=True)
class Scan:
    """The tags of one template in source order, and a way to turn offsets into spans. Not
    the template's text: a scan lives as long as the run's templates, and the text (read
    only while scanning) was the largest part of it."""

    path: str
    variables: tuple[Tag, ...]
    blocks: tuple[Tag, ...]
    comments: tuple[Comment, ...]
    line_starts: tuple[int, ...]
    origin: tuple[int, int] = (1, 1)

    def position(self, offset: int) -> tuple[int, int]:
        """Line and column in the file: a template inside a Python string literal is shifted
        to where the literal's text starts."""
        index = bisect.bisect_right(self.line_starts, offset) - 1
        line, column = index + 1, offset - self.line_starts[index] + 1
        if line == 1:
            column += self.origin[1] - 1
        return line + self.origin[0] - 1, column

    def span(self, start: int, end: int) -> Span:
        line, column = self.position(start)
        end_line, end_column = self.position(end)
        return Span(self.path, line, column, end_line, end_column)

    def line_span(self, line: int) -> Span:
        line += self.origin[0] - 1
        return Span(self.path, line, 1, line, 1)

    def blocks_with(self, *keywords: str) -> list[Tag]:
        return [tag for tag in self.blocks if tag.keyword in keywords]


def normalize_newlines(source: str) -> str:
    """The source as Jinja's lexer sees it (every line break a plain newline)."""
    return _NEWLINE.sub("\n", source) if "\r" in source else source


def scan(environment, source: str, name: str, path: str,
         origin: tuple[int, int] = (1, 1), tokens: list | None = None) -> Scan:
    """Lex `source` with the environment's own lexer (or read the raw `tokens` its parse
    already lexed); raises TemplateSyntaxError as Jinja does."""
    text = normalize_newlines(source)
    variables: list[Tag] = []
    blocks: list[Tag] = []
    comments: list[Comment] = []
    pos = 0
    open_kind = ""
    open_start = 0
    inner: list[str] = []
    for lineno, token, value in tokens if tokens is not None else \
            environment.lexer.tokeniter(source, name):
        found = text.find(value, pos) if value else pos
        start = pos if found < 0 else found
        pos = start + len(value)
        if token in ("variable_begin", "block_begin"):
            open_kind, open_start, inner = token, start, []
        elif token in ("variable_end", "block_end") and open_kind:
            # `-}}` and `-%}` tokens carry the whitespace they strip; the tag ends before it.
            tag = Tag(open_start, start + len(value.rstrip()), "".join(inner).strip())
            (variables if open_kind == "variable_begin" else blocks).append(tag)
            open_kind = ""
        elif token == "comment":
            comments.append(Comment(lineno, value))
        elif open_kind:
            inner.append(value)
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    comments = [Comment(c.line + origin[0] - 1, c.text) for c in comments]
    return Scan(path, tuple(variables), tuple(blocks), tuple(comments), tuple(starts),
                origin)
