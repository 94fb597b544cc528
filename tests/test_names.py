"""Scopes from names (issue 10, item 3): the table in `prefixlint/data/names.toml`, row by row,
and what it means for findings on templates written the way real projects name things."""

from __future__ import annotations

import json

import pytest

from conftest import run_cli, write_project
from prefixlint.ir import Scope
from prefixlint.volatility import Volatility, name_rules, words_of

ROWS = [pytest.param(rule, id=f"{rule.kind}-{rule.scope.label}-{rule.words[0]}")
        for rule in name_rules()]

POLICY = (
    "Refunds for annual plans are prorated to the day and issued to the original payment "
    "method within five business days. To rotate an API key, open Settings, choose Keys, and "
    "select Rotate; the old key keeps working for 24 hours so that deployments can be updated "
    "without downtime. Exports larger than 2 GB are split into parts.\n")


@pytest.mark.parametrize("rule", ROWS)
def test_every_row_gives_its_examples_its_scope(rule):
    volatility = Volatility()
    assert rule.examples, "every row shows what it matches"
    for example in rule.examples:
        found = volatility.explain(example)
        assert found.scope is rule.scope, (example, found)
        assert found.source == ("catalogue" if rule.kind == "name" else "pattern"), example
    for other in rule.not_examples:
        assert volatility.explain(other).scope is not rule.scope, other


def test_names_split_into_words_whatever_their_case():
    assert words_of("user_input") == words_of("userInput") == words_of("USER_INPUT") == \
        ("user", "input")
    assert words_of("requestType") == ("request", "type")
    assert words_of("HTTPRequestID") == ("http", "request", "id")
    assert words_of("system-os") == ("system", "os")


def test_configuration_wins_and_says_so():
    volatility = Volatility({"user_input": Scope.DEPLOY, "ui.*": Scope.USER})
    assert (volatility.explain("user_input").scope, volatility.explain("user_input").source) \
        == (Scope.DEPLOY, "configuration")
    assert volatility.explain("ui.theme").detail == "[variables] 'ui.*'"


def test_holders_are_looked_through():
    volatility = Volatility()
    assert volatility.scope_of("context.context.user_name") is Scope.USER
    assert volatility.scope_of("ctx.deps.user.email") is Scope.USER
    assert volatility.scope_of("state.documents") is Scope.REQUEST
    assert volatility.scope_of("context") is Scope.REQUEST
    assert volatility.scope_of("request.extra") is Scope.REQUEST  # nothing else says: the holder


def test_a_prompt_held_by_settings_is_the_configured_one():
    """`self.config.prompt` is the prompt an application is configured with; `prompt` alone,
    or held by a request or the command line, is what a user typed."""
    volatility = Volatility()
    assert volatility.scope_of("self.config.prompt") is Scope.DEPLOY
    assert volatility.scope_of("settings.prompt") is Scope.DEPLOY
    assert volatility.scope_of("request.prompt") is Scope.REQUEST
    assert volatility.scope_of("args.prompt") is Scope.REQUEST
    assert volatility.scope_of("prompt") is Scope.REQUEST


def _findings(tmp_path, template):
    root = write_project(tmp_path / "p", {"prompts/agent.j2": template + POLICY})
    proc = run_cli("check", ".", "--output-format", "json", cwd=root)
    return [(f["code"], f["expr"], f["scope"], f["scope_source"])
            for f in json.loads(proc.stdout)["findings"]]


def test_a_users_input_is_a_request_value_not_a_user_value(tmp_path):
    assert _findings(tmp_path, "Task from the user: {{ user_input }}\n") == [
        ("PFX001", "user_input", "request", "catalogue")]


def test_who_wrote_the_item_being_handled_is_a_request_value(tmp_path):
    # a moderation bot's note on the comment's author, before its score legend
    assert _findings(tmp_path, "Replying to u/{{ reply_author }} (sent by {{ dm_sender }}):\n"
                     + POLICY) == [("PFX001", "reply_author", "request", "pattern"),
                                   ("PFX001", "dm_sender", "request", "pattern")]


def test_request_as_a_word_of_a_longer_name_is_not_a_request_value(tmp_path):
    # `requestType` names a category of request (a few values, each shared): a setting
    assert _findings(tmp_path, "Handle this {{ requestType }} ({{ requestVerb }}).\n") == [
        ("PFX005", "requestVerb", "unknown", "default")]


def test_deployment_settings_are_not_breaks(tmp_path):
    template = ("You are {{ agent_name }}, running on {{ system_os }} in {{ cli_mode }} mode, "
                "answering in {{ locale }}.\n")
    assert _findings(tmp_path, template) == []


def test_a_locale_read_from_the_user_is_a_user_value(tmp_path):
    assert _findings(tmp_path, "Answer in {{ user_locale }}.\n") == [
        ("PFX002", "user_locale", "user", "pattern")]


def test_the_message_names_where_the_scope_came_from(tmp_path):
    root = write_project(tmp_path / "p", {"prompts/agent.j2": "Now: {{ CURRENT_TIME }}\n" + POLICY,
                                          "prompts/b.j2": "Plan: {{ tier }}\n" + POLICY},
                         '[variables]\ntier = "user"\n')
    proc = run_cli("check", ".", "--output-format", "json", cwd=root)  # text output is brief
    assert "request value 'CURRENT_TIME' (scope by word 'time' of 'CURRENT_TIME')" in proc.stdout
    assert "user value 'tier' (scope set in [variables] 'tier')" in proc.stdout


def test_a_type_word_at_the_end_is_set_aside():
    volatility = Volatility()
    assert volatility.scope_of("context_str") is Scope.REQUEST
    assert volatility.scope_of("query_str") is Scope.REQUEST
    assert volatility.scope_of("chat_history_str") is Scope.SESSION
    assert volatility.scope_of("widget_str") is Scope.UNKNOWN
    assert volatility.scope_of("policy_str") is Scope.DEPLOY  # the last word, once `str` is set aside


def test_what_a_value_is_for_is_not_what_it_is():
    volatility = Volatility()
    # `themes_for_prompt` is data put into a prompt, not prompt text the code ships
    assert volatility.explain("themes_for_prompt").scope is Scope.UNKNOWN
    assert volatility.explain("BASE_PROMPT").scope is Scope.DEPLOY
    assert volatility.explain("context_for_llm").scope is Scope.REQUEST
    assert volatility.explain("docs_for_answer").scope is Scope.REQUEST


def test_the_newest_message_of_a_conversation_is_the_requests_own():
    """`messages[-1].text` is what this request asked; the rest of `messages` (and any other
    entry of it) is the conversation so far."""
    volatility = Volatility()
    assert volatility.explain("messages.-1.text").scope is Scope.REQUEST
    assert volatility.explain("messages.-1.text").detail == "the newest of 'messages'"
    assert volatility.scope_of("state.chat_history.-1") is Scope.REQUEST
    assert volatility.scope_of("messages.0.text") is Scope.SESSION
    assert volatility.scope_of("messages") is Scope.SESSION


def test_the_file_a_value_stands_in_says_nothing_of_the_value():
    """A value with no name of its own is keyed by its place (`request@file:LINE:COLUMN`):
    the folders and name of that file (`api/agents.py`, `settings/prompts.py`) are not words
    of the value. A web handler's `request.message` in `app/api/agents.py` is the request's,
    not an agent's setting."""
    volatility = Volatility()
    placed = volatility.explain("request@backend/app/api/agents.py:120:27.message")
    assert (placed.scope, placed.detail) == (Scope.REQUEST, "name 'message'")
    assert volatility.scope_of("row@app/settings/prompts.py:8:4") is Scope.UNKNOWN
    assert volatility.scope_of("row@app/settings/prompts.py:8:4.system_prompt") is Scope.DEPLOY
