"""Sample values for holes, and the plans that say which holes vary in which variant.

A variant fixes every hole at or below a level's scope (seed 0) and gives every hole above
it a seed of its own (1, 2, 3), so that common prefixes of variants are exactly what that
level shares. Values are realistic (names, dates a day apart, ids, questions, documents) and
deterministic: they come from CRC32 of the value path and the seed, never from `hash()`.
"""

from __future__ import annotations

import datetime as _dt
import functools
import operator
import zlib
from dataclasses import dataclass
from typing import Callable, Iterator

from .ir import Scope
from .volatility import is_history

VARIANTS = 3

# Which scopes vary at each measured level. `stable` (everything above deploy varies) is
# where rules look for breaks, so that a date header is found as well as a user's name.
LEVELS: dict[str, frozenset[Scope]] = {
    "stable": frozenset({Scope.DAY, Scope.USER, Scope.SESSION, Scope.REQUEST}),
    "global": frozenset({Scope.USER, Scope.SESSION, Scope.REQUEST}),
    "user": frozenset({Scope.SESSION, Scope.REQUEST}),
    "session": frozenset({Scope.REQUEST}),
    # consecutive turns of one session: the request varies and the history grows
    "turn": frozenset({Scope.REQUEST}),
}

_NAMES = ("Alice Zhang", "Bartholomew Okonkwo-Reyes", "Chen Wei", "Dagny Solberg",
          "Esperanza Villanueva", "Farid Haddad")
_EMAILS = ("alice.zhang@example.com", "b.okonkwo@contoso.io", "wei.chen@example.org",
           "dagny@solberg.no", "esperanza.v@example.mx")
_LOCALES = ("en-US", "de-DE", "fr-FR", "ja-JP", "pt-BR", "es-MX")
_PLANS = ("free", "pro", "enterprise", "team", "starter")
_QUESTIONS = (
    "How do I reset my password?",
    "My invoice from last month shows two charges for the same seat; can you explain why "
    "and refund the duplicate?",
    "Why did the export fail?",
    "Can you summarize the differences between the standard and premium support tiers, "
    "including response times, weekend coverage and the escalation path?",
    "Where can I download the audit log?",
)
_PARAGRAPHS = (
    "Refunds for annual plans are prorated to the day and issued to the original payment "
    "method within five business days.",
    "To rotate an API key, open Settings, choose Keys, and select Rotate; the old key keeps "
    "working for 24 hours so that deployments can be updated without downtime.",
    "Exports larger than 2 GB are split into parts.",
    "Single sign-on is available on the enterprise plan and supports SAML 2.0 and OIDC "
    "identity providers, with just-in-time provisioning and group-based role mapping for "
    "every workspace in the organization.",
    "Audit logs are retained for 400 days.",
)
_PHRASES = ("concise", "warm and professional, with short paragraphs", "formal",
            "friendly, plain-spoken and encouraging", "neutral")
# A database's tables and an answer's JSON schema: texts of a few hundred characters, as a
# deployment's are (a one-word sample would hide what they cost when they move).
_TABLES = (
    "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT UNIQUE, "
    "plan TEXT, created_at TIMESTAMP);\nCREATE TABLE invoices (id INTEGER PRIMARY KEY, "
    "customer_id INTEGER REFERENCES customers(id), amount_cents INTEGER, currency TEXT, "
    "issued_on DATE, paid BOOLEAN);",
    "CREATE TABLE products (sku TEXT PRIMARY KEY, title TEXT NOT NULL, price_cents INTEGER, "
    "stock INTEGER, category TEXT);\nCREATE TABLE orders (id INTEGER PRIMARY KEY, sku TEXT "
    "REFERENCES products(sku), quantity INTEGER, ordered_at TIMESTAMP, shipped_at TIMESTAMP);",
    "CREATE TABLE flights (code TEXT PRIMARY KEY, origin TEXT, destination TEXT, departs_at "
    "TIMESTAMP, seats INTEGER);\nCREATE TABLE bookings (id INTEGER PRIMARY KEY, flight_code "
    "TEXT REFERENCES flights(code), passenger TEXT, seat TEXT, booked_on DATE);",
)
_SCHEMAS = (
    '{"type": "object", "properties": {"answer": {"type": "string"}, "confidence": '
    '{"type": "number", "minimum": 0, "maximum": 1}, "sources": {"type": "array", "items": '
    '{"type": "string"}}}, "required": ["answer", "confidence"]}',
    '{"type": "object", "properties": {"title": {"type": "string"}, "priority": {"enum": '
    '["low", "medium", "high"]}, "labels": {"type": "array", "items": {"type": "string"}}, '
    '"due": {"type": "string", "format": "date"}}, "required": ["title", "priority"]}',
    '{"type": "object", "properties": {"verdict": {"enum": ["pass", "fail"]}, "reasons": '
    '{"type": "array", "items": {"type": "string"}}, "score": {"type": "integer", '
    '"minimum": 1, "maximum": 10}}, "required": ["verdict", "score"]}',
)
# The tools or actions an agent is given, described one a line: a list of some length.
_TOOLS = (
    "search_docs(query: str): search the knowledge base and return the five best passages.\n"
    "get_order(order_id: str): look up an order's status, items and shipping date.\n"
    "refund(order_id: str, amount_cents: int): refund part or all of a paid order.\n"
    "escalate(reason: str): hand the conversation to a person, with a short summary.",
    "click(element_id: int): click the page element with this number.\n"
    "type_text(element_id: int, text: str): type text into an input field.\n"
    "scroll(direction: str): scroll the page up or down by one screen.\n"
    "go_back(): return to the previous page.\n"
    "done(answer: str): finish the task and report the answer.",
    "run_sql(query: str): run a read-only query and return the first 50 rows.\n"
    "list_tables(): list the tables of the database with their row counts.\n"
    "describe_table(name: str): show a table's columns and types.\n"
    "plot(rows: list, kind: str): draw a chart of query results.",
)
# The output-format instructions a parser writes for its answer class (LangChain's
# `parser.get_format_instructions()`): a paragraph on how to answer, then the class's JSON
# schema; about 150 tokens, as those of a class of a few fields are.
_FORMATS = tuple(
    "Write your answer as a single JSON object that validates against the JSON Schema given "
    "below, and nothing else: no prose before or after it, no comments inside it. For "
    'example, for the schema {"properties": {"tags": {"type": "array", "items": {"type": '
    '"string"}}}, "required": ["tags"]} the object {"tags": ["red", "blue"]} is valid, '
    'while {"properties": {"tags": ["red", "blue"]}} is not.\n\nThe schema of your answer:'
    f"\n```\n{schema}\n```" for schema in _SCHEMAS)
_DIALECTS = ("PostgreSQL", "MySQL", "SQLite", "DuckDB")
_DATABASE_WORDS = frozenset({"db", "sql", "database", "table", "tables", "ddl"})
_BASE_DAY = _dt.date(2026, 11, 30)

# Value-path words that pick a realistic kind of sample text, tried from leaf to root.
_KINDS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("email",), "email"),
    (("name", "owner", "author", "assignee", "agent"), "name"),
    (("locale", "language", "lang"), "locale"),
    (("plan", "tier", "subscription"), "plan"),
    (("date", "today", "day", "weekday"), "date"),
    (("now", "time", "timestamp", "datetime", "clock"), "time"),
    (("id", "uuid", "nonce", "token", "key", "hash", "seed"), "id"),
    (("schema", "ddl"), "schema"),
    (("dialect",), "dialect"),
    (("question", "query", "input", "message", "prompt", "ask"), "question"),
    (("doc", "document", "context", "result", "snippet", "chunk", "passage", "history",
      "memory", "summary", "content", "text", "body", "retrieved", "observation"), "paragraph"),
    (("tools", "functions", "actions", "apis"), "tools"),  # the plural only: a list of them
)


# Kinds that name a whole text only as the last part of a path: an item of the tools, or a
# field of a schema, is not the whole list again.
_LEAF_KINDS = frozenset({"schema", "tools"})


@functools.lru_cache(maxsize=8192)
def _kind_of(path: str) -> str:
    if "format_instructions" in path.lower().partition("@")[0]:
        return "format"  # `{format_instructions}`, a parser's `get_format_instructions()`
    for index, part in enumerate(reversed(path.lower().split("."))):
        words = part.replace("-", "_").split("_")
        for keys, kind in _KINDS:
            if (index == 0 or kind not in _LEAF_KINDS) and \
                    any(w == k or w == k + "s" for w in words for k in keys):
                return kind
    return "phrase"


def sample_text(path: str, seed: int) -> str:
    """Realistic, deterministic text for a value path; different seeds give different text."""
    kind = _kind_of(path)
    h = zlib.crc32(path.encode("utf-8"))
    if kind == "date":
        return (_BASE_DAY + _dt.timedelta(days=seed)).isoformat()
    if kind == "time":
        moment = _dt.datetime(2026, 11, 30, 9, 15, 0) + _dt.timedelta(
            days=seed, hours=seed * 5, minutes=seed * 17, seconds=seed * 23)
        return moment.isoformat() + "Z"
    if kind == "id":
        digest = zlib.crc32(f"{path}#{seed}".encode("utf-8"))
        tail = zlib.crc32(f"{seed}#{path}".encode("utf-8"))
        return f"{digest:08x}-{tail & 0xffff:04x}-4{(tail >> 16) & 0xfff:03x}-{seed:04d}"
    if kind == "schema":
        words = set(path.lower().replace("-", "_").replace(".", "_").split("_"))
        kind = "tables" if words & _DATABASE_WORDS else "schema"
    pool = {"email": _EMAILS, "name": _NAMES, "locale": _LOCALES, "plan": _PLANS,
            "question": _QUESTIONS, "paragraph": _PARAGRAPHS, "tables": _TABLES,
            "schema": _SCHEMAS, "dialect": _DIALECTS, "tools": _TOOLS,
            "format": _FORMATS}.get(kind, _PHRASES)
    return pool[(h + seed) % len(pool)]


@dataclass(frozen=True)
class Plan:
    """One variant: which scopes vary, its seed, and which value paths are held fixed."""

    varying: frozenset[Scope]
    seed: int
    scope_of: Callable[[str], Scope]
    pinned: frozenset[str] = frozenset()
    turn: int = 0  # at the `turn` level: how many turns the history has grown by

    def seed_for(self, path: str) -> int:
        if self.scope_of(path).varies_like not in self.varying:
            return 0
        for pin in self.pinned:
            # a mapping's items held fixed (`data.items`) hold its entries (`data.0.key`),
            # which is how `x.items()` names the pairs it gives
            held = pin[: -len("items")] if pin.endswith(".items") else pin + "."
            if path == pin or path.startswith(held):
                return 0
        return self.seed


def plans(level: str, scope_of: Callable[[str], Scope],
          pinned: frozenset[str] = frozenset()) -> tuple[Plan, ...]:
    """The variants of one level (see `LEVELS`); at `turn`, variant k is turn k."""
    growing = level == "turn"
    return tuple(Plan(LEVELS[level], seed, scope_of, pinned, seed if growing else 0)
                 for seed in range(1, VARIANTS + 1))


# Attributes that Jinja's sandbox and runtime ask objects about; a sample must not answer
# them (a truthy `alters_data` would make every sample "not safely callable").
_PROTOCOL_NAMES = frozenset({"unsafe_callable", "alters_data", "jinja_pass_arg",
                             "jinja_async_variant", "environmentfilter", "contextfunction",
                             "evalcontextfunction"})


def _bounded_pow(base: object, exponent: object) -> object:
    """`base ** exponent` for a sample value, its exponent kept small: a sample stands for a
    number of no particular size, and the text it renders only needs to be some number."""
    if isinstance(exponent, (int, float)) and abs(exponent) > 64:
        exponent = 64 if exponent > 0 else -64
    return operator.pow(base, exponent)


# Dots in a sample's path past which it is empty and false (a tree's children, five levels down).
MAX_NESTING = 16


class Sample:
    """A stand-in value for a hole that behaves like whatever a template does with it.

    It prints as realistic text, has any attribute or item (each a value path of its own),
    iterates as a list of 1 to 3 items, is true or false by seed, and compares to literals
    by seed, so that branches on it are taken differently across variants.
    """

    __slots__ = ("_path", "_plan", "_seed_given")

    def __init__(self, path: str, plan: Plan) -> None:
        self._path = path
        self._plan = plan
        self._seed_given = -1  # asked of the plan when first needed (-1: not yet)

    @property
    def _seed(self) -> int:
        """The seed the plan gives this path, asked of it only when the value is used: a
        render then depends on exactly the paths whose seeds it asked for (a context holds
        every root name the project's templates read, most of them unused by one template),
        which is what lets one rendering stand for every plan agreeing on those paths."""
        seed = self._seed_given
        if seed < 0:
            seed = self._seed_given = self._plan.seed_for(self._path)
        return seed

    def _child(self, name: object) -> "Sample":
        return Sample(f"{self._path}.{name}", self._plan)

    def __getattr__(self, name: str) -> "Sample":
        if name.startswith("_") or name in _PROTOCOL_NAMES:
            raise AttributeError(name)
        return self._child(name)

    def __getitem__(self, key: object) -> "Sample":
        return self._child(key)

    def __call__(self, *args: object, **kwargs: object) -> object:
        if self._path.endswith(".items"):  # `for key, value in x.items()` unpacks pairs
            base = self._path[: -len(".items")]
            return [(Sample(f"{base}.{i}.key", self._plan), Sample(f"{base}.{i}", self._plan))
                    for i in range(self._count())]
        return self

    def __str__(self) -> str:
        if is_history(self._path) and self._plan.turn:  # (the turn asked for only here)
            # A conversation grown turn by turn: earlier messages stay exactly as they were.
            return "\n".join(str(item) for item in self)
        return sample_text(self._path, self._seed)

    __repr__ = __str__

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def _deep(self) -> bool:
        """Whether the path is nested past anything real data holds (`task.children.0.
        children.1...`): there a sample is an empty, false value, so a macro that renders a
        tree by calling itself on the children ends as a tree of real data does."""
        return self._path.count(".") >= MAX_NESTING

    def _count(self) -> int:
        if self._deep():
            return 0
        if is_history(self._path) and self._plan.turn:
            return 1 + self._plan.turn
        if self._path.rsplit(".", 1)[-1].isdigit():
            return 2  # an item of a collection unpacks as a pair (`for name, score in rows`)
        return 2 if self._seed == 0 else (self._seed - 1) % 3 + 1

    def __iter__(self) -> Iterator["Sample"]:
        return (self._child(i) for i in range(self._count()))

    def __reversed__(self) -> Iterator["Sample"]:
        return (self._child(i) for i in reversed(range(self._count())))

    def __len__(self) -> int:
        return self._count()

    def _flag(self) -> bool:
        return self._seed % 2 == 0 and not self._deep()

    def __bool__(self) -> bool:
        return self._flag()

    def __contains__(self, item: object) -> bool:
        return self._flag()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sample):
            return str(self) == str(other)
        return self._flag()

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return zlib.crc32(str(self).encode("utf-8"))

    def _compare(self, other: object, op: Callable[[str, str], bool]) -> bool:
        if isinstance(other, Sample):
            return op(str(self), str(other))
        return self._flag()

    def __lt__(self, other: object) -> bool:
        return self._compare(other, lambda a, b: a < b)

    def __le__(self, other: object) -> bool:
        return self._compare(other, lambda a, b: a <= b)

    def __gt__(self, other: object) -> bool:
        return self._compare(other, lambda a, b: a > b)

    def __ge__(self, other: object) -> bool:
        return self._compare(other, lambda a, b: a >= b)

    def __int__(self) -> int:
        return 3 + 7 * self._seed

    __index__ = __int__

    def __float__(self) -> float:
        return float(int(self))

    def __add__(self, other: object) -> object:
        if isinstance(other, str):
            return str(self) + other
        if isinstance(other, (int, float)):
            return int(self) + other
        if isinstance(other, Sample):  # `{{ hands_left + hands_played }}`: two counts
            return int(self) + int(other)
        return NotImplemented

    def _arithmetic(self, other: object, operation: Callable[[int, object], object],
                    reflected: bool = False) -> object:
        """Arithmetic as the number the sample stands for (`{{ n * 2 }}`, `n is odd`)."""
        if isinstance(other, Sample):
            other = int(other)
        if not isinstance(other, (int, float)) or isinstance(other, bool):
            return NotImplemented
        return operation(other, int(self)) if reflected else operation(int(self), other)

    def __mul__(self, other: object) -> object:
        return self._arithmetic(other, operator.mul)

    def __rmul__(self, other: object) -> object:
        return self._arithmetic(other, operator.mul, True)

    def __sub__(self, other: object) -> object:
        return self._arithmetic(other, operator.sub)

    def __rsub__(self, other: object) -> object:
        return self._arithmetic(other, operator.sub, True)

    def __truediv__(self, other: object) -> object:
        return self._arithmetic(other, operator.truediv)

    def __rtruediv__(self, other: object) -> object:
        return self._arithmetic(other, operator.truediv, True)

    def __floordiv__(self, other: object) -> object:
        return self._arithmetic(other, operator.floordiv)

    def __rfloordiv__(self, other: object) -> object:
        return self._arithmetic(other, operator.floordiv, True)

    def __mod__(self, other: object) -> object:
        return self._arithmetic(other, operator.mod)

    def __rmod__(self, other: object) -> object:
        return self._arithmetic(other, operator.mod, True)

    def __pow__(self, other: object) -> object:
        return self._arithmetic(other, _bounded_pow)

    def __rpow__(self, other: object) -> object:
        return self._arithmetic(other, _bounded_pow, True)

    def __neg__(self) -> int:
        return -int(self)

    def __pos__(self) -> int:
        return int(self)

    def __abs__(self) -> int:
        return abs(int(self))

    def __round__(self, digits: int | None = None) -> int:
        return int(self)

    def __radd__(self, other: object) -> object:
        if isinstance(other, str):
            return other + str(self)
        if isinstance(other, (int, float)):
            return other + int(self)
        return NotImplemented


class Sampler:
    """Values by root name for one plan (the `ValueSource` a renderer reads)."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan

    def value(self, name: str) -> object:
        return Sample(name, self.plan)


class GivenValues(Sampler):
    """Sample values, except those the user gave (`--var`, `[values]`) by root name."""

    def __init__(self, plan: Plan, given: "dict[str, str]") -> None:
        super().__init__(plan)
        self.given = given

    def value(self, name: str) -> object:
        return self.given[name] if name in self.given else Sample(name, self.plan)
