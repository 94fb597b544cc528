"""Data for the Python frontend: where values come from (sources), and the text test that
decides whether a module may hold a prompt at all. Where prompts go (sinks) is in the library
models, `prefixlint/models/*.toml`.

Sources are a plain table that users extend (`[tool.prefixlint.python] sources`) the way
semgrep taint rules are extended.
"""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass

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
    # the body, query and form of the request a web handler serves (Flask and Quart)
    ("flask.request.*", Scope.REQUEST),
    ("quart.request.*", Scope.REQUEST),
    # what a person types or uploads into a Streamlit app's widgets (`st.chat_input`,
    # `st.sidebar.text_area`), read again on every run of the script
    ("streamlit.*chat_input", Scope.REQUEST),
    ("streamlit.*text_input", Scope.REQUEST),
    ("streamlit.*text_area", Scope.REQUEST),
    ("streamlit.*file_uploader", Scope.REQUEST),
    ("streamlit.*audio_input", Scope.REQUEST),
    ("streamlit.*camera_input", Scope.REQUEST),
    # what a microphone records (a voice assistant's turn), read afresh for each question
    ("sounddevice.rec", Scope.REQUEST),
    ("sounddevice.playrec", Scope.REQUEST),
    ("os.getenv", Scope.DEPLOY),
    ("os.environ.get", Scope.DEPLOY),
    ("os.getpid", Scope.DEPLOY),
    ("os.getcwd", Scope.DEPLOY),
    ("socket.gethostname", Scope.DEPLOY),
    ("getpass.getuser", Scope.DEPLOY),
    ("platform.*", Scope.DEPLOY),
    # facts of the machine the service runs on: the same for every request it serves
    ("shutil.which", Scope.DEPLOY),
    ("os.cpu_count", Scope.DEPLOY),
    ("locale.getpreferredencoding", Scope.DEPLOY),
    ("locale.getlocale", Scope.DEPLOY),
)

# Calls that open a database or a data store: what a query of it returns varies as the data
# does, not as the path or address the store is opened with (a setting).
DATA_STORES = frozenset({
    "sqlite3.connect", "aiosqlite.connect", "duckdb.connect", "psycopg2.connect",
    "psycopg.connect", "psycopg.AsyncConnection.connect", "asyncpg.connect",
    "asyncpg.create_pool", "pymysql.connect", "mysql.connector.connect", "MySQLdb.connect",
    "sqlalchemy.create_engine", "sqlalchemy.ext.asyncio.create_async_engine",
    "pymongo.MongoClient", "motor.motor_asyncio.AsyncIOMotorClient", "redis.Redis",
    "redis.from_url", "redis.StrictRedis", "redis.asyncio.Redis", "redis.asyncio.from_url"})

# Methods whose result is the command line (`args = parser.parse_args()`): whatever is read
# from it is fixed for the run, as a setting is, whatever its name (`args.repo_id`), but for
# what the user asks the run (`COMMAND_LINE_SUBJECTS`).
COMMAND_LINE = ("parse_args", "parse_known_args")
# The last words of an option that is what the run is asked rather than how it runs
# (`args.question`, `args.episode_topic`): the run's request.
COMMAND_LINE_SUBJECTS = frozenset({"question", "query", "prompt", "input", "message",
                                   "request", "topic", "objective"})

# FastAPI's injected dependencies (`user=Depends(current_user)`): an object the framework
# builds by calling the dependency, not a value of the request's body.
INJECTED = ("fastapi.Depends", "fastapi.Security", "fastapi.params.Depends",
            "fastapi.params.Security")

# Calls that make a text or file stream: its `write` and `read` are the library's, never a
# project method of the same name.
STREAMS = frozenset({"io.StringIO", "io.BytesIO", "io.open", "builtins.open", "codecs.open",
                     "tempfile.NamedTemporaryFile", "tempfile.TemporaryFile",
                     "tempfile.SpooledTemporaryFile"})

# Methods of a data class (pydantic's, v2 and v1) that write out its JSON schema: the same
# for every request, whichever class the code passes.
SCHEMA_METHODS = ("model_json_schema", "schema_json", "schema")

# Sources that read a clock: read once (at import, in a kept object) they grow stale (PFX007).
CLOCKS = ("datetime.", "time.", "arrow.", "pendulum.")

# Calls that read what a person types at a terminal. A module that reads them in a loop is a
# chat program whose process is one person's run: what it computes once, at start-up, is
# per session there, not per deployment (a server's process serves everyone).
TYPED_INPUT = frozenset({"builtins.input", "rich.prompt.Prompt.ask", "prompt_toolkit.prompt",
                         "click.prompt", "typer.prompt"})


def converses(module) -> bool:
    """Whether a module reads typed input in a loop (`while True: line = input("> ")`)."""
    import libcst as cst

    from .flow import _walk

    return any(isinstance(node, cst.Call) and module.qualname(node.func) in TYPED_INPUT
               for loop in module.nodes if isinstance(loop, cst.While)
               for node in _walk(loop.body))


def reruns(module) -> bool:
    """Whether a module is a script its framework runs again on every interaction: a
    Streamlit app, whose top level calls the library's widgets (`st.chat_input(...)`,
    `st.title(...)`). Its top level is then not import time: what it reads there (a clock,
    the text typed) is that run's, not the process's. Found once per module."""
    import libcst as cst

    def compute() -> bool:
        for statement in module.tree.body:
            if not isinstance(statement, cst.SimpleStatementLine):
                continue
            for small in statement.body:
                value = getattr(small, "value", None)
                if isinstance(value, cst.Call) and \
                        (module.qualname(value.func) or "").startswith("streamlit."):
                    return True
        return False

    return bool(module.memo("reruns", module, compute))


def refilled(module) -> frozenset[str]:
    """The module-level names the module's functions empty and fill again as the program
    runs (`RAW_TEXTS = []`, then `global RAW_TEXTS; RAW_TEXTS.clear()` and
    `RAW_TEXTS.append(text)` in the upload handler): what they hold is the last run's data,
    not the literal they start as. A list functions only add to (a registry) is not one.
    Found once per module."""
    import libcst as cst

    def compute() -> frozenset[str]:
        emptied: set[str] = set()
        for node in module.nodes:
            if isinstance(node, cst.Global) and module.enclosing_function(node) is not None:
                # `global RAW_TEXTS; RAW_TEXTS = []`: emptied by the function
                names = {n.name.value for n in node.names}
                function = module.enclosing_function(node)
                emptied.update(b.name for b in module.bindings.get(id(function), ())
                               if b.name in names and b.op == "=" and
                               isinstance(b.value, (cst.List, cst.Dict)) and
                               not b.value.elements)
            elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and \
                    isinstance(node.func.value, cst.Name) and not node.args and \
                    node.func.attr.value == "clear" and \
                    module.enclosing_function(node) is not None:
                emptied.add(node.func.value.value)
        filled = {b.name for function_id, bindings in module.bindings.items()
                  if function_id != 0 for b in bindings
                  if b.op in ("append", "extend", "insert0") and b.name in emptied}
        top = {b.name for b in module.bindings.get(0, ())}
        return frozenset(filled & top)

    return module.memo("refilled", module, compute)  # type: ignore[return-value]


def set_by_functions(module) -> dict[str, tuple]:
    """The module-level names that start as a placeholder (`CURRENT_SCENE = None`, or
    `""`) and that one function of the module sets through `global`, once and not under an
    `if` (`global CURRENT_SCENE; CURRENT_SCENE = describe(image)`), each with that value
    and its function: what a read finds there is what that function put, never the
    placeholder. Other functions may set it too, under an `if` (made again where it is used
    when the set-up has not run). (An object made on first use and nowhere else, `if _client
    is None: _client = OpenAIClient()`, or one of several, is left as it is read.) Found
    once per module."""
    import libcst as cst

    def compute() -> dict[str, tuple]:
        top: dict[str, list] = {}
        for binding in module.bindings.get(0, ()):
            top.setdefault(binding.name, []).append(binding)
        placeholders = {name for name, bound in top.items()
                        if all(b.op == "=" and _placeholder(b.value) for b in bound)}
        sets: dict[str, list[tuple]] = {}
        for node in module.nodes:
            function = module.enclosing_function(node) \
                if isinstance(node, cst.Global) else None
            if function is None:
                continue
            names = {n.name.value for n in node.names} & placeholders
            for binding in module.bindings.get(id(function), ()):
                if binding.name in names:
                    sets.setdefault(binding.name, []).append((binding, function))
        found: dict[str, tuple] = {}
        for name, bound in sets.items():
            # one setter runs whenever its function does; the others only under an `if`
            # (`if STORE is None: STORE = Store()` where it is used, before the set-up ran)
            always = [(b, f) for b, f in bound if not b.arms]
            if len(always) == 1 and all(b.op == "=" and b.value is not None and
                                        not _placeholder(b.value) for b, _ in bound):
                binding, function = always[0]
                found[name] = (binding.value, function, binding.pos)
        return found

    return module.memo("set_by_functions", module, compute)  # type: ignore[return-value]


def _placeholder(value) -> bool:
    """`None` or `""`: what a module name holds until a function sets it."""
    import libcst as cst

    return isinstance(value, cst.Name) and value.value == "None" or \
        isinstance(value, cst.SimpleString) and value.value in ('""', "''")


RANDOM_EXAMPLES = ("random.shuffle", "random.sample", "random.choice", "random.choices",
                   "numpy.random.shuffle", "numpy.random.choice", "numpy.random.permutation")

# strftime directives finer than a day: a format without them changes once a day.
_SUB_DAY = re.compile(r"%[HIMSfpXcTrRsLkl]")
_DIRECTIVE = re.compile(r"%-?[A-Za-z]")


def source_scope(qualified: str, extra: tuple[tuple[str, Scope], ...] = ()) -> Scope | None:
    """The scope of a call's result by its qualified name; user-declared sources first."""
    for pattern, scope in extra + SOURCES:
        if fnmatch.fnmatchcase(qualified, pattern):
            return scope
    return None


def date_only(fmt: str) -> bool:
    """Whether a strftime format shows nothing finer than the day (`%Y-%m-%d`, `%A %d %B`);
    a number's percent format (`{share:.1%}`) has no directive and is no date."""
    return bool(_DIRECTIVE.search(fmt)) and not _SUB_DAY.search(fmt)


def clock_format(fmt: str) -> bool:
    """Whether a strftime format shows the time of day (`%I:%M`, `%H`): what it formats is
    a clock reading, which changes between requests whatever its name says."""
    return bool(_SUB_DAY.search(fmt))


# Text that marks a prompt built with no library call of its own: role dicts, message
# objects, keywords that hold instructions. The library models add their call shapes.
PREFILTER_WORDS = (r"[\"']role[\"']", r"\brole\s*=", "SystemMessage", "HumanMessage",
                   r"instructions\b", r"system_prompt\b", r"Template\(",
                   # a constant named for a template (`cover_letter_template = """...`)
                   r"[Tt][Ee][Mm][Pp][Ll][Aa][Tt][Ee]\s*(?::\s*str\s*)?=[^=]",
                   # prompt text that no call in view sends (frontends/python/prompt_text.py)
                   r"[Pp][Rr][Oo][Mm][Pp][Tt]", r"\b[Yy]ou (?:are|will|must|should)\b",
                   # "you are" / "you will" / "you need to" in Chinese, Japanese and Korean
                   "你是|你将|你需要|您是|あなたは|당신은",
                   # a tool's spec written out (a plugin's `get_spec()`, prompt_text.py)
                   r"[\"'](?:parameters|input_schema)[\"']\s*:",
                   # the messages a method is given, handed to its model (`self.llm(messages)`)
                   r"\bllm\w*\(\s*(?:chat_)?messages\b",
                   # a model's own method asked for text (`llm.apredict(text=...)`, `self._llm.
                   # invoke(question)`): what it is given is a prompt, whatever it is named
                   r"llm\w*\.a?(?:predict|invoke|generate|complete|stream)\w*\(")
# Lower-case text one of the words above needs; a module holding none of these (or of the
# models' called names) is not searched with the pattern at all.
PREFILTER_ANCHORS = ("role", "systemmessage", "humanmessage", "instructions", "template",
                     "prompt", "you ", "你是", "你将", "你需要", "您是", "あなたは", "당신은",
                     '"parameters"', "'parameters'", '"input_schema"', "'input_schema'",
                     "llm")


@dataclass(frozen=True)
class Prefilter:
    """A text test a file must pass before it is parsed: it mentions some prompt sink. Plain
    substring tests on the lower-cased text come first (fast in C); the pattern, with its
    many alternatives, runs only on a module that passes them."""

    anchors: tuple[str, ...]
    pattern: re.Pattern[str]

    def search(self, text: str) -> re.Match[str] | None:
        if not self.may_match(text):
            return None
        return self.pattern.search(text)

    def may_match(self, text: str) -> bool:
        """The substring tests alone: a file that fails them is never parsed, one that
        passes them may be (a cheap estimate, for splitting files among workers)."""
        lowered = text.lower()
        return any(anchor in lowered for anchor in self.anchors)


def prefilter(sinks: tuple[str, ...] = (), models=()) -> Prefilter:
    """The text test of a run: the catalogue's words, the user's sinks and the models'."""
    names = [s.partition(":")[0].rsplit(".", 1)[-1] for s in sinks]
    words = PREFILTER_WORDS + tuple(re.escape(n) + r"\(" for n in names)
    words += tuple(dict.fromkeys(w for m in models for w in m.prefilter_words()))
    anchors = PREFILTER_ANCHORS + tuple(n.lower() for n in names) + tuple(
        a.lower() for m in models for a in m.prefilter_anchors())
    return Prefilter(tuple(dict.fromkeys(anchors)), re.compile("|".join(words)))
