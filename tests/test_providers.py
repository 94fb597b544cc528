"""Provider cache models at their boundaries, PFX020, and the estimates in `report`."""

from __future__ import annotations

import json

import pytest

from prefixlint import api
from prefixlint.config import ConfigError
from prefixlint.estimate import Settings, estimate, ms_per_token
from prefixlint.providers import PROVIDERS, provider

from conftest import REPO, run_cli, write_project


@pytest.mark.parametrize("n,cached", [(0, 0), (1023, 0), (1024, 1024), (1151, 1024),
                                      (1152, 1152), (1279, 1152), (5000, 4992)])
def test_openai_minimum_and_128_token_steps(n, cached):
    assert provider("openai").cached_tokens(n) == cached


@pytest.mark.parametrize("n,cached", [(15, 0), (16, 16), (31, 16), (32, 32), (1000, 992)])
def test_vllm_full_blocks_only(n, cached):
    assert provider("vllm").cached_tokens(n) == cached


def test_vllm_block_size_override():
    assert provider("vllm", None, {"vllm": {"block-size": 32}}).cached_tokens(63) == 32
    with pytest.raises(ValueError, match="unknown setting `providers.vllm.blocksize`"):
        provider("vllm", None, {"vllm": {"blocksize": 32}})


@pytest.mark.parametrize("name", ["sglang", "llamacpp", "generic"])
def test_token_granular_engines(name):
    assert provider(name).cached_tokens(17) == 17


def test_anthropic_breakpoints_before_and_after_a_volatile_value():
    anthropic = provider("anthropic", "claude-sonnet-4-5")
    assert anthropic.minimum == 1024
    # shared prefix ends at 3,000 (a user value there); breakpoints at 2,000 and 3,500
    assert anthropic.cached_tokens(3000, [2000, 3500]) == 2000
    # the only breakpoint comes after the volatile value: nothing is read from the cache
    assert anthropic.cached_tokens(3000, [3500]) == 0
    # a breakpoint before the minimum caches nothing
    assert anthropic.cached_tokens(3000, [800]) == 0
    # no breakpoints given: one assumed at the end of the shared prefix
    assert anthropic.cached_tokens(3000) == 3000
    assert anthropic.cached_tokens(1000) == 0
    # at most four breakpoints count
    assert anthropic.cached_tokens(3000, [1100, 1200, 1300, 1400, 2900]) == 1400


def test_per_model_minimums_and_dated_sources():
    assert provider("anthropic", "claude-haiku-4-5").minimum == 4096
    assert provider("anthropic", "claude-opus-5").minimum == 512
    assert provider("gemini", "gemini-2.5-flash").minimum == 1024
    assert provider("gemini", "gemini-2.5-flash-lite").minimum == 2048
    for model in PROVIDERS.values():
        assert model.checked == "2026-11-30" and model.source


def test_unknown_provider_is_a_configuration_error(tmp_path):
    root = write_project(tmp_path / "p", {}, 'provider = "openia"\n')
    with pytest.raises(ConfigError, match="unknown provider 'openia'"):
        api.check([], api.load_config(root), cwd=root)


def test_pfx020_and_provider_in_report_json():
    root = REPO / "fixtures" / "supportbot"
    proc = run_cli("report", "--provider", "openai", "--output-format", "json", cwd=root)
    data = json.loads(proc.stdout)
    helpdesk = next(p for p in data["prompts"] if p["id"] == "prompts/helpdesk.j2")
    assert helpdesk["provider"] == {"name": "openai", "model": None, "cached_tokens": 0,
                                    "minimum": 1024}
    fixed = next(p for p in data["prompts"] if p["id"] == "prompts/helpdesk_fixed.j2")
    assert fixed["provider"]["cached_tokens"] == 1152
    pfx020 = [f for f in data["findings"] if f["code"] == "PFX020"]
    assert [(f["path"], f["line"], f["severity"]) for f in pfx020] == [
        ("prompts/helpdesk.j2", 3, "info")]
    assert "moving 'user.display_name' below the constant text makes it 1,169 tokens" \
        in pfx020[0]["message"]
    assert not [f for f in json.loads(run_cli("check", "--output-format", "json",
                                              cwd=root).stdout)["findings"]
                if f["code"] == "PFX020"]  # generic provider: no minimum


def test_estimates_follow_the_arithmetic():
    root = REPO / "fixtures" / "supportbot"
    result = api.check([], api.load_config(root, provider="openai"), cwd=root)
    helpdesk = next(m for m in result.measurements if m.prompt.id == "prompts/helpdesk.j2")
    found = estimate(helpdesk, result.provider, Settings(ms_per_token("h200-8b"), replicas=4))
    assert found.cached_tokens == 0 and found.projected_cached_tokens == 1152
    assert found.projected_saved_ms == round(1152 * 0.030, 2)
    session_only = result.provider.cached_tokens(helpdesk.prefix_tokens["session"])
    assert found.sticky_saved_ms == round((1 - 1 / 4) * session_only * 0.030, 2)
    assert found.advice[0].startswith("move the volatile values first")
    assert "route by user_id" in found.advice[1]
    assert estimate(helpdesk, result.provider, Settings(0.05, replicas=1)).sticky_saved_ms == 0
    with pytest.raises(ValueError):
        ms_per_token("fast")


def test_report_prints_estimates_and_rejects_bad_presets():
    root = REPO / "fixtures" / "supportbot"
    proc = run_cli("report", "--provider", "openai", "--replicas", "4",
                   "--prefill-ms-per-token", "h200-32b", "--requests-per-second", "10", cwd=root)
    assert "Estimates (openai: minimum 1,024 tokens; 0.115 ms of prefill per token; 4 replicas)" \
        in proc.stdout
    assert "prompts/helpdesk.j2: move the volatile values first" in proc.stdout
    assert run_cli("report", "--prefill-ms-per-token", "fast", cwd=root).returncode == 2


def test_prefix_hash_routing_advice_for_prompts_sharing_a_template_head(tmp_path):
    head = "You are the assistant of Contoso. Follow the house rules in every answer. " * 20
    root = write_project(tmp_path / "p", {
        f"prompts/{name}.j2": head + f"\nTask: {name} the ticket.\n{{{{ ticket }}}}"
        for name in ("triage", "summarize", "translate")})
    proc = run_cli("report", "--output-format", "json", cwd=root)
    advice = json.loads(proc.stdout)["routing"]["advice"]
    assert advice == ["3 prompts start with the same 200+ tokens (prompts/summarize.j2, "
                      "prompts/translate.j2, prompts/triage.j2): route by a hash of that prefix "
                      "so each replica keeps a few prefixes hot"]
    assert "route by a hash of that prefix" in run_cli("report", cwd=root).stdout


POLICY_LINE = ("Follow the support policy of Northwind Cloud on every answer and never "
               "invent facts about orders, invoices or refunds. ")
SDK_APP = '''import anthropic
import litellm
from openai import OpenAI

hosted = OpenAI()
own = OpenAI(base_url="http://vllm.internal:8000/v1", api_key="unused")
claude = anthropic.Anthropic()
POLICY = "{policy}"


def hosted_answer(user, question):
    return hosted.chat.completions.create(model="gpt-4.1", messages=[
        {{"role": "system", "content": f"Hi {{user.name}}. " + POLICY}},
        {{"role": "user", "content": question}}])


def own_answer(user, question):
    return own.chat.completions.create(model="meta-llama/Llama-3.1-8B-Instruct", messages=[
        {{"role": "system", "content": f"Hi {{user.name}}. " + POLICY}},
        {{"role": "user", "content": question}}])


def claude_chat(user, history, question):
    return claude.messages.create(model="claude-sonnet-4-5", max_tokens=512,
                                  system=f"Hi {{user.name}}. " + POLICY,
                                  messages=history + [{{"role": "user", "content": question}}])


def routed(user, question):
    return litellm.completion(model="anthropic/claude-haiku-4-5", messages=[
        {{"role": "system", "content": f"Hi {{user.name}}. " + POLICY}},
        {{"role": "user", "content": question}}])
'''


def test_the_provider_each_prompt_is_sent_to_is_guessed_from_its_sdk(tmp_path):
    """No settings: an OpenAI client with no base_url is OpenAI's API, which caches nothing
    under 1,024 tokens, so a break in a 200-token one-shot prompt is info; a client with its
    own base_url is a self-hosted engine (every token counts); an Anthropic conversation
    grows past the minimum with its history; LiteLLM names the provider in the model."""
    root = tmp_path / "app"
    root.mkdir()
    (root / "app.py").write_text(SDK_APP.format(policy=POLICY_LINE * 8))
    proc = run_cli("check", "--output-format", "concise", cwd=root)
    codes = [(line.split(":")[1], line.split(": ")[1].split()[0])
             for line in proc.stdout.splitlines()]
    assert codes == [("19", "PFX002"), ("25", "PFX002")], proc.stdout
    text = run_cli("check", cwd=root).stdout
    assert ("2 prompts with a break are below the caching minimum of the provider their SDK "
            "sends to (anthropic 4,096, openai 1,024 tokens): not cached either way, so their "
            "breaks are info (--fail-on info shows them; --provider sets the provider).") in text
    shown = json.loads(run_cli("check", "--fail-on", "info", "--output-format", "json",
                               cwd=root).stdout)["findings"]
    by_line = {f["line"]: f for f in shown if f["code"] == "PFX002"}
    assert by_line[13]["severity"] == by_line[31]["severity"] == "info"
    assert by_line[13]["message"].endswith("; the whole prompt (211 tokens) is below the "
                                           "openai minimum of 1,024, so it is not cached "
                                           "either way")
    assert by_line[19]["severity"] == by_line[25]["severity"] == "error"
    report = json.loads(run_cli("report", "--output-format", "json", cwd=root).stdout)
    assert {p["id"]: (p["provider"]["name"], p["provider"]["model"], p["provider"]["minimum"])
            for p in report["prompts"]} == {
        "app.py:12": ("openai", "gpt-4.1", 1024), "app.py:18": ("generic", None, 0),
        "app.py:24": ("anthropic", "claude-sonnet-4-5", 1024),
        "app.py:30": ("anthropic", "claude-haiku-4-5", 4096)}
    # --provider sets one for every prompt: every break is an error again
    forced = run_cli("check", "--provider", "generic", "--output-format", "concise", cwd=root)
    assert len(forced.stdout.splitlines()) == 4


SPREAD_APP = '''import os

import openai

POLICY = "{policy}"


def configured_answer(user, question, api_base):
    options = {{"api_key": os.environ["LLM_API_KEY"]}}
    if api_base:
        options["base_url"] = api_base
    client = openai.OpenAI(**options)
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {{"role": "system", "content": f"Hi {{user.name}}. " + POLICY}},
        {{"role": "user", "content": question}}])


def keyed_answer(user, question):
    options = {{"api_key": os.environ["LLM_API_KEY"]}}
    client = openai.OpenAI(**options)
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {{"role": "system", "content": f"Hi {{user.name}}. " + POLICY}},
        {{"role": "user", "content": question}}])
'''


def test_a_base_url_passed_in_a_spread_of_options_is_a_base_url(tmp_path):
    """`openai.OpenAI(**options)` after `options["base_url"] = api_base`: a server the
    deployment names, not known to be OpenAI's API, so no caching minimum makes its break
    info; the same client made with only an API key in its options is OpenAI's."""
    root = tmp_path / "app"
    root.mkdir()
    (root / "app.py").write_text(SPREAD_APP.format(policy=POLICY_LINE * 8))
    shown = json.loads(run_cli("check", "--fail-on", "info", "--output-format", "json",
                               cwd=root).stdout)["findings"]
    assert [(f["line"], f["code"], f["severity"]) for f in shown] == [
        (14, "PFX002", "error"), (22, "PFX002", "info")]


DOCUMENTS_APP = '''from dataclasses import dataclass
from openai import OpenAI

client = OpenAI()
RULES = "{rules}"


def answer(question, retrieved_docs):
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {{"role": "user", "content": f"Documents:\\n{{retrieved_docs}}\\n\\n" + RULES
                                      + f"\\nQuestion: {{question}}"}}])


def review(pages):
    listing = "\\n".join(f"- {{page.title}}" for page in pages)
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {{"role": "user", "content": f"Pages:\\n{{listing}}\\n\\n" + RULES}}])


def greet(user, question):
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {{"role": "user", "content": f"Customer: {{user.name}}\\n" + RULES
                                      + f"\\nQuestion: {{question}}"}}])


def describe(photo_url):
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {{"role": "user", "content": [
            {{"type": "image_url", "image_url": {{"url": photo_url}}}},
            {{"type": "text", "text": RULES}}]}}])


def triage(raw):
    import json

    ticket = Ticket(**json.loads(raw))
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {{"role": "user", "content": f"Ticket:\\n{{ticket.body}}\\n\\n" + RULES}}])


@dataclass
class Ticket:
    title: str
    body: str
'''


def test_a_body_of_text_a_request_sizes_is_not_waved_through_as_too_short(tmp_path):
    """Sampled short, retrieved documents (or a list of a request's pages) make a 200-token
    prompt: under OpenAI's 1,024-token minimum as measured, but as long as each request makes
    it, so the break before the rules stays an error, as does a photo's (its tokens are not
    counted in the text) and a ticket's body (an attribute names what it holds as a name
    does). A customer's name is short whatever the request: that prompt's break is info,
    below the minimum."""
    root = tmp_path / "app"
    root.mkdir()
    (root / "app.py").write_text(DOCUMENTS_APP.format(rules=POLICY_LINE * 8))
    shown = json.loads(run_cli("check", "--fail-on", "info", "--output-format", "json",
                               cwd=root).stdout)["findings"]
    found = [(f["line"], f["code"], f["severity"], "below the openai minimum" in f["message"])
             for f in shown if f["code"] in ("PFX001", "PFX002", "PFX005")]
    assert found == [(10, "PFX001", "error", False), (17, "PFX005", "warning", False),
                     (22, "PFX002", "info", True), (29, "PFX005", "warning", False),
                     (38, "PFX005", "warning", False)], shown


def test_a_backend_of_several_does_not_decide_the_provider(tmp_path):
    """No settings: a planner calls `self.llm.complete_text(...)` on whichever backend it was
    given; two implement the base class's abstract method, one an OpenAI client with no
    base_url (OpenAI's API), one a client of a local server. The backend measured does not
    say where the prompt goes, so the question above the examples is an error, not info
    under OpenAI's 1,024-token minimum."""
    import shutil

    root = tmp_path / "app"
    shutil.copytree(REPO / "tests" / "reach" / "zab_backends", root / "zab_backends")
    document = json.loads(run_cli("check", "--output-format", "json", cwd=root).stdout)
    assert [(p["id"], p["provider"]["name"]) for p in document["prompts"]] == [
        ("zab_backends/planner.py:24", "generic")]
    assert [(f["code"], f["severity"], f["path"], f["line"]) for f in document["findings"]] \
        == [("PFX001", "error", "zab_backends/planner.py", 5)]


def test_no_sticky_routing_advice_for_a_prefix_too_short_to_matter(tmp_path):
    """Issue 25: a user value after 20 constant tokens and before 60 more: the user's share
    (80 of about 90 tokens) is far above the global one, but what sticky routing would keep
    beyond the global prefix is about 60 tokens, 3 ms at 0.05 ms a token: no routing advice."""
    from conftest import write_project

    root = write_project(tmp_path / "p", {
        "prompts/short.j2": "You are the assistant of Northwind support, helpful and brief.\n"
                            "Customer: {{ user.name }}\n" + "Answer politely and cite the "
                            "policy section you used. " * 5 + "\n{{ question }}\n"})
    result = api.check([], api.load_config(root), cwd=root)
    [short] = result.measurements
    assert short.share("user") - short.share("global") >= 0.3
    assert short.prefix_tokens["user"] - short.prefix_tokens["global"] < 200
    found = estimate(short, result.provider, Settings(0.05, replicas=4))
    assert not any("route by" in a or "sticky" in a for a in found.advice), found.advice
