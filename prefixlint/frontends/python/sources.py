"""Data for the Python frontend: where values come from (sources) and where prompts go (sinks).

Both are plain tables so that users can extend them (`[tool.prefixlint.python] sources`,
`sinks`) the way semgrep taint rules are extended.
"""

from __future__ import annotations

import fnmatch
import re

from ...ir import Scope

# Qualified names of calls whose result changes; globs allowed. First match wins.
SOURCES: tuple[tuple[str, Scope], ...] = (
    ("datetime.date.today", Scope.DAY),
    ("datetime.datetime.now", Scope.REQUEST),
    ("datetime.datetime.utcnow", Scope.REQUEST),
    ("datetime.datetime.today", Scope.REQUEST),
    ("datetime.datetime.fromtimestamp", Scope.REQUEST),
    ("time.time", Scope.REQUEST),
    ("time.time_ns", Scope.REQUEST),
    ("time.strftime", Scope.REQUEST),
    ("time.localtime", Scope.REQUEST),
    ("time.gmtime", Scope.REQUEST),
    ("time.ctime", Scope.REQUEST),
    ("time.asctime", Scope.REQUEST),
    ("time.monotonic", Scope.REQUEST),
    ("time.perf_counter", Scope.REQUEST),
    ("arrow.now", Scope.REQUEST),
    ("arrow.utcnow", Scope.REQUEST),
    ("pendulum.now", Scope.REQUEST),
    ("pendulum.today", Scope.DAY),
    ("uuid.uuid1", Scope.REQUEST),
    ("uuid.uuid4", Scope.REQUEST),
    ("secrets.*", Scope.REQUEST),
    ("os.urandom", Scope.REQUEST),
    ("random.*", Scope.REQUEST),
    ("numpy.random.*", Scope.REQUEST),
    ("subprocess.*", Scope.REQUEST),
    ("os.getenv", Scope.DEPLOY),
    ("os.environ.get", Scope.DEPLOY),
    ("os.getpid", Scope.DEPLOY),
    ("os.getcwd", Scope.DEPLOY),
    ("socket.gethostname", Scope.DEPLOY),
    ("getpass.getuser", Scope.DEPLOY),
    ("platform.*", Scope.DEPLOY),
)

RANDOM_EXAMPLES = ("random.shuffle", "random.sample", "random.choice", "random.choices",
                   "numpy.random.shuffle", "numpy.random.choice", "numpy.random.permutation")

# strftime directives finer than a day: a format without them changes once a day.
_SUB_DAY = re.compile(r"%[HIMSfpXcTrRsLkl]")


def source_scope(qualified: str, extra: tuple[tuple[str, Scope], ...] = ()) -> Scope | None:
    """The scope of a call's result by its qualified name; user-declared sources first."""
    for pattern, scope in extra + SOURCES:
        if fnmatch.fnmatchcase(qualified, pattern):
            return scope
    return None


def date_only(fmt: str) -> bool:
    """Whether a strftime format shows nothing finer than the day (`%Y-%m-%d`, `%A %d %B`)."""
    return "%" in fmt and not _SUB_DAY.search(fmt)


# Sinks matched on the attribute chain of a call (any receiver: clients are rarely typed).
# kind → (chain suffixes, provider, {keyword: block role}) in the provider's serialization order.
CALL_SINKS: tuple[tuple[str, tuple[str, ...], tuple[tuple[str, str], ...]], ...] = (
    ("openai-chat", ("chat.completions.create", "chat.completions.parse",
                     "chat.completions.stream", "chat.completions.acreate"),
     (("tools", "tools"), ("functions", "tools"), ("response_format", "schema"),
      ("messages", "messages"))),
    ("openai-responses", ("responses.create", "responses.parse", "responses.stream"),
     (("tools", "tools"), ("instructions", "system"), ("input", "messages"))),
    ("anthropic", ("messages.create", "messages.stream", "messages.count_tokens"),
     (("tools", "tools"), ("system", "system"), ("messages", "messages"))),
)

# Agent frameworks take the system prompt as a constructor argument: qualified name -> the
# keywords that may hold it (a string, or a function that returns one), first found wins.
FRAMEWORK_SINKS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("agents.Agent", ("instructions",)),  # OpenAI Agents SDK
    ("pydantic_ai.Agent", ("system_prompt", "instructions")),  # PydanticAI
    ("langchain.agents.create_agent", ("system_prompt",)),  # LangChain 1.x
    ("langgraph.prebuilt.create_react_agent", ("prompt",)),  # LangGraph
)
# DSPy: classes deriving from these are prompts (instructions, fields).
DSPY_SIGNATURES = frozenset({"dspy.Signature", "dspy.signatures.Signature",
                             "dspy.signatures.signature.Signature"})
# Decorators that register a function whose return value joins an agent's system prompt.
FRAMEWORK_DECORATORS = ("system_prompt", "instructions")

# Sinks matched on qualified names.
LITELLM = ("litellm.completion", "litellm.acompletion", "litellm.text_completion")

# Sink shapes, not any `.create(` (a Django `objects.create(` or an XML `.parse(` is not one).
PREFILTER_WORDS = (r"(?:completions|responses|messages)\.a?(?:create|parse|stream|count_tokens)\(",
                   r"completion\(", "from_messages",
                   "from_template", "SystemMessage", "HumanMessage", r"[\"']role[\"']",
                   r"from_string\(", r"Template\(", r"prompty\.", r"from_file\(",
                   r"instructions\b", r"system_prompt\b", r"create_react_agent\(",
                   r"dspy\.", r"PromptTemplate\(")


def prefilter(sinks: tuple[str, ...] = ()) -> re.Pattern[str]:
    """A text test a file must pass before it is parsed: it mentions some prompt sink."""
    words = PREFILTER_WORDS + tuple(re.escape(s.partition(":")[0].rsplit(".", 1)[-1]) + r"\("
                                    for s in sinks)
    return re.compile("|".join(words))
