"""Library models as data: what each LLM library does with the arguments it is given.

One TOML file per library sits beside this module (`openai.toml`, `anthropic.toml`, ...).
Each `[[sink]]` says how to recognise a call (`chains`: attribute-chain suffixes on any
receiver, since clients are rarely typed; `qualified`: globs on the imported name), how its
arguments are lowered (`lowering`), which argument holds which part of the request and in
what order the library serializes them (`arguments`), and what the library adds after them
(`after = ["history"]`: an agent loop appends the conversation and tool results after the
system prompt; `["context", "history"]`: a chat engine puts retrieved context first). Users add their own with the same keys in `[[tool.prefixlint.models]]`.
The analyzer keeps only the mechanisms; adding a library is adding a file.
"""

from __future__ import annotations

import fnmatch
import functools
import re
import sys
from dataclasses import dataclass
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

FOLDER = Path(__file__).resolve().parent

# How a sink's arguments become blocks (mechanisms in frontends/python/sinks.py):
LOWERINGS = {
    "request": "keyword arguments in serialization order, each with its role",
    "agent": "the first of `arguments` present is the system prompt (a string, or a function "
             "that returns one)",
    "template": "a string template whose {placeholders} are bound later",
    "chat-template": "a list of (role, template) messages whose {placeholders} are bound later",
    "template-file": "a template read from the file the call names",
    "jinja": "a Jinja template given as a string",
    "prompty": "a .prompty file executed by the call",
    "guidance": "a generation added to a model object (`lm += gen(...)`) sends the text added "
                "to it before, each part in the role of the `with system()`/`user()`/"
                "`assistant()` block around it",
    "http": "a JSON request body posted over HTTP; `body` gives the roles of its keys",
    "argv": "a command line run as a subprocess (`subprocess.run([\"claude\", \"-p\", prompt])`) "
            "whose program is one of `programs`: `arguments` give the roles of its options "
            "(`--system-prompt`) and of `prompt`, the positional argument (else the text "
            "given on standard input, `input=`)",
    "signature": "classes deriving from `bases`: the docstring and fields are the prompt",
    "decorator": "functions decorated `@agent.<name>` for a name in `decorators` join the "
                 "system prompt of an agent built by an `agent` sink",
    "docstring": "functions decorated with a `qualified` decorator are prompt templates: the "
                 "docstring, a Jinja template rendered with the function's arguments",
    "decorator-template": "functions decorated with a `qualified` decorator send a chat: the "
                          "decorator's arguments (a string with the role of `arguments`, or "
                          "messages whose class names their role) are `str.format` templates "
                          "filled with the function's arguments",
}
ROLES = ("tools", "schema", "system", "context", "examples", "messages", "user", "template",
         "history", "clock", "stored", "memories")
# `clock`: a flag argument that, set to True, makes the library write the current time into
# the system text at that place (Agno's `add_datetime_to_instructions=True`).
# `memories`: a flag argument that, set to True, makes the library write what it remembers
# of the user into the system text at that place (Agno's `enable_agentic_memory=True`),
# followed by the flag's text in `defaults`, if any (the instructions for its memory tool).
# `stored`: the id of a conversation the provider keeps (the Responses API's
# `previous_response_id`): its turns come there, unless the argument is None.
AFTER = ("history", "context")
# The words that make a name one for a program's path (`claude_bin`, `CLAUDE_PATH`,
# `self.codex_command`): an `argv` sink's program held by a name set where it is not in view.
PROGRAM_WORDS = r"(?i:bin|path|cmd|command|exe|executable|cli)\b"


class ModelError(ValueError):
    """A library model that cannot be used: the message says which file and key."""


@dataclass(frozen=True)
class SinkModel:
    """One call (or class, or decorator) of a library that sends a prompt."""

    library: str
    name: str
    lowering: str
    chains: tuple[str, ...] = ()
    qualified: tuple[str, ...] = ()
    arguments: tuple[tuple[str, str], ...] = ()
    body: tuple[tuple[str, str], ...] = ()
    requires: tuple[str, ...] = ()
    after: tuple[str, ...] = ()
    preamble: str = ""  # the system text the library sends when the call gives none
    # The system text the library writes after the arguments it is given (an agent
    # framework's answer-format instructions), before anything in `after`.
    closing: str = ""
    # Its template arguments' fields are holes: `true` for `str.format`'s `{name}`, "state"
    # for a run of braces around a state name (`{{ name }}` as well, Google ADK's).
    placeholders: bool | str = False
    bases: tuple[str, ...] = ()
    decorators: tuple[str, ...] = ()
    # The sink is these methods of an object the `qualified` class made (`generator =
    # OllamaGenerator(...)`, then `generator.run(prompt)`), not the class called itself.
    methods: tuple[str, ...] = ()
    origin: str = ""
    # The text the library puts in an argument's place when the call passes none (LangChain's
    # ReAct format instructions between the tools and the suffix): (argument, text) pairs.
    defaults: tuple[tuple[str, str], ...] = ()
    # Its first argument may be a batch, one request per element (vLLM's `llm.generate(
    # prompts)`): the prompt measured is one element's, a comprehension's item as it builds it.
    batched: bool = False
    # The object its `methods` are called on keeps the turns it was sent (a chat): a later
    # call on the same object sends the earlier ones, and the model's replies, first.
    turns: bool = False
    # An `argv` sink: the programs it runs (`claude`), the options that take a value that is
    # not prompt text (`--model`), and how many positional arguments come before the prompt
    # (`ollama run MODEL PROMPT`: 2).
    programs: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    positionals: int = 0

    def default_text(self, argument: str) -> str:
        """The library's own text for an argument the call leaves out ("" when none)."""
        return next((text for name, text in self.defaults
                     if name == argument.split("|")[0]), "")

    @property
    def id(self) -> str:
        return f"{self.library}.{self.name}"

    def matches(self, chain: str, qualified: str, keywords) -> bool:
        """Whether a call with this attribute chain and qualified name is this sink."""
        return self.specificity(chain, qualified, keywords) > 0

    def specificity(self, chain: str, qualified: str, keywords) -> int:
        """How precisely a call matches (0: not at all): a qualified name beats any chain,
        and a longer chain (`chat.completions.create`) beats a shorter one (`chat`)."""
        if self.requires and not any(k in keywords for k in self.requires):
            return 0
        if self.methods:  # matched by `instance_specificity`, on the receiver's class
            return 0
        if qualified and any(fnmatch.fnmatchcase(qualified, q) for q in self.qualified):
            return 100
        return max((1 + s.count(".") for s in self.chains
                    if chain == s or chain.endswith("." + s)), default=0)

    def instance_specificity(self, made_by: str, method: str, keywords) -> int:
        """How precisely `obj.method(...)` matches a `methods` sink, `made_by` being the
        qualified name of the class that made `obj` (0: not at all)."""
        if not self.methods or method not in self.methods or not made_by:
            return 0
        if self.requires and not any(k in keywords for k in self.requires):
            return 0
        return 100 if any(fnmatch.fnmatchcase(made_by, q) for q in self.qualified) else 0

    def last_names(self) -> tuple[str, ...]:
        """The called names this sink can match (`create` of `chat.completions.create`);
        `*` when a qualified glob can match any name."""
        if self.methods:
            return self.methods
        names = [c.rsplit(".", 1)[-1] for c in self.chains]
        for q in self.qualified:
            last = q.rsplit(".", 1)[-1]
            names.append("*" if any(ch in last for ch in "*?[") else last)
        return tuple(dict.fromkeys(names))

    def prefilter_anchors(self) -> tuple[str, ...]:
        """Plain text each of `prefilter_words` contains (the name that is called)."""
        if self.programs:
            return self.programs
        names = [n for n in self.last_names() if n != "*" and not self.methods]
        names += [q.rsplit(".", 1)[-1].replace("*", "") for q in self.qualified]
        names += [b.rsplit(".", 1)[-1] for b in self.bases] + list(self.decorators)
        return tuple(dict.fromkeys(n for n in names if n))

    def prefilter_words(self) -> tuple[str, ...]:
        """Text a module must contain to possibly hold this sink (its last name, called; for
        a command line, its program named in quotes or in a name: `"claude"`, `claude_path`,
        not any `run(`)."""
        if self.programs:
            return tuple(rf"[\"'/]{re.escape(p)}[\"']|\b{re.escape(p)}_{PROGRAM_WORDS}"
                         for p in self.programs)
        names = [c.rsplit(".", 2)[-2:] for c in self.chains]
        words = [r"\.".join(map(re.escape, n)) + r"\s*\(" for n in names]
        # (a pattern of a maker's attribute chain, `*.chats.create`, as a chain: its last two
        # names, not any `.create(`)
        words += [r"\.".join(map(re.escape, q.removeprefix("*.").rsplit(".", 2)[-2:]))
                  + r"\s*\(" if q.startswith("*.") else
                  re.escape(q.rsplit(".", 1)[-1].replace("*", "")) + r"\s*\("
                  for q in self.qualified if not q.endswith("*")]
        words += [re.escape(b.rsplit(".", 1)[-1]) for b in self.bases]
        words += [r"\." + re.escape(d) + r"\b" for d in self.decorators]
        return tuple(words)


def _strings(where: str, key: str, value) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ModelError(f"{where}: `{key}` must be a list of strings")
    return tuple(value)


def _pairs(where: str, key: str, value) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p)
            for p in value):
        raise ModelError(f"{where}: `{key}` must be a list of [argument, role] pairs")
    for _, role in value:
        if role not in ROLES:
            raise ModelError(f"{where}: `{key}`: unknown role {role!r} (expected one of: "
                             f"{', '.join(ROLES)})")
    return tuple((a, r) for a, r in value)


KEYS = ("name", "lowering", "chains", "qualified", "arguments", "body", "requires", "after",
        "placeholders", "bases", "decorators", "library", "preamble", "closing", "methods",
        "defaults", "batched", "programs", "options", "positionals", "turns")


def parse_sink(library: str, table: dict, where: str) -> SinkModel:
    """One `[[sink]]` table (or a user's `[[tool.prefixlint.models]]` entry) checked."""
    if not isinstance(table, dict):
        raise ModelError(f"{where}: a sink must be a table")
    unknown = sorted(set(table) - set(KEYS))
    if unknown:
        raise ModelError(f"{where}: unknown key `{unknown[0]}` (expected one of: "
                         f"{', '.join(KEYS)})")
    lowering = table.get("lowering", "request")
    if lowering not in LOWERINGS:
        raise ModelError(f"{where}: unknown lowering {lowering!r} (expected one of: "
                         f"{', '.join(LOWERINGS)})")
    after = _strings(where, "after", table.get("after", []))
    if any(a not in AFTER for a in after):
        raise ModelError(f"{where}: `after` lists what the library adds after the arguments: "
                         f"{', '.join(AFTER)}")
    placeholders = table.get("placeholders", False)
    if not isinstance(placeholders, bool) and placeholders != "state":
        raise ModelError(f"{where}: `placeholders` must be true, false or \"state\"")
    preamble, closing = table.get("preamble", ""), table.get("closing", "")
    if not isinstance(preamble, str) or not isinstance(closing, str):
        raise ModelError(f"{where}: `preamble` and `closing` are text the library sends "
                         "itself: strings")
    defaults = table.get("defaults", [])
    if not isinstance(defaults, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p)
            for p in defaults):
        raise ModelError(f"{where}: `defaults` must be a list of [argument, text] pairs")
    batched, turns = table.get("batched", False), table.get("turns", False)
    if not isinstance(batched, bool) or not isinstance(turns, bool):
        raise ModelError(f"{where}: `batched` and `turns` must be true or false")
    positionals = table.get("positionals", 0)
    if not isinstance(positionals, int) or isinstance(positionals, bool) or positionals < 0:
        raise ModelError(f"{where}: `positionals` must be a whole number")
    programs = _strings(where, "programs", table.get("programs", []))
    if (lowering == "argv") != bool(programs):
        raise ModelError(f"{where}: an `argv` sink, and only one, names the `programs` it runs")
    name = table.get("name")
    if not isinstance(name, str) or not name:
        raise ModelError(f"{where}: every sink needs a `name`")
    model = SinkModel(
        library=str(table.get("library", library)), name=name, lowering=lowering,
        chains=_strings(where, "chains", table.get("chains", [])),
        qualified=_strings(where, "qualified", table.get("qualified", [])),
        arguments=_pairs(where, "arguments", table.get("arguments", [])),
        body=_pairs(where, "body", table.get("body", [])),
        requires=_strings(where, "requires", table.get("requires", [])),
        after=after, preamble=preamble, closing=closing, placeholders=placeholders,
        bases=_strings(where, "bases", table.get("bases", [])),
        decorators=_strings(where, "decorators", table.get("decorators", [])),
        methods=_strings(where, "methods", table.get("methods", [])), origin=where,
        defaults=tuple((a, t) for a, t in defaults), batched=batched, programs=programs,
        options=_strings(where, "options", table.get("options", [])), positionals=positionals,
        turns=turns)
    if model.turns and not model.methods:
        raise ModelError(f"{where}: `turns` are kept by an object whose `methods` send them: "
                         "give `methods` too")
    if model.methods and not model.qualified:
        raise ModelError(f"{where}: `methods` are methods of an object a `qualified` class "
                         "made: give `qualified` too")
    if not (model.chains or model.qualified or model.bases or model.decorators):
        raise ModelError(f"{where}: sink {name!r} matches nothing (give `chains`, "
                         "`qualified`, `bases` or `decorators`)")
    return model


@functools.lru_cache(maxsize=None)
def builtin_models() -> tuple[SinkModel, ...]:
    """Every shipped model, file by file in name order, sinks in file order."""
    out: list[SinkModel] = []
    for path in sorted(FOLDER.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for index, table in enumerate(data.get("sink", [])):
            out.append(parse_sink(path.stem, table, f"models/{path.name} sink {index + 1}"))
    return tuple(out)


def all_models(extra: tuple[SinkModel, ...] = ()) -> tuple[SinkModel, ...]:
    """The user's models first (they win a tie), then the shipped ones."""
    return tuple(extra) + builtin_models()
