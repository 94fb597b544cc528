"""The template suite in tests/templates: exact codes at exact places, and token counts that
agree with an independent computation (plain Jinja + tiktoken, common prefix of two renders)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import jinja2
import pytest
import tiktoken

from prefixlint import api

SUITE = Path(__file__).parent / "templates"

EXPECTED = {
    "t01_request_id_top.j2": ["PFX001 t01_request_id_top.j2:1:9"],
    "t02_request_id_fixed.j2": [],
    "t03_user_name.j2": ["PFX002 t03_user_name.j2:2:23"],
    "t04_user_name_fixed.j2": [],
    "t05_session.j2": ["PFX003 t05_session.j2:1:15"],
    "t06_session_fixed.j2": [],
    "t07_date_header.j2": ["PFX004 t07_date_header.j2:1:15"],
    "t08_date_fixed.j2": [],
    "t09_unknown.j2": ["PFX005 t09_unknown.j2:1:47"],
    "t10_set_constant.j2": [],
    "t11_set_derived.j2": ["PFX002 t11_set_derived.j2:2:1"],
    "t12_branch_user.j2": ["PFX002 t12_branch_user.j2:2:1"],
    "t13_branch_constant.j2": [],
    "t14_loop_docs.j2": ["PFX001 t14_loop_docs.j2:2:1"],
    "t15_loop_constant.j2": [],
    "t16_include_volatile.j2": ["PFX001 _header.j2:1:8"],
    "t17_extends.j2": ["PFX002 t17_extends.j2:2:29"],
    "t18_whitespace.j2": ["PFX003 t18_whitespace.j2:2:1", "PFX002 t18_whitespace.j2:5:4"],
    "t19_tail_only.j2": [],
    "t20_multiple.j2": ["PFX001 t20_multiple.j2:1:9", "PFX002 t20_multiple.j2:1:30",
                        "PFX004 t20_multiple.j2:1:50"],
    "t21_macro.j2": ["PFX002 t21_macro.j2:4:1"],
    "t22_raw.j2": [],
    "t23_suppressed.j2": [],
    "t24_ignore_file.j2": [],
    "t25_import_macro.j2": ["PFX002 t25_import_macro.j2:2:41"],
    "t26_filter.j2": ["PFX002 t26_filter.j2:1:44"],
    "t27_elif.j2": ["PFX002 t27_elif.j2:2:1"],
    "t28_deploy.j2": [],
    "t29_namespace.j2": ["PFX005 t29_namespace.j2:3:16"],
    "t30_comment_and_trim.j2": ["PFX003 t30_comment_and_trim.j2:4:1"],
    "t31_arithmetic.j2": [],  # `**` and `%` on passed values render (issue 19, item 6)
}


@pytest.fixture(scope="module")
def result():
    return api.check([], api.load_config(SUITE), cwd=SUITE)


def test_suite_has_every_template():
    names = sorted(p.name for p in SUITE.glob("t*.j2"))
    assert names == sorted(EXPECTED)
    assert len(names) >= 25


def test_partials_are_not_prompts(result):
    ids = [m.prompt.id for m in result.measurements]
    assert ids == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_findings(result, name):
    got = [f"{f.code} {f.span.path}:{f.span.line}:{f.span.column}"
           for f in result.findings if f.prompt == name]
    assert got == EXPECTED[name]


def test_every_finding_gains_tokens(result):
    for finding in result.findings:
        assert finding.gain_tokens > 100, finding


# -- independent computation -----------------------------------------------------------------

def ns(**kw):
    return SimpleNamespace(**kw)


# Two sets of values for every hole, with the scope each varies at; the prefix at a level is
# the common prefix of a render where the holes varying at that level take value A and one
# where they take value B (everything else stays A).
VALUES = {
    "request_id": ("request", "9f1c2e", "77ab01"),
    "now": ("request", "2026-11-30T09:15:00Z", "2026-12-01T14:37:23Z"),
    "user": ("user", ns(display_name="Alice Zhang", first_name="Alice", name="Alice",
                        is_premium=True, locale="de-DE", email="alice@example.com"),
             ns(display_name="Bob Okafor", first_name="Bob", name="Bob", is_premium=False,
                locale="fr-FR", email="bob@contoso.io")),
    "conversation_id": ("session", "c-1182", "c-9904"),
    "current_date": ("day", "2026-11-30", "2026-12-01"),
    "today": ("day", "2026-11-30", "2026-12-01"),
    "tone": ("request", "formal", "playful"),
    "docs": ("request", [ns(title="Refund policy")],
             [ns(title="Key rotation"), ns(title="Exports")]),
    "session": ("session", ns(escalated=True), ns(escalated=False)),
    "tenant": ("user", ns(name="Contoso"), ns(name="Fabrikam")),
    "question": ("request", "How do I reset my password?", "Why did my export fail?"),
    "account": ("user", ns(plan="pro"), ns(plan="enterprise")),
    "customer": ("user", ns(company="Contoso"), ns(company="Fabrikam")),
    "locale": ("user", "de-DE", "fr-FR"),
    "app_version": ("deploy", "2.4.1", "2.5.0"),
    "model_name": ("deploy", "gpt-4.1", "claude-sonnet-4-5"),
    "cart_items": ("request", [1], [1, 2]),
    "thread": ("session", ns(summary="Asked about invoices."), ns(summary="Login trouble.")),
    "side": ("request", 12, 16),  # unclassified: measured as varying per request
    "retries": ("request", 3, 4),
    "order_number": ("request", 1187, 2290),
}
LEVEL_VARIES = {"global": {"user", "session", "request"}, "user": {"session", "request"},
                "session": {"request"}}


def independent_prefix(name: str, level: str, encoding) -> int | None:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(SUITE)),
                             extensions=["jinja2.ext.do", "jinja2.ext.loopcontrols"])
    template = env.get_template(name)
    a = {k: v[1] for k, v in VALUES.items()}
    b = {k: (v[2] if v[0] in LEVEL_VARIES[level] else v[1]) for k, v in VALUES.items()}
    ta = encoding.encode_ordinary(template.render(a))
    tb = encoding.encode_ordinary(template.render(b))
    if ta == tb:
        return None  # nothing varies at this level: the whole prompt is shared
    n = 0
    while n < min(len(ta), len(tb)) and ta[n] == tb[n]:
        n += 1
    return n


@pytest.mark.parametrize("level", ["global", "user", "session"])
def test_prefix_tokens_match_independent_computation(result, level):
    encoding = tiktoken.get_encoding("o200k_base")
    assert result.tokenizer.name == "o200k_base"
    for measurement in result.measurements:
        expected = independent_prefix(measurement.prompt.id, level, encoding)
        got = measurement.prefix_tokens[level]
        if expected is None:
            assert got == measurement.total_at(level), (measurement.prompt.id, level)
        else:
            assert abs(got - expected) <= 2, (measurement.prompt.id, level, got, expected)
            assert got < measurement.total_at(level)


def test_total_tokens_match_tiktoken(result):
    encoding = tiktoken.get_encoding("o200k_base")
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(SUITE)))
    for name in ("t10_set_constant.j2", "t15_loop_constant.j2", "t22_raw.j2"):
        measurement = next(m for m in result.measurements if m.prompt.id == name)
        expected = len(encoding.encode_ordinary(env.get_template(name).render()))
        assert measurement.tokens_total == expected
        assert measurement.prefix_tokens == {"global": expected, "user": expected,
                                             "session": expected, "turn": expected}
        assert measurement.break_hole is None
