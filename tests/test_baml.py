"""BAML files read as BAML sends their prompts: what a file that is not whole, or one that
calls itself, gives (the reach suite's `zhzzzzv_baml/` shows a whole one measured)."""

import json

from prefixlint.frontends import baml
from prefixlint.ir import Hole, Scope


def _unknown(path: str) -> Scope:
    return Scope.UNKNOWN


def test_a_prompt_whose_raw_string_is_never_closed_is_not_read():
    source = 'function Ask(q: string) -> string {\n  client "x"\n  prompt #"\n    {{ q }}\n'
    assert baml.prompts("a.baml", source, baml.declarations([("a.baml", source)]),
                        _unknown) == []


def test_a_template_string_that_calls_itself_is_inlined_a_few_times_then_left_a_value():
    source = ('template_string AGAIN #"\n  Again {{ AGAIN() }}\n"#\n\n'
              'function Ask(q: string) -> string {\n  client "x"\n  prompt #"\n'
              '    {{ AGAIN() }} {{ q }}\n  "#\n}\n')
    [prompt] = baml.prompts("a.baml", source, baml.declarations([("a.baml", source)]),
                            _unknown)
    text = "".join(s.text for b in prompt.blocks for s in b.segments if not isinstance(s, Hole))
    assert text.count("Again") == 4  # four levels inlined, the fifth call left a value
    assert [h.expr for h in prompt.holes] == ["{{ AGAIN() }}", "{{ q }}"]
    assert [h.scope for h in prompt.holes] == [Scope.UNKNOWN, Scope.REQUEST]


def test_a_raw_string_never_closed_ends_at_the_next_declaration():
    """A prompt whose `"#` never comes before the next function is not read, and does not
    swallow that function's prompt: each body is looked for only up to the next declaration
    at the top of the file, so a file of thousands of unclosed ones is read in one pass."""
    source = ('function A(x: string) -> string {\n  client "x"\n  prompt #"\n    {{ x }}\n}\n\n'
              'function B(y: string) -> string {\n  client "x"\n  prompt #"\n'
              '    Rules first. {{ y }}\n  "#\n}\n')
    [prompt] = baml.prompts("a.baml", source, baml.declarations([("a.baml", source)]),
                            _unknown)
    assert prompt.id == "a.baml:7"
    assert [h.expr for h in prompt.holes] == ["{{ y }}"]


def test_thousands_of_unclosed_classes_and_functions_are_read_in_one_pass(tmp_path):
    """Class bodies and prompts with no end, one after another: each search stops at the next
    declaration, so the file is analyzed (it took minutes when each searched to the end)."""
    from conftest import run_cli, write_project

    root = write_project(tmp_path / "p", {
        "baml_src/a.baml": "class A {\n  x string\n" * 20_000,
        "baml_src/b.baml": "enum E {\n" * 20_000,
        "baml_src/c.baml": 'function f() -> string {\n  prompt #"\n' * 20_000})
    proc = run_cli("check", "--output-format", "json", "--no-cache", cwd=root, timeout=60)
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["findings"] == []
