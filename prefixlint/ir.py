"""The intermediate representation every frontend produces and every later stage reads.

A `Prompt` is one request shape; its `Hole`s are the values not known statically, each with
the source `Span` that findings point at and the `Scope` that says how often it changes.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Protocol, Union

from .scope import Scope  # noqa: F401 (read from here by every stage)


@dataclass(frozen=True, order=True)
class Span:
    """A source range: 1-based line and column, end exclusive (as ruff and SARIF)."""

    path: str
    line: int
    column: int
    end_line: int
    end_column: int


@dataclass(frozen=True)
class Text:
    """Literal prompt text, with where it came from when known."""

    text: str
    span: Span | None = None
    # Text the code adds only in one arm of a branch on a value that varies (`if findings:
    # lines.append(RULES)`): present for some requests only, as `{% if %}` text is.
    guard: "Hole | None" = None


@dataclass(frozen=True)
class Hole:
    """A value not known statically: an interpolated expression, or a branch or loop on one.

    `deps` are the dotted value paths it reads (``user.display_name``); `kind` is `value`,
    `branch` or `loop`; `expr` is its source text as a user would recognise it. `passed` is
    the Python expression that fills a placeholder of a prompt file (`.format(name=...)`),
    where a `# noqa` silences what is reported at the placeholder.
    """

    kind: str
    expr: str
    span: Span
    deps: tuple[str, ...]
    scope: Scope
    passed: Span | None = None
    # A branch choosing between two texts the code writes (`"Be brief" if request.brief
    # else "Explain fully"`): about how many tokens the shorter holds; 0 for any other hole.
    arm_tokens: int = 0
    # The places in source of the text a branch's arms hold (`f"{weather_text(w)}" if w
    # else ""`): the prompt sends that text on some requests, so it is not text no prompt
    # sends. Not part of the value: two holes that differ only here are the same.
    arms: tuple[Span, ...] = field(default=(), compare=False)


Segment = Union[Text, Hole]


@dataclass(frozen=True)
class Block:
    """A part of the request with a role, in the order the provider serializes it."""

    role: str
    segments: tuple[Segment, ...] = ()


def natural_key(text: str) -> tuple:
    """Sorts `app.py:6` before `app.py:10`: digit runs compare as numbers."""
    return tuple(int(part) if part.isdigit() else part
                 for part in re.split(r"(\d+)", text))


@dataclass(frozen=True)
class Link:
    """One decision behind a piece of text: a hole and the branch it took (-1 for a value)."""

    hole: Hole
    branch: int = -1


@dataclass(frozen=True)
class Piece:
    """A run of rendered text and the chain of holes that decided it, outermost first.

    Constant text has an empty chain; the text of `{% if user.vip %}…{% endif %}` has the
    branch on `user.vip`; the value of `{{ d.title }}` inside a loop over `docs` has both.
    """

    text: str
    chain: tuple[Link, ...] = ()


@dataclass(frozen=True)
class Rendering:
    """One rendered variant: its text split into pieces attributed to holes."""

    pieces: tuple[Piece, ...]

    @functools.cached_property
    def text(self) -> str:
        """The whole text, joined once: measuring asks for it again and again (to compare
        variants, to look up its tokens), and one string object keeps its hash."""
        return "".join(p.text for p in self.pieces)


class Renderer(Protocol):
    """What a frontend hands to the render stage: text for a given set of hole values."""

    def render(self, values: "ValueSource") -> str:
        """Render plain text, exactly as the application would send it."""

    def render_traced(self, values: "ValueSource") -> Rendering:
        """Render with every piece of text attributed to the hole (if any) that decided it."""


class ValueSource(Protocol):
    """Supplies sample values for holes by root name (see `render.Sampler`)."""

    def value(self, name: str) -> object: ...

    def names(self) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class Prompt:
    """One request shape: a template file or a call site, with its holes and a renderer."""

    id: str
    path: str
    line: int
    kind: str
    blocks: tuple[Block, ...]
    holes: tuple[Hole, ...]
    renderer: Renderer = field(compare=False, repr=False)
    files: tuple[str, ...] = ()
    suppressions: tuple[tuple[str, "Suppressions"], ...] = ()
    scopes: tuple[tuple[str, Scope], ...] = ()
    # Where an explicit scope was declared (`the inputs of chat.prompty`), when not in code.
    scope_notes: tuple[tuple[str, str], ...] = ()
    # Its blocks are the messages of a chat request, rendered one after another (a Python call
    # site); otherwise the prompt is one text (a template file).
    chat: bool = False
    # What sends it, for Python prompts: a library model's id (`openai.chat`), `client` (the
    # project's own function around one), `inferred` (a prompt-ish keyword into code not in
    # view), `text` (prompt text measured with no sink found), `messages` (a role list).
    sink: str = ""
    # A Python call's prompt with no constant text of its own: the expression it is made of,
    # built where the analysis could not see (coverage: a call not followed).
    opaque: str = ""
    # The provider the code sends it to, guessed from the SDK (`openai`, `anthropic`; "" when
    # the code does not say), and the model it names ("" when not a constant).
    sent_to: str = ""
    sent_model: str = ""
    # It carries a conversation history (known from its holes; kept for a cached result,
    # which has no holes).
    history: bool = False
    # A configuration file's prompt: the key of each of its values (`summarize_instruction`)
    # with the lines the value spans, and the places in code that look a value up by its
    # key (`texts["summarize_instruction"]`), where what fills it is passed: named with the
    # findings inside that value.
    keys: tuple[tuple[str, int, int], ...] = ()
    used_at: tuple[tuple[int, int, Span], ...] = ()

    def suppressions_for(self, path: str) -> "Suppressions | None":
        for name, value in self.suppressions:
            if name == path:
                return value
        return None


@dataclass(frozen=True)
class Finding:
    """One thing a rule says about one place in the source."""

    code: str
    severity: str
    span: Span
    message: str
    scope: str | None = None
    expr: str | None = None
    prompt: str | None = None
    gain_tokens: int = 0
    fix: tuple[Span, str] | None = None  # a safe edit: replace this span with this text
    # The other places of the same cause (the value repeated, or read from the same object).
    related: tuple[Span, ...] = ()
    # What gave the value its scope: configuration, catalogue, pattern, code, declaration
    # (a prompty file's inputs) or default.
    scope_source: str | None = None
    # How many of `related`, from the first, are the cause's own other places (its values
    # repeated or read from the same object), before where it is made and sent.
    also: int = 0

    def sort_key(self) -> tuple:
        s = self.span
        return (s.path, s.line, s.column, self.code, s.end_line, s.end_column, self.message)


ALL_CODES = "*"


@dataclass(frozen=True)
class Suppressions:
    """The `prefixlint: ignore[...]` comments of one file.

    A comment silences its codes on its own line and the line below; `ignore-file` silences
    them everywhere in the file. `*` stands for every code.
    """

    file_codes: frozenset[str] = frozenset()
    line_codes: tuple[tuple[int, frozenset[str]], ...] = ()
    noqa_codes: tuple[tuple[int, frozenset[str]], ...] = ()  # `# noqa: PFX…`: its line only

    def suppresses(self, code: str, line: int) -> bool:
        if _matches(self.file_codes, code):
            return True
        if any(_matches(codes, code) for at, codes in self.noqa_codes if at == line):
            return True
        return any(_matches(codes, code) for at, codes in self.line_codes if at in (line, line - 1))


def _matches(codes: frozenset[str], code: str) -> bool:
    return ALL_CODES in codes or any(code.startswith(c) for c in codes)
