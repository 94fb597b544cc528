"""Prompty files: YAML front matter (settings, never sent) over a Jinja body of messages.

The front matter is parsed as data: its `inputs` are the values each call passes (a
declared input whose name says nothing is a request value), and `model.api` says whether
the body is a chat (`system:` / `user:` / `assistant:` lines start messages, as prompty
splits them) or one completion prompt. For Jinja the front matter becomes a comment over the
same lines and each role line becomes the `<|role|>` header that Python chat prompts are
measured with, so that line numbers stay and no marker is counted as text the model reads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..ir import Scope

FRONT_MATTER = re.compile(r"\A(---[ \t]*\r?\n)(.*?\r?\n)(---[ \t]*)(?=\r?\n|\Z)", re.S)
# A line that starts a message, as prompty reads them; a Markdown heading (`# User`) without
# a colon is text.
ROLE_LINE = re.compile(r"^[ \t]*#?[ \t]*(system|user|assistant|developer|tool|function)"
                       r"[ \t]*:[ \t]*(?=\r?$)", re.M | re.I)
HEADER = re.compile(r"^<\|(\w+)\|>\n", re.M)
MAX_FRONT_MATTER = 256_000


class FrontMatterError(ValueError):
    """Front matter that is not YAML (prompty itself would refuse the file): its line."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


@dataclass(frozen=True)
class Settings:
    """What the front matter says that measuring needs."""

    inputs: tuple[tuple[str, str], ...] = ()  # (name, declared type or "")
    api: str = "chat"

    def declared(self) -> dict[str, Scope]:
        """Scopes the declaration gives: every input is passed per call."""
        return {name: Scope.REQUEST for name, _ in self.inputs}


def settings(source: str) -> Settings:
    """The front matter of a prompty file's text, parsed (raises FrontMatterError)."""
    match = FRONT_MATTER.match(source)
    if match is None:
        return Settings()
    text = match.group(2)
    if len(text) > MAX_FRONT_MATTER:
        raise FrontMatterError("front matter is too large to read", 1)
    import yaml

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 2 if mark is not None else 1
        raise FrontMatterError(f"front matter is not valid YAML: "
                               f"{getattr(exc, 'problem', None) or exc}", line) from None
    except RecursionError:
        raise FrontMatterError("front matter nests too deeply to read", 1) from None
    except ValueError as exc:  # an integer of thousands of digits, a date like 2024-13-45
        raise FrontMatterError(f"front matter holds a value YAML cannot make: {exc}", 1) \
            from None
    if not isinstance(data, dict):
        return Settings()
    inputs = data.get("inputs")
    declared = []
    if isinstance(inputs, dict):
        for name, spec in inputs.items():
            kind = spec.get("type", "") if isinstance(spec, dict) else ""
            declared.append((str(name), kind if isinstance(kind, str) else ""))
    model = data.get("model")
    api = model.get("api", "chat") if isinstance(model, dict) else "chat"
    return Settings(tuple(sorted(declared)), api if isinstance(api, str) else "chat")


def jinja_source(source: str) -> str:
    """The text Jinja renders: front matter as a comment, role lines as `<|role|>` headers
    (for a chat prompty), every line where it was."""
    match = FRONT_MATTER.match(source)
    body_start = match.end() if match else 0
    head = ""
    if match is not None:
        head = "{#" + match.group(0)[2:-2].replace("#}", "# }") + "#}"
    body = source[body_start:]
    try:
        chat = settings(source).api != "completion"
    except FrontMatterError:
        chat = True
    if chat:
        body = ROLE_LINE.sub(lambda m: f"<|{m.group(1).lower()}|>", body)
    return head + body


def split_messages(text: str) -> tuple[tuple[str, str], ...] | None:
    """A rendered chat prompty as (role, content) messages, or None when it has no header at
    its start. Content excludes the line break before the next header, so that writing each
    message as `<|role|>\\n` + content + `\\n` gives the text back."""
    if not HEADER.match(text):
        return None
    marks = list(HEADER.finditer(text))
    messages = []
    for index, mark in enumerate(marks):
        end = marks[index + 1].start() if index + 1 < len(marks) else len(text)
        content = text[mark.end():end]
        if index + 1 < len(marks) and content.endswith("\n"):
            content = content[:-1]
        messages.append((mark.group(1), content))
    return tuple(messages)
