"""Jinja frontend details: columns from the lexer, includes and search paths, attribution."""

from __future__ import annotations

from prefixlint import api
from prefixlint.ir import Hole, Link, Piece, Rendering, Scope, Span
from prefixlint.measure import _split_for_move, attribute

from conftest import write_project

POLICY = ("Follow the support policy: verify the account owner before discussing billing, "
          "never share another customer's data, escalate outages to the on-call engineer. ") * 3


def places(root, settings=""):
    result = api.check([], api.load_config(root), cwd=root)
    return [(f.code, f.span.path, f.span.line, f.span.column, f.span.end_line, f.span.end_column)
            for f in result.findings]


def test_columns_count_characters_with_crlf_unicode_and_multiline_tags(tmp_path):
    root = write_project(tmp_path / "p", {
        "prompts/crlf.j2": ("Línea uno — ok\r\nGrüße {{ user.name }}\r\n" + POLICY).encode(),
        "prompts/multi.j2": "Intro.\n{{\n  user.name\n}}\n" + POLICY,
        "prompts/trim.j2": "Intro.\n  {{- user.name -}}  \n" + POLICY,
    })
    assert places(root) == [
        ("PFX002", "prompts/crlf.j2", 2, 7, 2, 22),
        ("PFX002", "prompts/multi.j2", 2, 1, 4, 3),
        ("PFX002", "prompts/trim.j2", 2, 3, 2, 20),
    ]


def test_an_include_no_search_path_finds_is_the_projects_nearest_file_of_that_name(tmp_path):
    """`{% extends "base/persona.inc" %}` whose loader roots are made in code: the project's
    file that ends with that name and shares the most folders with the including file (not
    a template on its own, so only the child's render reads it); a linked folder is never
    searched, and a walk past its budget finds nothing."""
    import os

    from prefixlint.frontends.project_files import files_ending_with

    root = write_project(tmp_path / "p", {
        "team/personas/critic/prompt.j2": "{% extends 'base/persona.inc' %}",
        "team/app/templates/base/persona.inc": "Reviewer on shift: {{ user.name }}.\n" + POLICY,
        "other/templates/base/persona.inc": "Today {{ today }}.\n" + POLICY,
    })
    os.symlink(root / "other", root / "team" / "linked")
    assert places(root) == [("PFX002", "team/app/templates/base/persona.inc", 1, 20, 1, 35)]
    assert files_ending_with(root, "base/persona.inc") == [
        "other/templates/base/persona.inc", "team/app/templates/base/persona.inc"]
    assert files_ending_with(root, "base/persona.inc", budget=3) == []


def test_search_paths_and_relative_includes_stay_in_the_root(tmp_path):
    root = write_project(tmp_path / "p", {
        "prompts/a.j2": "{% include 'header.j2' %}\n{% include './local.j2' %}\n" + POLICY,
        "prompts/local.j2": "Local text.",
        "shared/header.j2": "Trace {{ trace_id }}.",
    }, 'search-paths = ["shared"]\n')
    assert places(root) == [("PFX001", "shared/header.j2", 1, 7, 1, 21)]


def test_macro_with_loop_inside_is_reported_at_the_call_site(tmp_path):
    root = write_project(tmp_path / "p", {
        "prompts/a.j2": ("{% macro list(items) %}{% for i in items %}- {{ i.title }}\n{% endfor %}"
                         "{% endmacro %}Sources:\n{{ list(search_results) }}\n" + POLICY),
    })
    assert places(root)[0][:4] == ("PFX001", "prompts/a.j2", 3, 1)


def hole(expr, line, kind="value", deps=None):
    return Hole(kind, expr, Span("a.j2", line, 1, line, 2), tuple(deps or [expr]), Scope.USER)


def test_a_macro_that_renders_a_tree_by_calling_itself_ends_like_real_data(tmp_path):
    """`{% if node.children %}` then the macro on each child: sample values nested past what
    real data holds are empty, so the recursion ends and the template is measured (an
    unconditional self-call is still an error of the template)."""
    root = write_project(tmp_path / "p", {"prompts/plan.j2": (
        "{% macro outline(node, indent='') %}{{ indent }}- {{ node.title }}\n"
        "{% if node.children %}{% for child in node.children %}"
        "{{ outline(child, indent + '  ') }}{% endfor %}{% endif %}{% endmacro %}"
        "Open steps of the plan:\n{{ outline(task_tree) }}\n" + POLICY)})
    result = api.check([], api.load_config(root), cwd=root)
    assert [(f.code, f.span.line, f.expr) for f in result.findings] == [
        ("PFX005", 3, "outline(task_tree)")]  # at the call site, as a macro's loop is


def test_attribute_prefers_the_branch_over_the_value_after_it():
    branch = hole("user.vip", 2, "branch")
    name = hole("user.name", 3)
    inside = Piece("VIP customer", (Link(branch, 0),))
    after = Piece("Alice", (Link(name),))
    assert attribute(inside, after) == branch
    assert attribute(after, inside) == branch
    assert attribute(Piece("x", (Link(branch, 0),)), Piece("y", (Link(branch, 1),))) == branch


def test_attribute_reports_the_loop_not_the_item_expression():
    loop = hole("docs", 2, "loop", ["docs"])
    title = hole("d.title", 3, deps=["docs"])
    chain = (Link(loop, 0), Link(title))
    assert attribute(Piece("Refunds", chain), Piece("Exports", chain)) == loop
    assert attribute(None, None) is None


def test_move_takes_the_line_label_and_leaves_the_line_break():
    name = hole("user.name", 2)
    rendering = Rendering((Piece("Intro.\nYou are speaking with "), Piece("Alice", (Link(name),)),
                           Piece(".\nPolicy text.")))
    assert _split_for_move(rendering, frozenset({name})) == (
        "Intro.\n\nPolicy text.", "You are speaking with Alice.")
    long_line = Rendering((Piece("A long constant sentence that should stay in place for "),
                           Piece("Alice", (Link(name),)), Piece(" here.\nMore.")))
    assert _split_for_move(long_line, frozenset({name})) == (
        "A long constant sentence that should stay in place for  here.\nMore.", "Alice")


def test_move_takes_the_heading_over_the_values_line_along():
    reasoning = hole("decision.reasoning", 3)
    rendering = Rendering((Piece("Review the trade.\n## Entry reasoning:\n"),
                           Piece("Breakout above the range", (Link(reasoning),)),
                           Piece("\nAnswer with the JSON record.")))
    assert _split_for_move(rendering, frozenset({reasoning})) == (
        "Review the trade.\n\n\nAnswer with the JSON record.",
        "## Entry reasoning:\nBreakout above the range")
    # an instruction ending in a colon is no heading: longer than a label, it stays
    sentence = Rendering((Piece("Read the reasoning below and say what it got wrong:\n"),
                          Piece("Breakout", (Link(reasoning),)), Piece("\nRules.")))
    assert _split_for_move(sentence, frozenset({reasoning}))[1] == "Breakout"
    # over a loop, which renders nothing in some variants, the heading stays in every one
    fields = hole("fields", 3, "loop")
    listed = Rendering((Piece("Fill the form.\n# Fields:\n"),
                        Piece("1. Name", (Link(fields, 0),)), Piece("\nRules.")))
    assert _split_for_move(listed, frozenset({fields}))[0].startswith("Fill the form.\n# Fields:")


def test_nothing_moves_across_the_models_earlier_reply():
    notes = hole("notes", 2)
    reply = hole("raw_reply", 4)
    rendering = Rendering((Piece("<|system|>\nRecord the notes as JSON.\n<|user|>\n"),
                           Piece("notes text", (Link(notes),)), Piece("\n<|assistant|>\n"),
                           Piece("{bad json", (Link(reply),)),
                           Piece("\n<|user|>\nThat was not JSON: answer with the object only.")))
    kept, moving = _split_for_move(rendering, frozenset({notes, reply}))
    assert kept == "<|system|>\nRecord the notes as JSON.\n<|user|>\n"
    assert moving.endswith("<|assistant|>\n{bad json\n<|user|>\nThat was not JSON: answer "
                           "with the object only.")


def test_dict_items_unpack_into_pairs(tmp_path):
    root = write_project(tmp_path / "p", {
        "prompts/a.j2": "Profile:\n{% for key, value in user.attributes.items() %}"
                        "- {{ key }}: {{ value }}\n{% endfor %}" + POLICY})
    assert [f[:4] for f in places(root)] == [("PFX002", "prompts/a.j2", 2, 1)]


def test_trim_and_lstrip_blocks_follow_the_configuration(tmp_path):
    template = ("You are Nimbus.\n    {% if user.vip %}\nVIP.\n    {% endif %}\n" + POLICY)
    files = {"prompts/a.j2": template}
    plain = write_project(tmp_path / "a", files)
    trimmed = write_project(tmp_path / "b", files,
                            "[jinja]\ntrim-blocks = true\nlstrip-blocks = true\n")

    def first_tokens(root):
        result = api.check([], api.load_config(root), cwd=root)
        return result.measurements[0].prefix_tokens["global"]

    # "You are Nimbus.\n    " shares the indentation before the branch; trimmed, it does not
    assert first_tokens(plain) > first_tokens(trimmed)
    bad = write_project(tmp_path / "c", files, "[jinja]\ntrim = true\n")
    import pytest

    from prefixlint.config import ConfigError

    with pytest.raises(ConfigError, match="`jinja` takes true/false"):
        api.load_config(bad)


def test_holes_can_be_called_in_every_variant(tmp_path):
    root = write_project(tmp_path / "p", {
        "prompts/a.j2": 'Now: {{ now() }} ({{ clock.now().strftime("%H:%M") }})\n' + POLICY})
    assert [f[:4] for f in places(root)] == [("PFX001", "prompts/a.j2", 1, 6),
                                             ("PFX001", "prompts/a.j2", 1, 19)]


def test_a_templates_scan_keeps_its_tags_not_its_text():
    """Scans live as long as the run's templates; the text, read only while scanning, was
    most of their memory on thousands of templates."""
    import dataclasses

    from jinja2 import Environment

    from prefixlint.frontends.jinja_scan import scan

    source = "You are {{ bot }}.\n{% if user %}Hello {{ user.name }}{% endif %}\n" * 50
    found = scan(Environment(), source, "t.j2", "t.j2")
    assert [t.inner for t in found.variables[:2]] == ["bot", "user.name"]
    assert found.span(found.variables[1].start, found.variables[1].end).line == 2
    assert not any(isinstance(value, str) and len(value) >= len(source) // 2
                   for value in (getattr(found, f.name) for f in dataclasses.fields(found)))


def test_a_rendering_joins_its_text_once():
    """Measuring asks a rendering for its text again and again (to compare variants, to
    look its tokens up): one string, joined once, whose hash Python keeps."""
    from prefixlint.ir import Piece, Rendering

    rendering = Rendering((Piece("You are "), Piece("Ada", ()), Piece(".\n" + POLICY)))
    assert rendering.text == "You are Ada.\n" + POLICY
    assert rendering.text is rendering.text
    assert rendering == Rendering(rendering.pieces)  # compared by its pieces alone


def test_renders_are_shared_by_plans_that_agree_on_what_the_template_reads(tmp_path,
                                                                           monkeypatch):
    """Work, counted: a template reading a deployment value and the question renders once
    per distinct seed of those two values (3), then 3 with the first cause held and 1 with
    both. Another template's names (a user, a date, a history) are in every render's
    context but never read, and a prompt without a history does not depend on the turn."""
    from prefixlint.frontends.jinja import JinjaRenderer

    rendered: list[str] = []
    original = JinjaRenderer.render_traced

    def counted(self, values):
        rendered.append(self.name)
        return original(self, values)

    monkeypatch.setattr(JinjaRenderer, "render_traced", counted)
    root = write_project(tmp_path / "p", {
        "prompts/a.j2": "You are the assistant of {{ product }}.\n" + POLICY +
                        "\nQuestion: {{ question }}\n",
        "prompts/b.j2": "Hello {{ user.name }}, today is {{ today }}.\n" + POLICY +
                        "\n{% for m in history %}{{ m }}\n{% endfor %}"})
    codes = [(f.code, f.span.path, f.span.line) for f in api.check([], api.load_config(root),
                                                                     cwd=root).findings]
    assert ("PFX005", "prompts/a.j2", 1) in codes and ("PFX002", "prompts/b.j2", 1) in codes
    assert rendered.count("prompts/a.j2") == 7  # 21 when every plan was rendered


def test_a_mappings_items_held_fixed_hold_its_entries_so_the_next_loop_is_found(tmp_path):
    """Two loops over values of the request, a short heading apart, above the policy: once
    the first (`order.items()`, whose pairs are the order's entries) is held fixed, the second
    is the next break, and each is worth moving (neither is the few tokens up to the other)."""
    root = write_project(tmp_path / "p", {"prompts/form.j2": (
        "# Order\n{% for key, value in order.items() %}- {{ key }}: {{ value }}\n{% endfor %}"
        "\n# Fields\n{% for field in form_fields %}{{ field.label }} ({{ field.type }})\n"
        "{% endfor %}\n# Rules\n" + POLICY)})
    result = api.check([], api.load_config(root), cwd=root)
    assert [(f.code, f.severity, f.span.line, f.gain_tokens) for f in result.findings] == [
        ("PFX005", "warning", 2, 88), ("PFX005", "warning", 5, 86)]
