"""A project's prompts as a self-hosted engine sees them: their messages (and tools) rendered
through the model's chat template, so that token counts, shared prefixes and the prewarm
manifest are those of the text the engine caches, not of prefixlint's `<|role|>` sketch.

Configured with `chat-template` (a `.jinja` file or a model's `tokenizer_config.json`) or
`--chat-template PATH`. The template renders in the same bounded sandbox as the chat-template
checks (PFX030–PFX032), with a fixed day, so the application's own findings stay about the
application; the template's findings are reported beside them.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from . import bounded_json
from .ir import Piece, Rendering

# How prefixlint's renderers start a message: one `<|role|>` line (see SegmentRenderer).
_HEADER = re.compile(r"(?:(?<=\n)|^)<\|([a-z_]+)\|>\n")
# Roles an engine knows; a history placeholder reads as the user's, a developer message as
# the system's (open models know no developer role); a response schema is not prompt text.
_ROLES = {"system": "system", "developer": "system", "user": "user", "messages": "user",
          "assistant": "assistant", "tool": "tool"}
_SLOT = "\x10{}\x11"
_SLOTS = re.compile("\x10(\\d+)\x11")
_END = "\x10end\x11"


class EngineTemplateError(ValueError):
    """The configured chat template cannot be read (a configuration error: exit 2)."""


@dataclass
class EngineTemplate:
    """A model's chat template and the special tokens an engine passes it."""

    path: str
    source: str
    bos_token: str = ""
    eos_token: str = ""
    _compiled: object = field(default=None, repr=False)

    def compiled(self):
        if self._compiled is None:
            from .frontends.chat_template import _environment

            self._compiled = _environment().from_string(self.source)
        return self._compiled

    def apply(self, messages: list[dict], tools: list | None) -> str:
        """The text the engine tokenizes for these messages (a generation prompt added)."""
        from .frontends.chat_template import DAYS, _render

        return _render(self.compiled(), messages, DAYS[0], tools, True, self.bos_token,
                       self.eos_token)

    def start(self, messages: tuple[tuple[str, str], ...], tools, cut: bool) -> str:
        """The engine's text for a prompt's constant start: (role, text) messages of which
        the last is `cut` short where a value begins (the text is then cut there too)."""
        listed = [{"role": _ROLES.get(role, "user"), "content": text}
                  for role, text in messages if role != "schema"]
        if cut and listed:
            listed[-1]["content"] += _END
        text = self.apply(listed, list(tools) if tools else None)
        return text.split(_END, 1)[0] if cut else text


def _special(value: object) -> str:
    """A `bos_token`/`eos_token` of tokenizer_config.json: a string or {"content": ...}."""
    if isinstance(value, dict):
        value = value.get("content")
    return value if isinstance(value, str) else ""


def load_template(path: Path) -> EngineTemplate:
    """Read a chat template: a Jinja file, or the `chat_template` of a tokenizer_config.json
    (a string, or the template named `default` of a list, else the first); the special
    tokens come from that file or from one beside the template."""
    from .frontends.chat_template import MAX_CONFIG_BYTES

    import stat

    try:
        if not stat.S_ISREG(path.stat().st_mode):  # a device or a pipe would never end
            raise EngineTemplateError(f"chat template {path} is not a regular file")
        if path.stat().st_size > MAX_CONFIG_BYTES:
            raise EngineTemplateError(f"chat template {path} is larger than "
                                      f"{MAX_CONFIG_BYTES:,} bytes")
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise EngineTemplateError(f"cannot read chat template {path}: "
                                  f"{getattr(exc, 'strerror', None) or exc}") from None
    config_file = path if path.suffix == ".json" else path.with_name("tokenizer_config.json")
    data: object = {}
    if path.suffix == ".json":
        try:
            data = bounded_json.loads(text)
        except ValueError as exc:
            raise EngineTemplateError(f"chat template {path} is not valid JSON: {exc}") \
                from None
        found = data.get("chat_template") if isinstance(data, dict) else None
        if isinstance(found, list):
            named = {t.get("name"): t.get("template") for t in found if isinstance(t, dict)}
            found = named.get("default", next(iter(named.values()), None))
        if not isinstance(found, str):
            raise EngineTemplateError(f"{path} holds no chat_template")
        text = found
    elif config_file.is_file() and config_file.stat().st_size <= MAX_CONFIG_BYTES:
        try:
            data = bounded_json.loads(config_file.read_text(encoding="utf-8-sig"))
        except (OSError, UnicodeDecodeError, ValueError):
            data = {}
    tokens = data if isinstance(data, dict) else {}
    template = EngineTemplate(str(path), text, _special(tokens.get("bos_token")),
                              _special(tokens.get("eos_token")))
    from jinja2 import TemplateSyntaxError

    try:
        template.compiled()
    except TemplateSyntaxError as exc:
        raise EngineTemplateError(f"chat template {path}, line {exc.lineno}: "
                                  f"{exc.message}") from None
    return template


def _split(text: str) -> list[tuple[str, int, int]]:
    """The messages of a rendered prompt: (role, start, end) of each content in `text`. A
    text without `<|role|>` lines is one system message (a template prompt file)."""
    headers = list(_HEADER.finditer(text))
    if not headers:
        return [("system", 0, len(text))]
    out = []
    for index, match in enumerate(headers):
        end = headers[index + 1].start() if index + 1 < len(headers) else len(text)
        if text[match.end():end].endswith("\n"):
            end -= 1  # the line break that ends a block
        out.append((match.group(1), match.end(), end))
    return out


def _request(text: str, parts: list[tuple[str, int, int]], contents: list[str]):
    """Messages and tools for the chat template: a `tools` block that holds a JSON list is
    the tool list; `schema` blocks are left out (response formats are not prompt text)."""
    messages: list[dict] = []
    tools = None
    for (role, start, end), content in zip(parts, contents):
        if role == "tools":
            try:
                parsed = json.loads(text[start:end])
            except ValueError:
                parsed = None
            if isinstance(parsed, list):
                tools = parsed
                continue
            role = "system"
        if role == "schema":
            continue
        messages.append({"role": _ROLES.get(role, "user"), "content": content})
    return messages, tools


class EngineRenderer:
    """Wraps a prompt's renderer: what it renders, put through the chat template.

    The clean text is the template applied to the real contents. The traced text keeps the
    attribution of every character of a content: the template is applied to numbered slots,
    and each slot is replaced by the content's own traced pieces (whitespace at its edges
    dropped when the template trims contents, as Llama's does)."""

    def __init__(self, inner, template: EngineTemplate) -> None:
        self.inner = inner
        self.template = template

    def render(self, values) -> str:
        text = self.inner.render(values)
        parts = _split(text)
        messages, tools = _request(text, parts, [text[s:e] for _, s, e in parts])
        return self._apply(messages, tools)

    def _apply(self, messages: list[dict], tools: list | None) -> str:
        from .frontends.chat_template import ChatTemplateError
        from .frontends.project_files import InputError

        try:
            return self.template.apply(messages, tools)
        except ChatTemplateError as exc:
            raise InputError(f"chat template {self.template.path}: {exc}",
                             self.template.path) from None
        except Exception as exc:  # noqa: BLE001 - the template's own raise_exception, and kin
            raise InputError(f"chat template {self.template.path} cannot render this prompt: "
                             f"{exc}", self.template.path) from None

    def render_traced(self, values) -> Rendering:
        rendering = self.inner.render_traced(values)
        pieces = rendering.pieces
        text = "".join(p.text for p in pieces)
        parts = _split(text)
        slotted, tools = _request(text, parts, [_SLOT.format(i) for i in range(len(parts))])
        output = self._apply(slotted, tools)
        clean = self.render(values)
        for trim in (False, True):
            traced = _fill(output, pieces, parts, trim)
            if "".join(p.text for p in traced) == clean:
                break
        return Rendering(tuple(traced))


def _fill(output: str, pieces: tuple[Piece, ...], parts: list[tuple[str, int, int]],
          trim: bool) -> list[Piece]:
    """The template's output with each slot replaced by the traced pieces of its content."""
    out: list[Piece] = []
    position = 0
    text = "".join(p.text for p in pieces) if trim else ""
    for match in _SLOTS.finditer(output):
        if output[position:match.start()]:
            out.append(Piece(output[position:match.start()]))
        _, start, end = parts[int(match.group(1))]
        if trim:
            while start < end and text[start].isspace():
                start += 1
            while end > start and text[end - 1].isspace():
                end -= 1
        out.extend(_slice(pieces, start, end))
        position = match.end()
    if output[position:]:
        out.append(Piece(output[position:]))
    return out


def _slice(pieces: tuple[Piece, ...], start: int, end: int) -> list[Piece]:
    """The pieces covering characters start..end of their joined text, cut at both ends."""
    out = []
    offset = 0
    for piece in pieces:
        low, high = max(start, offset), min(end, offset + len(piece.text))
        if low < high:
            out.append(Piece(piece.text[low - offset:high - offset], piece.chain))
        offset += len(piece.text)
        if offset >= end:
            break
    return out
