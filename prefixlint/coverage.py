"""What a run saw and what it did not: the prompts measured by where they come from, and the
LLM calls it found but could not follow (the messages come from code not in view, or the
analysis budget ran out). A run that followed nothing it found must not look like a pass.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .ir import Hole, Text
from .rules import BUDGET_NOTE

SHOWN = 5  # calls not followed named in the text line; JSON lists them all
# Where a measured prompt comes from: (key, one, several).
SOURCES = (("calls", "sent by a call in code", "sent by calls in code"),
           ("templates", "template file no code was seen rendering",
            "template files no code was seen rendering"),
           ("rendered", "other prompt file", "other prompt files"),
           ("text", "prompt text with no call in view", "prompt texts with no call in view"),
           ("config", "in a configuration file", "in configuration files"))


@dataclass(frozen=True)
class NotFollowed:
    """An LLM call found whose prompt could not be followed, and why."""

    path: str
    line: int
    why: str


@dataclass(frozen=True)
class Coverage:
    prompts: int
    sources: tuple[tuple[str, int], ...]
    not_followed: tuple[NotFollowed, ...]

    def as_dict(self) -> dict:
        return {"prompts": self.prompts, "sources": dict(self.sources),
                "not_followed": [{"path": n.path, "line": n.line, "why": n.why}
                                 for n in self.not_followed]}

    def line(self, shown: Callable[[str], str] = str) -> str:
        """The coverage line that ends a text run (`shown`: how a path is printed)."""
        counts = ", ".join(f"{count} {one if count == 1 else several}"
                           for key, one, several in SOURCES
                           for source, count in self.sources if source == key and count)
        text = f"Coverage: {self.prompts} prompt{'s' if self.prompts != 1 else ''} measured"
        text += f" ({counts})" if counts else ""
        if not self.not_followed:
            return text + "."
        shown = "; ".join(f"{shown(n.path)}:{n.line} ({n.why})" for n in self.not_followed[:SHOWN])
        more = len(self.not_followed) - SHOWN
        return (f"{text}; {len(self.not_followed)} LLM call"
                f"{'s' if len(self.not_followed) != 1 else ''} not followed: {shown}"
                + (f"; and {more} more (JSON `coverage`)" if more > 0 else "") + ".")


def _source(prompt, rendered: set[str]) -> str:
    if prompt.kind == "python":
        return "text" if prompt.sink == "text" else "calls"
    if prompt.kind == "config":
        return "config"
    return "rendered" if prompt.path in rendered else "templates"


def opaque(prompt) -> str:
    """The expression a Python call's prompt is made of entirely, when it has no constant
    text of its own (what it sends was built where the analysis could not see); "" else.
    Only prompts whose blocks are the segments Python code built (not a Jinja template
    written in code) are judged; a result read from the cache says it as `Prompt.opaque`."""
    from .frontends.python.renderer import SegmentRenderer

    if prompt.opaque or not isinstance(prompt.renderer, SegmentRenderer):
        return prompt.opaque
    segments = [s for b in prompt.blocks for s in b.segments]
    if not segments or any(isinstance(s, Text) and s.text.strip() or getattr(s, "template", "")
                           for s in segments):
        return ""  # constant text, or a template file the code renders
    return next((s.expr for s in segments if isinstance(s, Hole)), "")


def coverage(result) -> Coverage:
    rendered = {path for m in result.measurements if m.prompt.kind == "python"
                for path in m.prompt.files if path != m.prompt.path}
    counts: dict[str, int] = {}
    missed: list[NotFollowed] = []
    for measurement in result.measurements:
        prompt = measurement.prompt
        source = _source(prompt, rendered)
        counts[source] = counts.get(source, 0) + 1
        expr = opaque(prompt) if prompt.kind == "python" and prompt.sink != "text" else ""
        if expr:
            missed.append(NotFollowed(prompt.path, prompt.line,
                                      f"'{expr}' is built where the code is not in view"))
    for finding in result.findings:
        if finding.code == "PFX900" and finding.message.endswith(BUDGET_NOTE):
            missed.append(NotFollowed(finding.span.path, finding.span.line,
                                      "the analysis budget ran out"))
    missed.sort(key=lambda n: (n.path, n.line))
    return Coverage(len(result.measurements), tuple(sorted(counts.items())), tuple(missed))
