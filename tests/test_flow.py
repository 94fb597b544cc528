"""Prompts built as applications build them: through statements, classes, modules and
template files. Each file in tests/flow is one pattern; findings are pinned exactly, and the
rendered text shows that every statement was followed once, in order."""

from __future__ import annotations

from pathlib import Path

import pytest

from prefixlint import api
from prefixlint.render import Sampler, plans

FLOW = Path(__file__).parent / "flow"

EXPECTED = [
    ("PFX004", "f01_rebinding.py", 13, 40),
    ("PFX002", "f02_list_mutations.py", 9, 60),
    ("PFX006", "f03_agent_class.py", 18, 25),
    ("PFX002", "f04_branch_on_user.py", 11, 8),
    ("PFX002", "f07_super_call.py", 18, 34),
    ("PFX011", "f08_shuffled_generator.py", 14, 53),
    ("PFX006", "f12_wrapper_call.py", 8, 22),
    ("PFX002", "f13_params_dict.py", 14, 40),
    ("PFX002", "f15_agents_sdk.py", 7, 34),  # context.context is the app's: a user's name
    ("PFX002", "f15_agents_sdk.py", 15, 60),
    ("PFX002", "f16_langgraph_prebuilt.py", 7, 73),
    ("PFX004", "f17_pydantic_ai.py", 12, 31),
    ("PFX001", "f18_llamaindex.py", 7, 37),
    ("PFX002", "f18_llamaindex.py", 14, 48),
    ("PFX006", "f20_langchain_create_agent.py", 11, 61),  # the agent loop appends history
    ("PFX002", "f21_instances.py", 13, 47),  # Persona(user.display_name) runs __init__
    ("PFX004", "f22_filtered_parts.py", 10, 54),  # a filter keeps the lines in order
    ("PFX010", "f23_set_into_template.py", 14, 58),  # list(set(...)) into a {% for %}
    ("PFX010", "f23_set_into_template.py", 20, 23),  # ", ".join(list({...}))
    ("PFX005", "f24_match_and_try.py", 13, 11),  # `match` arms: a branch on the subject
    ("PFX002", "f24_match_and_try.py", 17, 35),  # ...then the arm with the most text is read
    ("PFX001", "f24_match_and_try.py", 28, 12),  # the `try` body, not the `except` fallback
    ("PFX001", "prompts/advice.md", 1, 62),
    ("PFX006", "prompts/graph_prompts.py", 7, 13),
    ("PFX001", "prompts/triage.prompt", 1, 77),
    ("PFX002", "prompts/welcome.txt", 3, 36),
]
CLEAN = ["f05_branch_on_deploy.py:15", "f06_repeat_and_copies.py:16",
         "f15_agents_sdk.py:11", "f19_dspy.py:4",
         "f21_instances.py:25",  # a pydantic Field default held by another object
         "f23_set_into_template.py:15"]  # a set of constants: fixed for the process (PFX010)


@pytest.fixture(scope="module")
def result() -> api.Result:
    return api.check([], api.load_config(FLOW), cwd=FLOW)


def _text(result: api.Result, prompt_id: str) -> str:
    measurement = next(m for m in result.measurements if m.prompt.id == prompt_id)
    plan = plans("global", result.scope_for(measurement.prompt))[0]
    return measurement.prompt.renderer.render(Sampler(plan))


def test_findings_are_exactly_the_expected_ones(result):
    assert [(f.code, f.span.path, f.span.line, f.span.column) for f in result.findings] == \
        EXPECTED


def test_clean_prompts_are_measured_and_fully_shared(result):
    for prompt_id in CLEAN:
        measurement = next(m for m in result.measurements if m.prompt.id == prompt_id)
        assert measurement.break_hole is None or \
            measurement.break_hole.expr in ("question", "history")  # an agent loop's
        assert measurement.share("global") > 0.8  # a sample history follows an agent


def test_a_name_rebound_in_terms_of_itself_renders_each_part_once(result):
    text = _text(result, "f01_rebinding.py:17")
    assert text.count("You help Northwind customers.") == 1
    assert text.index("You help Northwind customers.") < text.index("Today's date: ") < \
        text.index("Follow the support policy")


def test_list_mutations_keep_their_order(result):
    text = _text(result, "f02_list_mutations.py:13")
    assert text.startswith("<|system|>\nCustomer: ")
    assert text.index("Follow the support policy") < text.rindex("<|user|>")


def test_class_constants_methods_and_the_growing_history(result):
    measurement = next(m for m in result.measurements if m.prompt.id == "f03_agent_class.py:22")
    history = [h for h in measurement.prompt.holes if h.expr == "self.history"]
    assert history and history[0].scope.label == "session"
    assert "meticulous research agent" in _text(result, "f03_agent_class.py:22")


def test_constant_text_repeated_and_copied_lists_are_constant(result):
    text = _text(result, "f06_repeat_and_copies.py:16")
    assert text.count("=" * 40) == 2
    assert "Invoices are under Billing, then History." in text


def test_a_string_template_read_from_a_file_points_into_the_file(result):
    finding = next(f for f in result.findings if f.span.path == "prompts/welcome.txt")
    assert finding.expr == "$customer_name" and finding.scope == "user"
    assert (finding.span.column, finding.span.end_column) == (36, 50)
    text = _text(result, "f10_string_template_file.py:12")
    assert "on the standard plan" in text  # a constant passed for $plan is text


def test_a_prompt_sent_through_a_wrapper_is_measured_at_the_call_with_the_wrappers_tools(result):
    ids = [m.prompt.id for m in result.measurements]
    assert "f12_wrapper_call.py:9" in ids and not any(i.startswith("f12_llm.py") for i in ids)
    text = _text(result, "f12_wrapper_call.py:9")
    assert text.startswith("<|tools|>\n") and "lookup_order" in text
    assert text.index("lookup_order") < text.index("Follow the support policy")
    assert ids.count("f12_wrapper_call.py:9") == 1  # the list it passes is not a second prompt


def test_request_parameters_built_as_a_dict_are_read_through_the_spread(result):
    measurement = next(m for m in result.measurements if m.prompt.id == "f13_params_dict.py:19")
    assert [b.role for b in measurement.prompt.blocks][:2] == ["system", "messages"]
    assert any(h.expr == "self.history" for h in measurement.prompt.holes)


def test_agent_frameworks_take_the_system_prompt_as_a_constructor_argument(result):
    """Agents SDK `instructions` (a string built per request, or a function: what it returns),
    LangGraph `create_react_agent(prompt=...)`, PydanticAI `@agent.system_prompt`."""
    ids = {m.prompt.id: m for m in result.measurements}
    assert {"f15_agents_sdk.py:10", "f15_agents_sdk.py:11", "f15_agents_sdk.py:15",
            "f16_langgraph_prebuilt.py:7", "f17_pydantic_ai.py:7",
            "f17_pydantic_ai.py:11"} <= set(ids)
    text = _text(result, "f15_agents_sdk.py:10")
    assert text.startswith("<|system|>\nThe user's name is ")
    # Built once, at import: constant up to the conversation the agent loop appends after it.
    assert ids["f15_agents_sdk.py:11"].break_hole.expr == "history"
    text = _text(result, "f15_agents_sdk.py:11")
    assert text.index("Route each request") < text.rindex("<|")


def test_llamaindex_templates_and_dspy_signatures_are_prompts(result):
    """LlamaIndex `PromptTemplate("...{context_str}...")` and `ChatPromptTemplate(
    message_templates=[ChatMessage(role=MessageRole.SYSTEM, ...)])`; a DSPy signature's
    docstring is the system message and its input fields come last, in the user message."""
    text = _text(result, "f18_llamaindex.py:12")
    assert text.startswith("<|system|>\nYou are helping ") and "<|user|>\n" in text
    dspy = _text(result, "f19_dspy.py:4")
    assert dspy.startswith("<|system|>\nYour input fields are:\n1. `question`\n"
                           "Your output fields are:\n1. `answer`\n")
    assert dspy.index("Answer the customer's question") < dspy.index("<|user|>\n[[ ## question")


def test_a_signature_with_a_method_before_its_fields_is_read(tmp_path):
    """A DSPy signature whose class also defines `__init__`: its fields are read past the
    method (the method's indented body was taken for a line of fields, an internal error
    that lost the whole file), and the docstring leads the system message as usual."""
    from conftest import write_project

    source = ('import dspy\n\n\nclass Route(dspy.Signature):\n'
              '    """Route the ticket to the team that owns the product it names. ' +
              "Prefer the billing team for anything about money. " * 6 + '"""\n\n'
              '    def __init__(self, ticket: str):\n'
              '        super().__init__(ticket=ticket)\n\n'
              '    ticket: str = dspy.InputField()\n'
              '    team: str = dspy.OutputField()\n\n\n'
              'router = dspy.Predict(Route)\n')
    root = write_project(tmp_path / "p", {"app/route.py": source}, "")
    result = api.check([], api.load_config(root), cwd=root)
    assert [f.code for f in result.findings] == []
    [measured] = result.measurements
    assert measured.prompt.id == "app/route.py:4"
    text = _text(result, "app/route.py:4")
    assert text.startswith("<|system|>\nYour input fields are:\n1. `ticket`\n"
                           "Your output fields are:\n1. `team`\n")


def test_configured_sinks_name_the_argument_that_holds_the_prompt(tmp_path):
    from conftest import write_project

    source = ("from myco.llm import ask\n\n\ndef reply(user, question):\n"
              "    return ask(question, persona=f'You help {user.name}. ' + '" +
              "Answer from the handbook and cite it. " * 8 + "')\n")
    root = write_project(tmp_path / "p", {"app/reply.py": source},
                         '[python]\nsinks = ["myco.llm.ask:persona"]\n')
    result = api.check([], api.load_config(root), cwd=root)
    assert [(f.code, f.span.line, f.expr) for f in result.findings] == \
        [("PFX002", 5, "user.name")]


def test_a_message_object_in_a_chat_template_keeps_its_braces(tmp_path):
    """`ChatPromptTemplate.from_messages([SystemMessage(content=PROMPT)])` sends PROMPT as it
    is: a JSON example in it is text, not `{placeholders}` (only message templates fill)."""
    from conftest import write_project

    source = ('from langchain_core.messages import SystemMessage\n'
              'from langchain_core.prompts import ChatPromptTemplate\n\n'
              'PROMPT = """You are the docs agent. Configure it like this:\n'
              '{\n  "checkpointer": {"ttl": 30}\n}\n' + "Answer from the docs only. " * 20 +
              '"""\n\nprompt = ChatPromptTemplate.from_messages([SystemMessage(content=PROMPT),'
              ' ("human", "{question}")])\n')
    root = write_project(tmp_path / "p", {"app/agent.py": source})
    result = api.check([], api.load_config(root), cwd=root)
    assert result.findings == ()
    [measured] = result.measurements
    assert measured.share("global") > 0.9


_ORDER_SAMPLE = '''
import functools as ft

@ft.cache
@decorate(level=2)
def build(a, /, b: int = 1, *args, c=lambda x: x, **kw) -> "str":
    value = a if b else c(b)
    rows = [f"{x!r:>{b}}" for x in args if x]
    match kw:
        case {"k": v} if v > 1:
            return v
    return call(key=value, *rows, **kw)[1:2:3]

class Agent(Base, metaclass=Meta):
    @property
    def name(self) -> str:
        return {k: v for k, v in self.items}
'''


def test_flow_walk_numbers_nodes_in_source_order():
    """The flow pass's own walk replaces libcst's visitor and position metadata for
    statement order: its numbering must follow the code exactly as libcst positions do, for
    every node kind whose fields libcst declares in another order (decorators, `x if t else
    y`, keyword arguments, parameters, match guards)."""
    import libcst as cst
    from libcst.metadata import PositionProvider

    from prefixlint.frontends.python.module import build_module

    sources = [_ORDER_SAMPLE] + [path.read_text(encoding="utf-8") for path in sorted(
        (FLOW.parent.parent / "fixtures").rglob("*.py"))][:40]
    for source in sources:
        module = build_module("m.py", source)
        positions = cst.MetadataWrapper(module.tree, unsafe_skip_copy=True).resolve(
            PositionProvider)
        leaves = [n for n in module.nodes if module.end(n) == module.pos(n) + 2]
        starts = [(positions[n].start.line, positions[n].start.column) for n in leaves]
        assert starts == sorted(starts) and (len(leaves) > 40 or source is not _ORDER_SAMPLE)
        assert [module.pos(n) for n in module.nodes] == sorted(module.pos(n) for n in module.nodes)
        code = {n for n in positions if isinstance(n, (cst.BaseExpression, cst.BaseStatement,
                                                       cst.BaseSmallStatement))}
        assert code <= set(module.nodes)


def test_a_module_s_answers_are_for_the_object_asked_about_not_its_id():
    """What the lowering works out once about a function (its `return` statements) is kept
    with the function's module and checked against the function itself: an answer recorded
    for an object that is gone (a dropped module's function, whose id the allocator may give
    to another) is never read for a new object with the same id."""
    from prefixlint.frontends.python.module import build_module

    module = build_module("m.py", "def f():\n    return 1\n\ndef g():\n    return 2\n")
    f, g = module.functions["f"], module.functions["g"]
    assert module.memo("returns", f, lambda: "of f") == "of f"
    assert module.memo("returns", f, lambda: "again") == "of f"  # worked out once
    module._memo[("returns", id(g))] = (object(), "of a dead object")  # an id reused
    assert module.memo("returns", g, lambda: "of g") == "of g"


_NESTED_SAMPLE = '''# header


x = 1; y = 2

# about f

@a

@b(
  1)
def f():
    return x

class A:
\tdef m(self, q):
\t\tif q:  # why
\t\t\t# a comment
\t\t\tv = [1,
  2]; w = 3
\t\t# dedented comment
\t\telif q > 1:
\t\t\tv = 2
\t\telse:
\t\t\tv = 3
\t\tfor i in v:
\t\t\twhile i:
\t\t\t\ti -= 1

\t\t\telse:
\t\t\t\tpass
\t\ttry:
\t\t\twith open(q) as h, \\
\t\t\t\t\topen(v):
\t\t\t\t  z = h.read()
\t\texcept OSError:
\t\t\tz = ""
\t\tfinally:
\t\t\tpass
\t\tif z: return f"{z!r}"
\t\tmatch z:
\t\t\tcase "a":
\t\t\t\treturn 1
\t\treturn z

async def g():
    async with s() as t:
        async for u in t:
            @d
            class B:
                pass
        # end of the with body
    # end of g
    await t
if __name__ == "__main__":
    g()
'''


def test_positions_of_one_statement_equal_the_whole_module_positions():
    """Spans come from generating only the innermost statement that holds a node and whose
    line `ast` gives, starting there; they must equal libcst's positions for the whole
    module, blank lines, comments, decorators, `;` statements, tabs, continuation lines and
    nested blocks of every kind included, and so must the whole module's positions when
    `ast` gave no lines."""
    import libcst as cst
    from libcst.metadata import PositionProvider

    from prefixlint.frontends.python.module import build_module
    from prefixlint.frontends.python.project import _check_nesting

    sources = [_ORDER_SAMPLE, _NESTED_SAMPLE] + [path.read_text(encoding="utf-8") for path in
                                                 sorted((FLOW.parent.parent / "fixtures")
                                                        .rglob("*.py"))][:40]
    for source in sources:
        module = build_module("m.py", source, _check_nesting(source, "m.py"))
        assert module.starts is not None
        expected = cst.MetadataWrapper(module.tree, unsafe_skip_copy=True).resolve(
            PositionProvider)
        for node in module.nodes[1:]:
            assert module.range(node) == expected[node], cst.Module([]).code_for_node(node)
        assert module._positions is None  # never computed for the whole module
        whole = build_module("m.py", source)
        assert [whole.range(n) for n in whole.nodes] == [expected[n] for n in module.nodes]


def test_a_line_of_a_function_is_placed_without_generating_the_function():
    """Work: a node in one statement of a function (or of a block inside it) is placed by
    generating that statement alone, not the function that holds it."""
    from prefixlint.frontends.python import module as module_code
    from prefixlint.frontends.python.project import _check_nesting

    source = _NESTED_SAMPLE
    module = module_code.build_module("m.py", source, _check_nesting(source, "m.py"))
    read = next(n for n in module.nodes if type(n).__name__ == "Call" and
                module.source(n) == "h.read()")
    assert module.span(read).line == 35
    generated = [len(ranges) for ranges in module._ranges.values()]
    assert len(generated) == 1 and generated[0] < 25  # `z = h.read()`: 18 nodes, not 400


def test_node_test_by_type_agrees_with_isinstance():
    """The flow walk tells nodes from other field values by type (`_is_node`, cached),
    not by `isinstance` against libcst's abstract base: the same answer for every libcst
    class and for the other values fields hold."""
    import libcst as cst

    from prefixlint.frontends.python.flow import _is_node

    kinds = [kind for kind in vars(cst).values() if isinstance(kind, type)]
    kinds += [str, int, type(None), list, tuple, type(cst.MaybeSentinel.DEFAULT)]
    assert len(kinds) > 200
    assert all(_is_node(kind) == issubclass(kind, cst.CSTNode) for kind in kinds)


def test_a_comprehension_inside_an_except_handler_binds_nothing(tmp_path):
    """A comprehension's variable bound in an `except` arm (a path the normal run does not
    take) is no binding: reading that name later, here as the chat passed by position, once
    failed the whole file with an internal error."""
    (tmp_path / "app.py").write_text(
        "def ask(model, turns):\n"
        "    try:\n"
        "        kept = [turn for turn in turns if turn]\n"
        "    except TypeError:\n"
        "        kept = [turn for turn in list(turns)]\n"
        "    turn = [{'role': 'system', 'content': 'Answer in one short sentence.'}]\n"
        "    turn.extend(kept)\n"
        "    return model(turn)\n", encoding="utf-8")
    result = api.check([], api.load_config(tmp_path), cwd=tmp_path)
    assert [f.code for f in result.findings] == []
    assert [m.prompt.id for m in result.measurements] == ["app.py:8"]


def test_a_default_the_callers_value_rules_out_leaves_the_value_it_was_given(tmp_path):
    """`if context is None: context = {}` of a helper called with `context={}`, then
    `context.update(...)`: every binding of the name sits in an arm the caller's value rules
    out or only adds to it. That once failed the whole file with an internal error; the
    template renders with the helper's clock value, a day value before the summary's rules."""
    (tmp_path / "prompts").mkdir()
    (tmp_path / "prompts" / "compact.j2").write_text(
        "Today is {{ now }}. Summarize the conversation above in a few sentences for the "
        "assistant that will continue it. Keep every decision, number and name, and drop "
        "greetings, small talk and anything the user asked to forget.\n", encoding="utf-8")
    (tmp_path / "render.py").write_text(
        "from datetime import datetime\n\nfrom jinja2 import Environment, FileSystemLoader\n\n\n"
        "def render_prompt(name, context=None):\n"
        "    env = Environment(loader=FileSystemLoader('prompts'))\n"
        "    template = env.get_template(name)\n"
        "    if context is None:\n"
        "        context = {}\n"
        "    context.update({'now': f'{datetime.now():%Y-%m-%d}'})\n"
        "    return template.render(**context)\n", encoding="utf-8")
    (tmp_path / "compact.py").write_text(
        "from litellm import completion\n\nfrom render import render_prompt\n\n\n"
        "def compact(history):\n"
        "    instructions = render_prompt('compact.j2', context={})\n"
        "    return completion(model='m', messages=[\n"
        "        {'role': 'system', 'content': instructions}, *history])\n", encoding="utf-8")
    result = api.check(["compact.py"], api.load_config(tmp_path), cwd=tmp_path)
    assert [f.code for f in result.findings if f.code == "PFX900"] == []
    assert [m.prompt.id for m in result.measurements] == ["compact.py:8"]


def test_reassignments_in_one_loop_that_read_each_other_are_carried_once(tmp_path):
    """Names a loop body assigns after their use are read as they stand at the loop's end
    (`flow.carried`), but what those values read is not carried again: four drafts that
    each read the others once exhausted the step budget (PFX900), and now the model's reply
    is found where it enters the first draft."""
    (tmp_path / "refine.py").write_text(
        "from openai import OpenAI\n\n"
        "RULES = '" + "Improve the draft below, keep every fact and the terms used. " * 12
        + "'\n\n\n"
        "def refine(question: str) -> str:\n"
        "    client = OpenAI()\n"
        "    draft, notes, plan, outline = '', '', '', ''\n"
        "    for _ in range(4):\n"
        "        reply = client.chat.completions.create(model='gpt-4o', messages=[\n"
        "            {'role': 'system', 'content': f'{draft}\\n{notes}\\n{plan}\\n{outline}\\n"
        "{RULES}'},\n"
        "            {'role': 'user', 'content': question}])\n"
        "        text = reply.choices[0].message.content\n"
        "        notes = f'{draft} {notes} {plan} {outline} {text}'\n"
        "        draft = f'{notes} {draft} {plan} {outline} {text}'\n"
        "        plan = f'{notes} {draft} {plan} {outline} {text}'\n"
        "        outline = f'{notes} {draft} {plan} {outline} {text}'\n"
        "    return draft\n", encoding="utf-8")
    (tmp_path / "prefixlint.toml").write_text('provider = "generic"\n', encoding="utf-8")
    result = api.check([], api.load_config(tmp_path), cwd=tmp_path)
    assert [(f.code, f.span.line, f.expr) for f in result.findings] == \
        [("PFX001", 14, "text")]


def test_extra_keywords_gathered_by_double_star_are_placed_at_the_call(tmp_path):
    """A client's `**options` given keywords it does not name is a dict the analysis builds
    from the call; reading it in a test of the client (`if 'suffix' in options`), two calls
    down, once failed the whole file with an internal error, because the built dict had no
    place in the source. It is placed at the call now, and the prompt is measured."""
    (tmp_path / "client.py").write_text(
        "from openai import OpenAI\n\n\n"
        "def complete_raw(prompt, log_file=None, **options):\n"
        "    suffix = 'Answer:'\n"
        "    if 'suffix' in options:\n"
        "        suffix = options['suffix']\n"
        "    return OpenAI().chat.completions.create(\n"
        "        model='gpt-4o', messages=[{'role': 'user', 'content': prompt + suffix}])\n\n\n"
        "def complete(prompt, **options):\n"
        "    return complete_raw(prompt, log_file='calls.log', **options)\n",
        encoding="utf-8")
    (tmp_path / "edit.py").write_text(
        "from client import complete\n\n\n"
        "def edit(script):\n"
        "    prompt = 'Return the whole script, edited, and nothing else. ' * 4 + script\n"
        "    return complete(prompt, max_tokens=4000)\n", encoding="utf-8")
    result = api.check([], api.load_config(tmp_path), cwd=tmp_path)
    assert result.findings == ()
    [measured] = result.measurements
    assert measured.prompt.id == "edit.py:6"
    assert 0.8 < measured.share("global") < 1.0


def test_a_test_known_where_it_is_read_is_no_branch(tmp_path):
    """`if cot:` of a caller's `False`, `if self.prompt_mode:` of an attribute set to `False`:
    the value is a constant, not an unclassified value to branch on, and the arm it picks
    is the one measured (the question stays last, after the rules)."""
    (tmp_path / "solve.py").write_text(
        "from openai import OpenAI\n\n"
        "STEPS = 'Think step by step, then give the final answer on a line of its own. ' * 6\n"
        "DIRECT = 'Give only the final answer, with no explanation and no units. ' * 6\n\n\n"
        "class Solver:\n"
        "    def __init__(self):\n"
        "        self.prompt_mode = False\n\n"
        "    def ask(self, question, cot):\n"
        "        if cot:\n"
        "            rules = STEPS\n"
        "        else:\n"
        "            rules = DIRECT\n"
        "        if self.prompt_mode:\n"
        "            tools = None\n"
        "        else:\n"
        "            tools = []\n"
        "        return OpenAI().chat.completions.create(model='gpt-4o', tools=tools, messages=[\n"
        "            {'role': 'system', 'content': rules},\n"
        "            {'role': 'user', 'content': question}])\n\n\n"
        "def direct(question):\n"
        "    return Solver().ask(question, False)\n", encoding="utf-8")
    result = api.check([], api.load_config(tmp_path), cwd=tmp_path)
    assert [(f.code, f.expr) for f in result.findings] == []
    text = _text(result, "solve.py:26")
    assert "no units" in text and "step by step" not in text


def test_a_tool_list_a_method_extends_in_one_arm_is_its_tools_as_json(tmp_path):
    """`tools = [...]; if kind == "browser": tools += [...]`, set on the object in its
    constructor and passed as `tools=self.tools`: the tools are those lists' items written
    as JSON, not two values of unknown scope at the top of the prompt."""
    (tmp_path / "agent.py").write_text(
        "from openai import OpenAI\n\n\n"
        "class Operator:\n"
        "    def __init__(self, kind):\n"
        "        self.tools = self.make_tools(kind)\n\n"
        "    def make_tools(self, kind):\n"
        "        tools = [{'type': 'function', 'function': {'name': 'click', 'parameters': {}}},\n"
        "                 {'type': 'function', 'function': {'name': 'type_text', 'parameters': {}}}]\n"
        "        if kind == 'browser':\n"
        "            tools += [{'type': 'function', 'function': {'name': 'goto', 'parameters': {}}}]\n"
        "        return tools\n\n"
        "    def act(self, goal):\n"
        "        return OpenAI().chat.completions.create(model='m', tools=self.tools, messages=[\n"
        "            {'role': 'system', 'content': 'Call exactly one tool that moves the task '\n"
        "             'forward; never guess coordinates that are not on the screen.'},\n"
        "            {'role': 'user', 'content': goal}])\n", encoding="utf-8")
    result = api.check([], api.load_config(tmp_path), cwd=tmp_path)
    assert [(f.code, f.expr) for f in result.findings] == []
    text = _text(result, "agent.py:16")
    assert '"name": "click"' in text and '"name": "type_text"' in text and \
        '"name": "goto"' in text
