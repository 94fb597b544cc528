"""BAML files read as BAML sends their prompts: what a file that is not whole, or one that
calls itself, gives (the reach suite's `zhzzzzv_baml/` shows a whole one measured)."""

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
