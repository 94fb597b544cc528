"""Prompt text kept in configuration files (YAML, TOML, JSON with or without comments): a
CrewAI `agents.yaml` / `tasks.yaml`, a bot's `config.yaml` with a `system_prompt`, an agent's
templates in YAML, prompt settings in TOML, a service's `appsettings.json` prompts. The
string values of one mapping whose keys say they are prompt text (`system_prompt`,
`instance_template`, `role`/`goal`/`backstory`, `description`) or whose text reads as
instructions to a model are one prompt, in file order; `{name}` and `{{ expr }}` /
`{% tag %}` placeholders are holes scoped by their names. Nothing is rendered or run; a file
that does not parse is not a prompt file and is passed over."""

from __future__ import annotations

import dataclasses
import re
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterator, Sequence

from ..dialect import escapes_braces, is_format_string, is_jinja
from ..ir import Block, Hole, Prompt, Scope, Span, Text
from ..prose import reads_as_prompt
from .project_files import readable_texts
from .python.renderer import SegmentRenderer

if TYPE_CHECKING:
    from .crew_inputs import Fills

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

MAX_NODES = 200_000  # values of one configuration file looked at, at most
# Words of a key that holds prompt text (`system_prompt`, `backstory`, `description`).
KEY_WORDS = ("prompt", "template", "instruction", "system", "persona", "preamble", "backstory",
             "goal", "description")
KEY_HINT = re.compile("|".join(KEY_WORDS) + r"|^role$|expected_output", re.IGNORECASE)
# Keys naming a message of one prompt, not a prompt of its own.
MESSAGE_KEYS = frozenset({"system", "user", "human", "assistant", "instructions", "prompt",
                          "template", "system_prompt", "user_prompt", "system_message",
                          "user_message", "system_template", "user_template", "human_prompt",
                          "human_template", "system_instructions", "prompt_template"})
OWN_PROMPT = re.compile(r"prompt|template", re.IGNORECASE)
# A mapping named for several prompts, each of its values one (`prompts:`, `templates:`).
_PROMPTS_KEY = re.compile(r"(?:prompts|templates)$", re.IGNORECASE)
# The head of an AWS CloudFormation or SAM template (YAML or JSON).
_CLOUDFORMATION = re.compile(r'^["\']?AWSTemplateFormatVersion["\']?\s*:|'
                             r'^\s*"AWSTemplateFormatVersion"\s*:|^Transform:\s*AWS::Serverless',
                             re.MULTILINE)
# A file named for prompts (`prompts.yaml`, `SummaryPromptTemplate.json`): each value at its
# top is a prompt of its own, whatever its key.
_PROMPTS_FILE = re.compile(r"(?:prompts?|templates?)$", re.IGNORECASE)
# A record's mapping of constant texts for its template's fields (`"defaults": {"prompt1":
# "..."}` beside `"prompt_template": "{prompt1} ... {question}"`, as LLM-judge prompt files
# write them): those fields are that text.
DEFAULTS = "defaults"
_SYSTEM_KEY = re.compile(r"system|persona|preamble|instruction|backstory|goal|^role$",
                         re.IGNORECASE)
# A JSON member whose key says it holds prompt text and whose string value (one line in
# JSON) has a placeholder: the text test a `.json` file passes before it is parsed (PyYAML
# reads JSON slowly, and most JSON files are data or tool settings).
_JSON_PROMPT = re.compile(r'"[^"\n]*(?:' + "|".join(KEY_WORDS) + r')[^"\n]*"\s*:\s*"'
                          r'(?:[^"\\\n]|\\.)*(?:\{\{|\{%|\{[A-Za-z_$]|<<[A-Z])', re.IGNORECASE)
# A member whose key says it holds prompt text and whose value is a list of strings: a
# template written line by line (the file must also hold a placeholder somewhere).
_JSON_LINES_PROMPT = re.compile(r'"[^"\n]*(?:' + "|".join(KEY_WORDS) + r')[^"\n]*"\s*:\s*\[\s*"',
                                re.IGNORECASE)
# A member named for prompts whose value is an object (`"templates": {"default": "..."}`,
# `"analyst_prompt": {"type": "template", "content": "..."}`).
_JSON_PROMPTS_MAPPING = re.compile(r'"[^"\n]*(?:prompts?|templates?)"\s*:\s*\{',
                                   re.IGNORECASE)
# A chat written out as a list of messages (`[{"role": "system", "content": "..."}]` in JSON,
# `- role: system` / `content: ...` in YAML): the test a file passes before its roles are
# read as well as its placeholders.
_JSON_MESSAGES = re.compile(r'"role"\s*:\s*"(?:system|user|developer)"')
_YAML_MESSAGES = re.compile(r"^\s*-?\s*role:\s*[\"']?(?:system|user|developer)\b", re.MULTILINE)
# The keys of a CrewAI agent in `agents.yaml`, in the order its system prompt holds them,
# and the model whose `closing` CrewAI writes after them.
CREW_AGENT_KEYS = ("role", "backstory", "goal")
CREW_AGENT_MODEL = "crewai.Agent"
_CREW_AGENT = re.compile(r"^\s+backstory\s*:", re.MULTILINE)
# A CrewAI task: a `description` beside an `expected_output`, prompt text in any language
_CREW_TASK = re.compile(r"^\s+expected_output\s*:", re.MULTILINE)
MESSAGE_ROLES = {"system": "system", "developer": "system", "user": "user",
                 "assistant": "assistant"}
# A name in snake case with two words or more (`current_date`).
_SNAKE = r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+"
# `{{ expr }}`, `{% tag %}`, a `{name}` format field (not `{{`/`}}` escapes), a `<<NAME>>`
# slot that code fills with `.replace("<<NAME>>", value)` (words in capitals; not Llama 2's
# `<<SYS>>` marker), or a slot
# marked with dollars that only `.replace` fills (`<$task$>`, `{$history}`, `$INSTANCE$`: a
# word in capitals of two letters or more, so `$N$` of a formula is no slot), or with bangs
# (`!<INPUT 0>!`, the numbered inputs of generative-agent prompt files), or a field of
# `string.Template` in snake case (`$current_date`: words joined by underscores, so neither a
# price, a formula's `$x$`, a shell's `$HOME` nor JSON Schema's `"$ref"`).
PLACEHOLDER = re.compile(r"\{\{-?\s*(?P<jinja>.+?)\s*-?\}\}|\{%-?\s*(?P<tag>.+?)\s*-?%\}|"
                          r"(?<!\{)\{(?P<field>[A-Za-z_][\w.]*(?:\[[^\]{}]*\])*)"
                          r"(?:![rsa])?(?::[^{}]*)?\}(?!\})|"
                          r"<<(?!SYS>>)(?P<slot>[A-Z][A-Z0-9_]*(?: [A-Z0-9_]+)*)>>|"
                          r"!<(?P<bang>[A-Z][A-Z0-9_]*(?: [A-Z0-9_]+)*)>!|"
                          r"<\$(?P<marked>[A-Za-z_]\w*)\$>|\{\$(?P<dollar>[A-Za-z_]\w*)\}|"
                          r"(?<![\w$])\$(?P<capitals>[A-Z][A-Z0-9_]+)\$(?![\w$])|"
                          r"(?<![\w$\"'\\])\$(?P<template>" + _SNAKE + r")\b(?![$(])",
                          re.DOTALL)
# The slots above that only code fills (never `.format`): what makes a text file a template.
MARKED_SLOT = re.compile(r"<\$[A-Za-z_]\w*\$>|\{\$[A-Za-z_]\w*\}|"
                         r"(?<![\w$])\$[A-Z][A-Z0-9_]+\$(?![\w$])|"
                         r"(?<![\w$\"'\\])\$" + _SNAKE + r"\b(?![$(])|"
                         r"!<[A-Z][A-Z0-9_]*(?: [A-Z0-9_]+)*>!|"
                         r"<<(?!SYS>>)[A-Z][A-Z0-9_]*(?: [A-Z0-9_]+)*>>")
_NAME = re.compile(r"[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*")
_TAG_KEYWORDS = frozenset({"if", "elif", "else", "endif", "for", "endfor", "in", "not", "and",
                           "or", "is", "set", "with", "endwith", "raw", "endraw", "none",
                           "true", "false", "loop"})


@dataclass(frozen=True)
class Value:
    """A string of the file: its key path, its text, and where its text starts."""

    keys: tuple[str, ...]
    text: str
    offset: int


def prompts(name: str, source: str, values: list[Value],
            scope_of: Callable[[str], Scope],
            crew_fills: Callable[[str], Fills] | None = None) -> list[Prompt]:
    """The prompts a configuration file holds (none for most files), from its text and its
    string values (`config_strings`). `crew_fills` gives, for a CrewAI configuration file,
    what its crew's kickoff calls fill its placeholders with (`crew_inputs`)."""
    out, listed = _message_lists(name, source, values, scope_of)
    # a CloudFormation or SAM template describes infrastructure (inline Lambda code, `!Sub`
    # strings, resolvers' mapping templates): a value is prompt text there only when its key
    # says so and its text reads as instructions with no help from that name (an agent's
    # `Instruction`)
    infrastructure = _CLOUDFORMATION.search(source, 0, 8192) is not None
    agents = _crew_agents(values)
    tasks = {v.keys[:-1] for v in values if v.keys[-1] == "expected_output"}
    kicked = crew_fills(name) if crew_fills is not None and (agents or tasks) else None
    crew_scope = _filled(scope_of, kicked)
    for parent, members in agents.items():
        if any(PLACEHOLDER.search(v.text) for v in members):
            out.append(_with_fills(_agent_prompt(name, source, parent, members, crew_scope),
                                   kicked))
    groups: dict[tuple[str, ...], list[Value]] = {}
    defaults: dict[tuple[str, ...], dict[str, str]] = {}
    for value in values:
        if value.keys[:-1] in agents:
            continue
        if value.keys[-2:-1] == (DEFAULTS,):
            defaults.setdefault(value.keys[:-2], {})[value.keys[-1]] = value.text
        elif value.keys not in listed and (_may_fill(value.text) or _criteria(value, tasks)):
            groups.setdefault(value.keys[:-1], []).append(value)
    for parent, members in groups.items():
        fills = defaults.get(parent, {})
        # a mapping named for prompts, or the top of a file named so (`prompts.yaml`)
        table = (_PROMPTS_KEY.search(parent[-1]) if parent else
                 _PROMPTS_FILE.search(_stem(name))) is not None
        chosen = [v for v in members if _holds_prompt(v, fills, table, infrastructure)]
        for group in _separate(chosen, table):
            if not any(PLACEHOLDER.search(v.text) for v in group):
                continue
            constant = "\n".join(_constant(v.text, fills) for v in group)
            if not (parent in tasks and not infrastructure) and \
                    not reads_as_prompt(constant, "" if infrastructure else "prompt" if table
                                        else " ".join(v.keys[-1] for v in group)):
                continue
            if parent in tasks and kicked:
                out.append(_with_fills(_prompt(name, source, parent, group, crew_scope,
                                               fills, crew=True), kicked))
            else:
                out.append(_prompt(name, source, parent, group, scope_of, fills,
                                   crew=parent in tasks))
    return out


def _criteria(value: Value, tasks: set[tuple[str, ...]]) -> bool:
    """Whether a value is a CrewAI task's `expected_output`: CrewAI writes it after the
    task's description ("This is the expected criteria for your final answer: ..."), so it
    is constant text after the description's placeholders even when it has none itself."""
    return value.keys[-1] == "expected_output" and value.keys[:-1] in tasks


def _filled(scope_of: Callable[[str], Scope], fills: Fills | None) -> Callable[[str], Scope]:
    """Scopes of a crew's placeholders: deploy for those its kickoffs fill with constants,
    request for those one fills with a value it computes."""
    if not fills:
        return scope_of
    return lambda path: _kicked_scope(path, fills) or scope_of(path)


def _kicked_scope(path: str, fills: Fills) -> Scope | None:
    root = path.split(".", 1)[0]
    return Scope.DEPLOY if root in fills.constant else \
        Scope.REQUEST if root in fills.varying else None


def _with_fills(prompt: Prompt, fills: Fills | None) -> Prompt:
    """A crew prompt whose placeholders are measured as what its kickoffs give them."""
    if not fills:
        return prompt
    scopes = sorted({(d, scope) for h in prompt.holes for d in h.deps
                     if (scope := _kicked_scope(d, fills)) is not None},
                    key=lambda pair: pair[0])
    if not scopes:
        return prompt
    return dataclasses.replace(prompt, scopes=tuple(scopes))


def _crew_agents(values: list[Value]) -> dict[tuple[str, ...], list[Value]]:
    """The mappings that define a CrewAI agent (a `role`, a `goal` and a `backstory`), each
    with those three values in the order CrewAI writes them into the system prompt."""
    found: dict[tuple[str, ...], dict[str, Value]] = {}
    for value in values:
        if value.keys and value.keys[-1] in CREW_AGENT_KEYS:
            found.setdefault(value.keys[:-1], {})[value.keys[-1]] = value
    return {parent: [keyed[k] for k in CREW_AGENT_KEYS] for parent, keyed in found.items()
            if len(keyed) == len(CREW_AGENT_KEYS)}


def _agent_prompt(name: str, source: str, parent: tuple[str, ...], members: list[Value],
                  scope_of: Callable[[str], Scope]) -> Prompt:
    """A CrewAI agent of an `agents.yaml`: its role, backstory and goal as one system
    message, then the answer-format instructions CrewAI writes after them (its model's
    `closing`), so a `{placeholder}` at the end of the goal still comes before constant
    text."""
    from ..models import builtin_models

    prompt = _chat(name, source, parent, [("system", v) for v in members], scope_of,
                   crew=True)
    closing = next((m.closing for m in builtin_models() if m.id == CREW_AGENT_MODEL), "")
    if not closing:
        return prompt
    blocks = prompt.blocks + (Block("system", (Text(closing, None),)),)
    return dataclasses.replace(prompt, blocks=blocks, renderer=SegmentRenderer(blocks))


def _holds_prompt(value: Value, fills: dict[str, str], table: bool,
                  infrastructure: bool) -> bool:
    """Whether a value is prompt text: its key says so, or its text reads as instructions
    (as any prompt's would, in a mapping or file named for prompts: `table`); in an
    infrastructure template, both, the text with no help from its key."""
    named = KEY_HINT.search(value.keys[-1]) is not None
    if infrastructure:
        return named and reads_as_prompt(_constant(value.text, fills))
    return named or reads_as_prompt(_constant(value.text, fills),
                                    "prompt" if table else value.keys[-1])


def _constant(text: str, fills: dict[str, str]) -> str:
    """A value's constant text: its placeholders blanked, those its `defaults` give filled."""
    return PLACEHOLDER.sub(lambda m: fills.get(m.group("field") or "", " "), text)


def _message_lists(name: str, source: str, values: list[Value],
                   scope_of: Callable[[str], Scope]) -> tuple[list[Prompt], set]:
    """The chats a file writes out as lists of messages, each one prompt whose blocks are
    its messages in order (a message's `role` says whose), and the key paths they used.
    A list is a prompt when a message has a placeholder and the text reads as one."""
    by_keys = {v.keys: v for v in values}
    lists: dict[tuple[str, ...], list[tuple[str, Value]]] = {}
    used: set = set()
    for value in values:
        keys = value.keys
        if len(keys) < 2 or keys[-1] != "content" or not keys[-2].isdigit():
            continue
        role = by_keys.get(keys[:-1] + ("role",))
        if role is None or role.text not in MESSAGE_ROLES:
            continue
        lists.setdefault(keys[:-2], []).append((MESSAGE_ROLES[role.text], value))
        used.update((keys, role.keys))
    out = []
    for parent, messages in lists.items():
        texts = [v.text for _, v in messages]
        # the roles say it is a chat: read as text whose name says it is a prompt
        if not any(PLACEHOLDER.search(t) for t in texts) or not reads_as_prompt(
                "\n".join(PLACEHOLDER.sub(" ", t) for t in texts), "prompt_messages"):
            continue
        out.append(_chat(name, source, parent or ("(messages)",), messages, scope_of))
    return out, used


def _stem(name: str) -> str:
    """A file's name without its folder and suffix (`prompts` of `app/prompts.yaml`)."""
    return name.rsplit("/", 1)[-1].split(".", 1)[0]


def _separate(chosen: list[Value], table: bool = False) -> list[list[Value]]:
    """The prompts one mapping's values make: the parts of one prompt (`system` and `user`,
    an agent's `role`, `goal` and `backstory`) stay together; several values each named as
    a prompt of its own (`topic_prompt`, `error_prompt`), or held by a mapping named for
    prompts (`prompts: {qa_generation: ..., qa_rating: ...}`, the top of `prompts.yaml`:
    `table`), are several prompts."""
    if table and not any(v.keys[-1].lower() in MESSAGE_KEYS for v in chosen):
        return [[v] for v in chosen]
    own = [v for v in chosen if OWN_PROMPT.search(v.keys[-1])
           and v.keys[-1].lower() not in MESSAGE_KEYS]
    if len(own) < 2:
        return [chosen] if chosen else []
    rest = [v for v in chosen if v not in own]
    return ([rest] if rest else []) + [[v] for v in own]


def _prompt(name: str, source: str, parent: tuple[str, ...], chosen: list[Value],
            scope_of: Callable[[str], Scope], fills: dict[str, str],
            crew: bool = False) -> Prompt:
    """One mapping's values as a chat, each a message whose role its key says; the system
    messages first, as a chat request sends them, wherever the file writes them
    (`prompt_message:` above `system_context:`)."""
    messages = [("system" if _SYSTEM_KEY.search(v.keys[-1]) else "user", v) for v in chosen]
    messages.sort(key=lambda message: message[0] != "system")
    return _chat(name, source, parent or ("(top)",), messages, scope_of, fills, crew)


def _chat(name: str, source: str, parent: tuple[str, ...], messages: list[tuple[str, Value]],
          scope_of: Callable[[str], Scope], fills: dict[str, str] | None = None,
          crew: bool = False) -> Prompt:
    """A prompt of the file: (role, value) messages in order, sent as the chat `parent`
    names (the key path that holds them); `fills` are the texts its `defaults` give
    placeholders."""
    # one message a format string (`{field}`): a chat template of format strings, whose
    # other messages' `{{ }}` are escaped braces too (a CSS or JSON example)
    escaped = any(is_format_string(value.text) for _, value in messages)
    blocks = tuple(Block(role, tuple(segments(name, source, value, scope_of, fills, crew,
                                              escaped)))
                   for role, value in messages)
    line = _position(source, messages[0][1].offset)[0]
    return Prompt(id=f"{name}:{line}", path=name, line=line, kind="config", blocks=blocks,
                  holes=tuple(s for b in blocks for s in b.segments if isinstance(s, Hole)),
                  renderer=SegmentRenderer(blocks), files=(name,), chat=True,
                  sink="config " + ".".join(parent),
                  keys=tuple(_lines_of(source, value, block)
                             for (_, value), block in zip(messages, blocks)))


def _lines_of(source: str, value: Value, block: Block) -> tuple[str, int, int]:
    """A value's key and the lines of the file from its start to its last placeholder (an
    escaped `\\n` of JSON is no line of the file, so the text's own lines do not say)."""
    first = _position(source, value.offset)[0]
    last = max((s.span.end_line for s in block.segments
                if isinstance(s, Hole) and s.span is not None), default=first)
    return value.keys[-1], first, max(first, last)


def segments(name: str, source: str, value: Value, scope_of,
             fills: dict[str, str] | None = None, crew: bool = False,
             escaped: bool = False, jinja: bool = False) -> Iterator[Text | Hole]:
    """Text and holes of one value; each hole's span is found in the file by searching for
    its placeholder from where the value starts (block scalars drop indentation, so the
    value's own offsets do not map one to one). A `{field}` the record's `defaults` give
    is that constant text. CrewAI fills only `{name}` in an agent or a task: `{{ menu.title }}`
    there is text the model is shown (`crew`). With `escaped`, `{{` and `}}` are braces
    (another message of the same chat is a format string). With `jinja`, the text is Jinja
    whatever it holds (a BAML prompt's): `{name}` is text, `{{ }}` a value."""
    cursor = value.offset
    last = 0
    escapes = not jinja and (escaped or escapes_braces(value.text))  # `{{` `}}`: braces
    jinja = jinja or is_jinja(value.text)  # `{name}` is text (a code example's f-string)
    for match in PLACEHOLDER.finditer(value.text):
        if escapes and match.group("jinja") is not None or \
                jinja and not crew and match.group("field") is not None or \
                crew and match.group("field") is None:
            continue
        if match.start() > last:
            yield Text(value.text[last:match.start()])
        last = match.end()
        if fills and match.group("field") in fills:
            yield Text(fills[match.group("field")])
            continue
        found = source.find(match.group(0), cursor)
        start = found if found >= 0 else cursor
        cursor = start + len(match.group(0)) if found >= 0 else cursor
        line, column = _position(source, start)
        end_line, end_column = _position(source, start + len(match.group(0)))
        span = Span(name, line, column, end_line, end_column)
        slot = match.group("slot")
        expression = match.group("jinja") or match.group("tag") or match.group("field") or \
            match.group("marked") or match.group("dollar") or match.group("template") or \
            (slot or match.group("bang") or match.group("capitals") or "").replace(
                " ", "_").lower()
        path = _value_path(expression, bool(match.group("tag")))
        if path is None:
            continue  # `{% endfor %}`, `{% else %}`: no value of its own
        kind = "loop" if (match.group("tag") or "").startswith("for ") else "value"
        yield Hole(kind, match.group(0), span, (path,), scope_of(path))
    if last < len(value.text):
        yield Text(value.text[last:])


def _value_path(expression: str, tag: bool) -> str | None:
    """The dotted name a placeholder reads (`user.name | upper` → `user.name`; `for doc in
    documents` → `documents`); None for a tag that reads none."""
    text = expression.split("|", 1)[0]
    if tag and " in " in text:
        text = text.split(" in ", 1)[1]
    names = [n for n in _NAME.findall(text) if n.lower() not in _TAG_KEYWORDS]
    return names[0] if names else None


def _position(source: str, offset: int) -> tuple[int, int]:
    line = source.count("\n", 0, offset) + 1
    return line, offset - (source.rfind("\n", 0, offset) + 1) + 1


# A key named in code this many times or more is a common word of settings, not a lookup.
_MAX_LOOKUPS = 3


def looked_up(prompts: list[tuple[Prompt, list]], python: Sequence[str],
              read: Callable[[str], str]) -> list[tuple[Prompt, list]]:
    """Settings files' prompts with the places in code that look their values up by a key of
    their own (`texts["summarize_instruction"]`, `i18n.slice("summarize_instruction")`):
    where what fills them is passed, named with their findings. Only keys that name one value
    (a word with `_` or of 12 letters or more, not a message's part such as `system_prompt`)
    and that code names in no more than a few places count."""
    keys: dict[str, list[tuple[int, int, int]]] = {}  # by key: (prompt, first line, last)
    for index, (prompt, _) in enumerate(prompts):
        for key, first, last in prompt.keys:
            if ("_" in key.strip("_") or len(key) >= 12) and key.lower() not in MESSAGE_KEYS:
                keys.setdefault(key, []).append((index, first, last))
    if not keys or not python:
        return prompts
    pattern = re.compile("[\"'](" + "|".join(map(re.escape, sorted(keys, key=len, reverse=True)))
                         + ")[\"']")
    places: dict[str, list[Span]] = {}
    for path, text in readable_texts(python, read):
        for match in pattern.finditer(text):
            line, column = _position(text, match.start())
            places.setdefault(match.group(1), []).append(Span(path, line, column, line, column))
    out = list(prompts)
    for key, found in sorted(places.items()):
        if len(found) >= _MAX_LOOKUPS or len(keys[key]) > 1:
            continue  # a common word of settings, or a key several values share
        index, first, last = keys[key][0]
        prompt, notes = out[index]
        out[index] = (dataclasses.replace(prompt, used_at=prompt.used_at + tuple(
            (first, last, site) for site in found)), notes)
    return out


def config_strings(name: str, source: str) -> list[Value]:
    """The string values of a YAML, JSON or TOML file that hold a placeholder, with their
    key paths (what `prompts` groups, and what settings objects read as
    `settings.section.key`); none for a file that does not parse."""
    if not _may_fill(source):
        return []
    if name.endswith(".jsonl"):
        return list(_json_lines(source))
    if name.endswith(".json"):
        # every JSON file has braces: only one with a placeholder and a prompt-ish key (or
        # named for prompts), or a list of messages, is parsed (comments, as in
        # `appsettings.json`, are blanked in place first)
        messages = _JSON_MESSAGES.search(source) is not None
        if not messages and not _JSON_PROMPT.search(source) and not (
                (_JSON_LINES_PROMPT.search(source) or _PROMPTS_FILE.search(_stem(name)) or
                 _JSON_PROMPTS_MAPPING.search(source))
                and PLACEHOLDER.search(source)):
            return []
        source = _without_comments(source)
    elif name.endswith(".toml"):
        return list(_toml(source))
    else:
        messages = _YAML_MESSAGES.search(source) is not None
    # a message's role, and each part of a CrewAI agent, though they hold no placeholder
    kept = ("role",) if messages else ()
    if _CREW_AGENT.search(source):
        kept += CREW_AGENT_KEYS
    if _CREW_TASK.search(source):
        kept += ("expected_output",)
    if kept:
        return [v for v in _yaml(source, every=True)
                if _may_fill(v.text) or v.keys[-1] in kept]
    return list(_yaml(source))


def _may_fill(text: str) -> bool:
    """Whether text may hold a placeholder (a brace, or a `<<SLOT>>`): the cheap test before
    a file is parsed or a value kept."""
    return "{" in text or "<<" in text


def yaml_strings(source: str) -> list[Value]:
    """Every string value of a YAML (or JSON) document, with its key path, in file order."""
    return list(_yaml(source, every=True))


def _yaml(source: str, every: bool = False) -> Iterator[Value]:
    import yaml

    try:
        root = yaml.compose(source, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return
    except (RecursionError, MemoryError):
        return
    stack: list[tuple[object, tuple[str, ...]]] = [(root, ())]
    found: list[Value] = []
    seen: set[int] = set()  # an alias is the node it names: walked once (no alias bombs)
    while stack:
        node, keys = stack.pop()
        if id(node) in seen or len(seen) > MAX_NODES:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            for key, child in reversed(node.value):
                stack.append((child, keys + (str(getattr(key, "value", "")),)))
        elif not every and isinstance(node, yaml.SequenceNode) and keys and \
                KEY_HINT.search(keys[-1]) and _lines(node) is not None:
            text = _lines(node)  # a template written as a list of its lines (JSON has no
            if _may_fill(text):  # text over several lines)
                found.append(Value(keys, text, node.value[0].start_mark.index))
        elif isinstance(node, yaml.SequenceNode):
            for index, child in reversed(list(enumerate(node.value))):
                stack.append((child, keys + (str(index),)))
        elif isinstance(node, yaml.ScalarNode) and node.tag.endswith(":str") and \
                isinstance(node.value, str) and keys and \
                (every or _may_fill(node.value) or DEFAULTS in keys[-2:-1]):
            found.append(Value(keys, node.value, node.start_mark.index))
    yield from sorted(found, key=lambda v: v.offset)


def _lines(node) -> str | None:
    """A list of two or more strings as one text: joined as they are when they end their
    own lines (`"Rules:\n"`), else one to a line; None when an item is not a string."""
    import yaml

    items = node.value
    if len(items) < 2 or not all(isinstance(i, yaml.ScalarNode) and i.tag.endswith(":str")
                                 for i in items):
        return None
    texts = [i.value for i in items]
    return "".join(texts) if any("\n" in t for t in texts) else "\n".join(texts)


# Lines of a JSON Lines file read for prompt text, at most (a data set is not read whole).
MAX_JSON_LINES = 2_000


def _json_lines(source: str) -> Iterator[Value]:
    """The string values of a JSON Lines file (a judge's prompts, one record a line), each
    key path led by the record's line number (`("1", "prompt_template")`); only lines that
    pass the JSON prompt test are parsed."""
    start = 0
    for number, line in enumerate(source.splitlines(keepends=True)[:MAX_JSON_LINES], 1):
        if _JSON_PROMPT.search(line):
            for value in _yaml(line):
                yield Value((str(number),) + value.keys, value.text, start + value.offset)
        start += len(line)


def _without_comments(source: str) -> str:
    """JSON with `//` and `/* */` comments (JSONC) as plain JSON, every offset kept: each
    comment character outside a string becomes a space (newlines stay)."""
    out = list(source)
    index, size, in_string = 0, len(source), False
    while index < size:
        char = source[index]
        if in_string:
            if char == "\\":
                index += 2
                continue
            in_string = char != '"'
        elif char == '"':
            in_string = True
        elif source.startswith("//", index):
            end = source.find("\n", index)
            end = size if end < 0 else end
            out[index:end] = " " * (end - index)
            index = end
            continue
        elif source.startswith("/*", index):
            end = source.find("*/", index + 2)
            end = size if end < 0 else end + 2
            out[index:end] = [c if c == "\n" else " " for c in source[index:end]]
            index = end
            continue
        index += 1
    return "".join(out)


def _toml(source: str) -> Iterator[Value]:
    try:
        data = tomllib.loads(source)
    except (tomllib.TOMLDecodeError, RecursionError):
        return
    found: list[Value] = []
    stack: list[tuple[object, tuple[str, ...]]] = [(data, ())]
    while stack:
        node, keys = stack.pop()
        if isinstance(node, dict):
            stack.extend((child, keys + (str(key),)) for key, child in node.items())
        elif isinstance(node, list):
            stack.extend((child, keys + (str(i),)) for i, child in enumerate(node))
        elif isinstance(node, str) and _may_fill(node) and keys:
            first = next((line.strip() for line in node.splitlines() if line.strip()), "")
            offset = source.find(first) if first else -1
            found.append(Value(keys, node, max(offset, 0)))
    yield from sorted(found, key=lambda v: (v.offset, v.keys))
