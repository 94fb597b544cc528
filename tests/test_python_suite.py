"""The Python suite in tests/python: every sink family and lowering case, exact codes at exact
places; token counts against messages built by hand; nothing analyzed is ever executed."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest
import tiktoken

from prefixlint import api

from conftest import run_cli, write_project

SUITE = Path(__file__).parent / "python"

EXPECTED = [
    "PFX002 p01_openai_user_name.py:9:36",
    "PFX001 p03_alias_imports.py:13:56",
    "PFX003 p04_responses_session.py:11:33",
    "PFX002 p06_anthropic_breakpoint_after_user.py:9:59",
    "PFX013 p06_anthropic_breakpoint_after_user.py:10:33",
    "PFX004 p08_anthropic_tool_description_date.py:12:73",
    "PFX001 p09_litellm_time.py:10:60",
    "PFX002 p11_langchain_chat_template.py:6:26",
    "PFX001 p13_langchain_prompt_template.py:4:1",
    "PFX002 p14_langchain_messages.py:8:45",
    "PFX002 p15_role_dicts_returned.py:6:51",
    "PFX001 p16_role_dicts_passed.py:8:50",
    "PFX002 p17_helper_function.py:9:34",
    "PFX002 p19_format_positional.py:6:19",
    "PFX005 p20_format_mapping.py:6:19",
    "PFX003 p21_percent_session.py:9:23",
    "PFX004 p22_concat_date.py:11:32",
    "PFX002 p23_join_list.py:9:46",
    "PFX001 p24_join_retrieved_docs.py:11:54",
    "PFX002 p25_dedent.py:10:26",
    "PFX011 p28_fewshot_shuffled.py:12:5",
    "PFX001 p29_random_sample.py:14:58",
    "PFX007 p30_module_level_clock.py:8:11",  # info: read at import, stale but shared
    # p33: JSON of a parameter's data is info (the code shows no fault), shown when selected
    "PFX010 p35_set_join.py:11:62",
    "PFX012 p36_tools_filtered.py:15:20",
    "PFX013 p37_five_breakpoints.py:15:64",
    "PFX002 p38_jinja_template_in_code.py:4:23",
    "PFX001 p39_env_from_string.py:4:27",
    "PFX002 p42_azure_async.py:10:57",
    "PFX900 p43_syntax_error.py:7:69",  # CPython: the "[" that is never closed
    "PFX003 p44_anthropic_stream_conversation.py:10:56",
    "PFX001 p45_request_headers.py:10:18",
    "PFX002 p46_conditional_expression.py:11:42",
    "PFX004 p47_strftime_day.py:13:51",
    "PFX002 p49_typing_cast.py:9:30",  # cast(Template, FRAME) is FRAME
    "PFX001 p51_boolean_flags.py:24:42",  # a flag from the question's length
    "PFX002 policy.py:13:48",  # the {customer_name} placeholder that p05 formats
]

# Files whose prompts must be measured and found clean (info at most): the fixed forms and the
# negatives.
CLEAN = ["p02_openai_fixed.py:9", "p07_anthropic_breakpoint_fixed.py:11", "p10_litellm_fixed.py:9",
         "p12_langchain_fixed.py:5", "p18_cross_file_constants.py:9",
         "p26_cleandoc_fixed.py:15", "p27_fewshot_unpack.py:14",
         "p30_module_level_clock.py:13", "p31_module_level_env.py:12",
         "p32_braces_not_fstring.py:10", "p34_json_dumps_in_last_message.py:11",
         "p41_volatile_only_at_end.py:11", "p48_suppressed.py:11",
         "p51_boolean_flags.py:15",  # a flag from what is known of the model
         "p52_dialog_record.py:15"]  # the JSON of a dict written out in code


@pytest.fixture(scope="module")
def result():
    return api.check([], api.load_config(SUITE), cwd=SUITE)


def test_suite_size():
    assert len(list(SUITE.glob("p*.py"))) >= 40


def test_findings_are_exactly_the_expected_ones(result):
    got = [f"{f.code} {f.span.path}:{f.span.line}:{f.span.column}" for f in result.findings]
    assert got == EXPECTED


def test_clean_prompts_are_measured_and_have_no_findings(result):
    ids = {m.prompt.id for m in result.measurements}
    assert set(CLEAN) <= ids
    flagged = {f.prompt for f in result.findings if f.severity != "info"}
    assert not flagged & set(CLEAN)
    assert not any(m.prompt.id.startswith(("p40_", "policy")) for m in result.measurements)


def test_a_transcript_that_records_the_reply_is_not_a_prompt(result):
    """`[*messages, {"role": reply.role, "content": reply.content}]` keeps a dialog for
    later: the messages were measured where they were sent, and the reply is no prompt."""
    ids = {m.prompt.id for m in result.measurements}
    assert "p52_dialog_record.py:15" in ids and "p52_dialog_record.py:16" not in ids


def test_prompt_ids_and_kinds(result):
    by_id = {m.prompt.id: m for m in result.measurements}
    assert by_id["p45_request_headers.py:11"].prompt.kind == "python"
    assert [b.role for b in by_id["p08_anthropic_tool_description_date.py:14"].prompt.blocks] \
        == ["tools", "system", "user"]
    assert [b.role for b in by_id["p27_fewshot_unpack.py:14"].prompt.blocks] == \
        ["system", "user", "assistant", "user", "assistant", "user"]
    assert by_id["p45_request_headers.py:11"].break_hole.expr == "rid"
    assert by_id["p05_anthropic_format_constant.py:9"].break_hole.span.path == "policy.py"


def test_finding_messages_name_the_value_and_its_origin(result):
    by_place = {f"{f.span.path}:{f.span.line}": f for f in result.findings}
    assert by_place["p45_request_headers.py:10"].message.startswith(
        "request value 'rid' (from req.headers.x-request-id, scope by name 'headers') ends the "
        "shared prefix after")
    assert by_place["policy.py:13"].message.startswith(
        "user value '{customer_name}' (from customer.name, passed at "
        "p05_anthropic_format_constant.py:12, scope by word 'customer')")
    assert by_place["p47_strftime_day.py:13"].severity == "warning"


# -- token counts against messages built by hand ---------------------------------------------

def constants(path: Path) -> dict[str, str]:
    """String constants of a module, read with ast.literal_eval (never imported)."""
    tree = ast.parse(path.read_text())
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            try:
                out[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                pass
    return out


def serialized(messages: list[tuple[str, str]]) -> str:
    return "".join(f"<|{role}|>\n{content}\n" for role, content in messages)


@pytest.mark.parametrize("prompt_id,messages", [
    ("p18_cross_file_constants.py:9",
     lambda c, f: [("system", c["PERSONA"] + "\n\n" + c["POLICY"])]),
    ("p02_openai_fixed.py:9", lambda c, f: [("system", c["PERSONA"] + "\n" + c["POLICY"])]),
    ("p27_fewshot_unpack.py:14",
     lambda c, f: [("system", "Classify support tickets by category and likely cause.")]
     + [(m["role"], m["content"]) for m in f["FEW_SHOT"]]),
])
def test_shared_prefix_equals_hand_built_messages(result, prompt_id, messages):
    encoding = tiktoken.get_encoding("o200k_base")
    hand = messages(constants(SUITE / "policy.py"), constants(SUITE / "p27_fewshot_unpack.py"))
    # Everything up to the user's question is shared: the constant messages and the header
    # of the last one.
    expected = len(encoding.encode_ordinary(serialized(hand) + "<|user|>\n"))
    measured = next(m for m in result.measurements if m.prompt.id == prompt_id)
    assert abs(measured.prefix_tokens["global"] - expected) <= 2 * (len(hand) + 1)
    assert measured.prefix_tokens["global"] > 20


# -- safety and cost -----------------------------------------------------------------------------

def test_analyzed_code_is_never_imported_or_run(tmp_path):
    marker = tmp_path / "PWNED"
    root = write_project(tmp_path / "p", {"app/evil.py": f'''
import pathlib
pathlib.Path({str(marker)!r}).write_text("imported")
from openai import OpenAI

client = OpenAI()


def reply(user, question):
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {{"role": "system", "content": f"Hi {{user.name}}. " + "Follow the policy exactly. " * 1}},
        {{"role": "user", "content": question}}])
'''})
    proc = run_cli("check", "--output-format", "json", cwd=root)
    assert proc.returncode in (0, 1), proc.stderr
    assert '"id": "app/evil.py:10"' in proc.stdout
    assert not marker.exists()


def test_files_without_prompts_are_never_parsed(tmp_path, monkeypatch):
    files = {f"pkg/mod{i:03d}.py": f"def f{i}(x):\n    return x * {i}\n\n\nVALUES = [{i}, {i + 1}]\n"
             for i in range(500)}
    root = write_project(tmp_path / "p", files)
    from prefixlint.frontends.python import module as python_module

    calls = []
    monkeypatch.setattr(python_module, "build_module",
                        lambda *a: calls.append(a) or pytest.fail("parsed a file"))
    result = api.check([], api.load_config(root), cwd=root)
    assert result.measurements == () and result.findings == () and calls == []


def test_libcst_is_not_even_imported_for_prompt_free_files(tmp_path):
    root = write_project(tmp_path / "p", {f"m{i}.py": "x = 1\n" for i in range(20)})
    code = ("import sys; from prefixlint import api; "
            "r = api.check([]); print(len(r.measurements), 'libcst' in sys.modules)")
    import subprocess
    proc = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True,
                          env={**__import__("os").environ,
                               "PYTHONPATH": str(Path(__file__).resolve().parent.parent)})
    assert proc.stdout.split() == ["0", "False"], proc.stderr


def test_configured_sources_and_sinks(tmp_path):
    policy = "Follow the support policy exactly and keep answers short and precise. " * 4
    root = write_project(tmp_path / "p", {"app/bot.py": f'''
from myco.clock import stamp
from myco.llm import ask


def reply(question):
    return ask(messages=[{{"role": "system", "content": f"At {{stamp()}}. {policy}"}},
                         {{"role": "user", "content": question}}])


def plain(send, question):
    return send(f"At {{stamp()}}. {policy}", question)
'''}, '[python]\nsinks = ["myco.llm.ask"]\n[python.sources]\n"myco.clock.stamp" = "request"\n')
    result = api.check([], api.load_config(root), cwd=root)
    assert [(f.code, f.span.line, f.span.column) for f in result.findings] == [("PFX001", 7, 62)]
    bad = write_project(tmp_path / "q", {}, '[python]\nsource = {}\n')
    with pytest.raises(Exception, match="unknown setting `python.source`"):
        api.load_config(bad)


def test_files_that_only_look_like_sinks_are_never_parsed(tmp_path, monkeypatch):
    """The text pre-check matches sink shapes (`completions.create(`), not any `.create(`:
    a Django model and an XML reader are passed over without parsing them."""
    from prefixlint.frontends.python import module

    root = write_project(tmp_path / "p", {
        "shop/models.py": "from django.db import models\n\n\ndef copy(order):\n"
                          "    return Order.objects.create(name=order.name)\n",
        "shop/feed.py": "import xml.etree.ElementTree as ET\n\n\ndef read(path):\n"
                        "    return ET.parse(path).getroot()\n"})

    def never(*args, **kwargs):
        raise AssertionError("a file without a prompt sink was parsed")

    monkeypatch.setattr(module, "build_module", never)
    result = api.check([], api.load_config(root), cwd=root)
    assert result.findings == () and result.measurements == ()


def test_parsed_modules_are_dropped_between_files_without_changing_findings(monkeypatch):
    """Memory must not grow with the repository: past a few parsed modules the least
    recently used are dropped between files and parsed again when needed. With at most one
    kept, the application fixtures (cross-file constants, wrappers of a sink, message
    lists sent by wrappers) give exactly the findings and prefixes they give with all kept."""
    from prefixlint.frontends.python import project as project_module

    roots = [Path(__file__).parent.parent / "fixtures", Path(__file__).parent / "flow"]

    def run():
        out = []
        for root in roots:
            result = api.check([], api.load_config(root), cwd=root)
            out.append((result.findings,
                        [(m.prompt.id, m.prefix_tokens) for m in result.measurements]))
        return out

    kept_all = run()
    sizes: list[int] = []
    release = project_module.PythonProject.release

    def counted(self) -> None:
        release(self)
        pinned = {w.path for group in self.wrappers.values() for w in group}
        pinned.update(path for path, lists in self.lists.items() if lists)
        sizes.append(sum(not isinstance(m, Exception) and path not in pinned
                         for path, m in self.modules.items()))

    monkeypatch.setattr(project_module, "KEPT_MODULES", 1)
    monkeypatch.setattr(project_module.PythonProject, "release", counted)
    assert run() == kept_all
    assert len(sizes) > 20 and max(sizes) <= 1  # one kept beside the wrappers' modules


def test_modules_are_not_walked_between_files_when_none_can_be_dropped(monkeypatch):
    """Work: between two files, the parsed modules are walked for ones to drop only when
    more than `KEPT_MODULES` of them are outside the pinned ones (on a repository of a
    thousand clients the walk over every pinned module, between each two files, was a
    few percent of the run)."""
    from prefixlint.frontends.python import project as project_module

    class Walked(dict):
        walks = 0

        def items(self):
            Walked.walks += 1
            return super().items()

    release = project_module.PythonProject.release
    releases: list[int] = []

    def counted(self) -> None:
        if not isinstance(self.modules, Walked):
            self.modules = Walked(self.modules)
        releases.append(len(self.modules.keys() - self.wrapper_paths))
        release(self)

    monkeypatch.setattr(project_module.PythonProject, "release", counted)
    root = Path(__file__).parent.parent / "fixtures"
    api.check([], api.load_config(root), cwd=root)
    assert len(releases) > 20 and max(releases) <= project_module.KEPT_MODULES
    assert Walked.walks == 0


def test_modules_kept_for_their_wrappers_drop_their_code_ranges(monkeypatch):
    """A module kept past its file because a later file may call its wrapper keeps its tree
    and tables, not the code ranges computed for it (the largest share of a parsed module on
    a repository of many clients); positions computed again are the same."""
    from prefixlint.frontends.python import project as project_module

    root = Path(__file__).parent.parent / "fixtures"
    kept_all = api.check([], api.load_config(root), cwd=root)
    held: list[int] = []
    release = project_module.PythonProject.release

    def counted(self) -> None:
        release(self)
        old = [m for m in list(self.modules.values())[:-1] if not isinstance(m, Exception)]
        held.append(sum(bool(m._ranges) or m._positions is not None for m in old))

    monkeypatch.setattr(project_module, "KEPT_MODULES", 1)
    monkeypatch.setattr(project_module.PythonProject, "release", counted)
    result = api.check([], api.load_config(root), cwd=root)
    assert (result.findings, [(m.prompt.id, m.prefix_tokens) for m in result.measurements]) \
        == (kept_all.findings, [(m.prompt.id, m.prefix_tokens) for m in kept_all.measurements])
    assert held and max(held) == 0


def test_a_node_placed_again_after_its_modules_ranges_were_dropped_has_the_same_span():
    from prefixlint.frontends.python.module import build_module
    from prefixlint.frontends.python.project import _check_nesting

    source = "import x\n\n\nclass A:\n    def f(self):\n        return x.call(a=1,\n  b=2)\n"
    module = build_module("m.py", source, _check_nesting(source, "m.py"))
    calls = [n for n in module.nodes if type(n).__name__ == "Call"]
    before = [module.span(n) for n in calls]
    module.forget_positions()
    assert module._ranges == {} and module._positions is None
    assert [module.span(n) for n in calls] == before



def _reachable(start, kinds: tuple[type, ...], limit: int = 2_000_000) -> list:
    """Objects of `kinds` reachable from `start` (classes and modules are not followed)."""
    import gc
    import types

    seen, stack, found = set(), [start], []
    while stack and len(seen) < limit:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (type, types.ModuleType)):
            continue
        seen.add(id(obj))
        if isinstance(obj, kinds):
            found.append(obj)
        stack.extend(gc.get_referents(obj))
    return found


def test_measuring_and_the_result_keep_no_parsed_module(monkeypatch):
    """Every Python prompt is built before measuring starts: from then on neither the run nor
    its result holds a parsed module, the project, or a lowerer (a template renderer made
    while lowering keeps the table of explicit scopes, not the lowerer that holds every
    module). A run on thousands of client modules kept them all to the end."""
    import gc

    from prefixlint import workers
    from prefixlint.frontends.python.interpreter import Lowerer
    from prefixlint.frontends.python.module import Module
    from prefixlint.frontends.python.project import PythonProject

    root = Path(__file__).parent.parent / "fixtures"
    alive_at_measuring: list[int] = []
    run = workers.run

    def spy(count, *args, **kwargs):
        gc.collect()
        alive_at_measuring.append(sum(isinstance(o, Module) for o in gc.get_objects()))
        return run(count, *args, **kwargs)

    monkeypatch.setattr(workers, "run", spy)
    result = api.check([], api.load_config(root), cwd=root)
    assert any(m.prompt.kind == "python" for m in result.measurements)
    assert any(type(m.prompt.renderer).__name__ == "SegmentRenderer" and "Embed" in repr(
        m.prompt.blocks) for m in result.measurements)  # a Python prompt renders a template
    assert alive_at_measuring == [0]
    assert _reachable(result, (Module, PythonProject, Lowerer)) == []
