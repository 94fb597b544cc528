"""What a run did not see, said aloud (issue 21, item 4): every text run ends with a coverage
line (prompts by where they come from, LLM calls found but not followed, with where and why),
JSON gains `coverage`, a run whose only call was not followed never says "All checks
passed!", and `--strict` fails it."""

from __future__ import annotations

import json

from conftest import REPO, run_cli, write_project

CLIENT_NOT_IN_VIEW = {"app.py": '''from openai import OpenAI

from company_sdk import build_messages

client = OpenAI()


def answer(ticket):
    return client.chat.completions.create(model="gpt-4o", messages=build_messages(ticket))
'''}


def _lines(cwd, *args):
    proc = run_cli("check", ".", "--no-cache", *args, cwd=cwd)
    assert proc.returncode in (0, 1), proc.stderr
    return proc.stdout.splitlines()


def test_each_fixture_app_ends_with_its_coverage():
    cases = {
        "supportbot": "Coverage: 4 prompts measured (4 template files no code was seen "
                      "rendering).",
        "langgraph_agent/broken": "Coverage: 1 prompt measured (1 sent by a call in code).",
        "chat_clock": "Coverage: 1 prompt measured (1 sent by a call in code).",
    }
    for folder, line in cases.items():
        lines = _lines(REPO / "fixtures" / folder)
        assert [x for x in lines if x.startswith("Coverage:")] == [line]
        assert lines[-1] == line  # every run ends with its coverage


def test_the_reach_suite_counts_every_source_and_names_what_was_not_followed():
    lines = _lines(REPO / "tests" / "reach")
    assert [x for x in lines if x.startswith("Coverage:")][0] == (
        "Coverage: 630 prompts measured (466 sent by calls in code, 21 template files no code was "
        "seen rendering, 31 other prompt files, 66 prompt texts with no call in view, 46 in "
        "configuration files); 14 LLM calls not followed: r_replayed_turns.py:21 ('persona' is "
        "built where the code is not in view); zazu_keyed_texts/desk/summary.py:15 ('note' is "
        "built where the code is not in view); zfi_agent_prompts/engine.py:21 "
        "('text.split(\"<commentblockmarker>###</commentblockmarker>\")[…' is built where the "
        "code is not in view); zfn_rewrite_prompt/probe.py:16 ('sentence' is built where the "
        "code is not in view); zhzx_slot_loader/prompts/loader.py:16 ('text' is built where the "
        "code is not in view); and 9 more (JSON `coverage`).")


def test_a_call_whose_messages_are_not_in_view_is_never_a_pass(tmp_path):
    root = write_project(tmp_path / "p", CLIENT_NOT_IN_VIEW)
    lines = _lines(root)
    assert lines == [
        "No findings in the 1 prompt measured, but 1 LLM call was not followed (see Coverage).",
        "Coverage: 1 prompt measured (1 sent by a call in code); 1 LLM call not followed: "
        "app.py:9 ('build_messages(ticket)' is built where the code is not in view)."]
    assert run_cli("check", ".", "--no-cache", cwd=root).returncode == 0  # a warning line
    assert run_cli("check", ".", "--no-cache", "--strict", cwd=root).returncode == 1
    document = json.loads(run_cli("check", ".", "--no-cache", "--output-format", "json",
                                  cwd=root).stdout)
    assert document["coverage"] == {
        "prompts": 1, "sources": {"calls": 1},
        "not_followed": [{"path": "app.py", "line": 9,
                          "why": "'build_messages(ticket)' is built where the code is not "
                                 "in view"}]}
    assert run_cli("check", ".", "--no-cache", "--strict", cwd=REPO / "fixtures" /
                   "chat_clock").returncode == 0  # everything followed, nothing found


def test_coverage_is_the_same_when_the_result_comes_from_the_cache(tmp_path):
    root = write_project(tmp_path / "p", CLIENT_NOT_IN_VIEW)
    first, second = (run_cli("check", ".", cwd=root).stdout for _ in range(2))
    assert (root / ".prefixlint_cache").is_dir()
    assert first == second and "1 LLM call not followed" in second


def test_one_prompt_per_call_site_and_one_code_per_place():
    """Issue 21, item 5, across every suite: no prompt id twice (a call several clients of
    one name could send is one prompt), and no place reported under two codes."""
    for folder in ("tests/python", "tests/flow", "tests/reach", "tests/templates",
                   "tests/models", "fixtures"):
        document = json.loads(run_cli("check", ".", "--no-cache", "--output-format", "json",
                                      cwd=REPO / folder).stdout)
        ids = [p["id"] for p in document["prompts"]]
        assert len(ids) == len(set(ids)), folder
        places = [(f["path"], f["line"], f["column"]) for f in document["findings"]]
        assert len(places) == len(set(places)), folder
        assert document["summary"]["prompts"] == len(set(ids))


FILLED_RULES = '''HANDOFF_RULES = """Summarise the ticket below for the next support agent.

{ticket}

List the customer's goal, every order number with its status, what was already tried and
what the customer was promised, then the one next step. Write at most one hundred words, keep
numbers exactly as written, and never include payment details or passwords. If the ticket
mentions a deadline, put it first; if the customer wrote in another language, say which."""
'''

FILLED_AND_SENT = {"pyproject.toml": '[tool.prefixlint]\nprovider = "generic"\n',
                   "rules.py": FILLED_RULES,
                   "handoff.py": '''import litellm

from rules import HANDOFF_RULES


def handoff(ticket_text: str, audit: bool):
    if audit:
        return litellm.completion(model="gpt-4.1", messages=[
            {"role": "user", "content": "Log this hand-off."}])
    formatted_prompt = HANDOFF_RULES.format(ticket=ticket_text)
    return litellm.completion(model="gpt-4.1", messages=[
        {"role": "user", "content": formatted_prompt}])
'''}


def test_a_constant_filled_and_sent_in_one_function_is_measured_once(tmp_path):
    """The fill (`HANDOFF_RULES.format(ticket=...)`) is in the prompt the function sends:
    neither the fill nor the constant is measured again on its own."""
    root = write_project(tmp_path / "p", FILLED_AND_SENT)
    lines = _lines(root)
    assert lines[-1] == "Coverage: 2 prompts measured (2 sent by calls in code)."
    assert lines[0].startswith("rules.py:3:1: PFX005 unclassified value '{ticket}' (from "
                               "ticket_text, passed at "
                               "handoff.py:10)")


def test_a_constant_filled_where_another_prompt_is_sent_is_still_measured(tmp_path):
    """The function sends another prompt, not the fill: the fill is measured on its own,
    with the value passed, and the constant is not measured a second time."""
    files = dict(FILLED_AND_SENT)
    files["handoff.py"] = files["handoff.py"].replace(
        '''    return litellm.completion(model="gpt-4.1", messages=[
        {"role": "user", "content": formatted_prompt}])
''', "    return post_to_queue(formatted_prompt)\n")
    root = write_project(tmp_path / "p", files)
    lines = _lines(root)
    assert lines[-1] == ("Coverage: 2 prompts measured (1 sent by a call in code, 1 prompt "
                         "text with no call in view).")
    assert lines[0].startswith("rules.py:3:1: PFX005 unclassified value '{ticket}' (from "
                               "ticket_text, passed at "
                               "handoff.py:10)")
