"""Chat templates (issue 12, items 1-2): rendered as engines render them, over conversations,
to find a date before the system prompt (PFX030), the system prompt or tools in the last user
turn (PFX031), and history rendered differently once a turn is appended (PFX032)."""

from __future__ import annotations

import json

from conftest import run_cli, write_project

LLAMA_32 = """{{- bos_token }}
{%- if not date_string is defined %}
    {%- set date_string = strftime_now("%d %b %Y") %}
{%- endif %}
{%- if messages[0]['role'] == 'system' %}
    {%- set system_message = messages[0]['content']|trim %}
    {%- set messages = messages[1:] %}
{%- else %}
    {%- set system_message = "" %}
{%- endif %}
{{- "<|start_header_id|>system<|end_header_id|>\\n\\n" }}
{%- if tools is not none %}
    {{- "Environment: ipython\\n" }}
{%- endif %}
{{- "Cutting Knowledge Date: December 2023\\n" }}
{{- "Today Date: " + date_string + "\\n\\n" }}
{{- system_message }}
{%- if tools is not none %}
    {%- for t in tools %}
        {{- t | tojson(indent=4) }}
    {%- endfor %}
{%- endif %}
{{- "<|eot_id|>" }}
{%- for message in messages %}
    {{- '<|start_header_id|>' + message['role'] + '<|end_header_id|>\\n\\n' + message['content'] | trim + '<|eot_id|>' }}
{%- endfor %}
{%- if add_generation_prompt %}
    {{- '<|start_header_id|>assistant<|end_header_id|>\\n\\n' }}
{%- endif %}
"""

CHATML = """{%- for message in messages %}
{{- '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>\\n' }}
{%- endfor %}
{%- if add_generation_prompt %}
{{- '<|im_start|>assistant\\n' }}
{%- endif %}
"""

MISTRAL_TOOLS = """{%- set system_message = messages[0]['content'] %}
{{- bos_token }}
{%- for message in messages[1:] %}
    {%- if message['role'] == 'user' %}
        {%- if tools is not none and loop.last %}
            {{- '[AVAILABLE_TOOLS] ' + tools | tojson + '[/AVAILABLE_TOOLS]' }}
        {%- endif %}
        {{- '[INST] ' + message['content'] + '[/INST]' }}
    {%- else %}
        {{- ' ' + message['content'] + eos_token }}
    {%- endif %}
{%- endfor %}
"""

MARKED_LATEST = """{%- set ns = namespace(system='') %}
{%- for message in messages if message.role == 'system' %}{% set ns.system = ns.system + message.content %}{% endfor %}
{{- '<|system|>' + ns.system + '\n' }}
{%- for message in messages if message.role != 'system' %}
    {%- if message.role == 'user' and loop.last %}{{- '<|latest|>' }}{% endif %}
    {{- '<|' + message.role + '|>' + message.content + '\n' }}
{%- endfor %}
{%- if add_generation_prompt %}{{- '<|assistant|>' }}{% endif %}
"""


def _findings(tmp_path, templates):
    root = write_project(tmp_path / "p", templates)
    proc = run_cli("check", ".", "--output-format", "json", "--exit-zero", cwd=root)
    document = json.loads(proc.stdout)
    return [(f["code"], f["path"], f["line"], f["column"]) for f in document["findings"]], \
        document


def test_each_pattern_gives_its_finding_at_the_line_that_causes_it(tmp_path):
    found, document = _findings(tmp_path, {
        "models/llama/chat_template.jinja": LLAMA_32, "models/chatml.jinja": CHATML,
        "models/mistral/chat_template.jinja": MISTRAL_TOOLS,
        "models/marked.jinja": MARKED_LATEST})
    assert found == [("PFX030", "models/llama/chat_template.jinja", 3, 27),
                     ("PFX032", "models/marked.jinja", 6, 39),
                     ("PFX031", "models/mistral/chat_template.jinja", 5, 38)]
    assert document["prompts"] == []  # an engine's template is not an application's prompt
    by_code = {f["code"]: f for f in document["findings"]}
    assert "tool list into the last user turn" in by_code["PFX031"]["message"]
    assert by_code["PFX030"]["gain_tokens"] > 100  # the system prompt, tools and question


def test_globals_engines_provide_are_never_unclassified_values(tmp_path):
    found, _ = _findings(tmp_path, {"models/chatml.jinja": CHATML,
                                    "models/llama.jinja": LLAMA_32.replace(
                                        "strftime_now(\"%d %b %Y\")", "\"26 Jul 2024\"")})
    assert found == []


def test_a_template_that_refuses_the_conversation_is_pfx900(tmp_path):
    found, _ = _findings(tmp_path, {
        "models/a.jinja": "{{ bos_token }}{{ messages[0]['content'] }}{% for m in messages %}"
                          "{{ m.content }}{% endfor %}{{ raise_exception('unsupported') }}"})
    assert found == [("PFX900", "models/a.jinja", 1, 1)]


def test_the_chat_templates_of_a_tokenizer_config_are_checked(tmp_path):
    config = {"bos_token": "<s>", "model_max_length": 131072,
              "chat_template": [{"name": "default", "template": CHATML},
                                {"name": "tool_use", "template": MISTRAL_TOOLS}]}
    found, document = _findings(tmp_path, {
        "models/mistral/tokenizer_config.json": json.dumps(config, indent=2)})
    # at the line that names the template
    assert found == [("PFX031", "models/mistral/tokenizer_config.json", 10, 1)]
    assert document["findings"][0]["message"].startswith(
        "chat template 'tool_use': the template renders the tool list into the last user turn")


def test_hostile_chat_templates_are_bounded(tmp_path):
    found, document = _findings(tmp_path, {
        "a.jinja": "{{ bos_token }}{% for m in messages %}{% for i in range(100000) %}"
                   "{% for j in range(100000) %}{{ m.content }}{% endfor %}{% endfor %}"
                   "{% endfor %}",
        "b.jinja": "{{ bos_token }}{{ messages.__class__.__mro__ }}",
        "c.jinja": "{{ bos_token }}{{ 'x' * 10000000000 }}{{ messages }}",
        # silent work: no output grows, the step budget (not a clock) stops it
        "d.jinja": "{{ bos_token }}{% for m in messages %}{% for i in range(100000) %}"
                   "{% for j in range(100000) %}{% endfor %}{% endfor %}{% endfor %}",
        # strings that would grow to a gigabyte are refused before they are built
        "e.jinja": "{{ bos_token }}{% for m in messages %}{{ m.content.ljust(1000000000) }}"
                   "{% endfor %}",
        "f.jinja": "{{ bos_token }}{% for m in messages %}{{ '%1000000000s' % m.content }}"
                   "{% endfor %}",
        "g.jinja": "{{ bos_token }}{% for m in messages %}"
                   "{{ '{:>1000000000}'.format(m.content) }}{% endfor %}"})
    assert found == [("PFX900", name, 1, 1) for name in ("a.jinja", "b.jinja", "c.jinja",
                                                         "d.jinja", "e.jinja", "f.jinja",
                                                         "g.jinja")]
    messages = [f["message"] for f in document["findings"]]
    assert "more than 200,000 characters" in messages[0] and "unsafe" in messages[1]
    assert "repetition past 200,000 characters" in messages[2]
    assert "more than 2,000,000 steps" in messages[3]
    assert "an argument past 200,000 (the output bound)" in messages[4]
    assert "a format width past the render bounds" in messages[5] == messages[6]


def test_render_explains_that_a_chat_template_is_not_a_prompt(tmp_path):
    root = write_project(tmp_path / "p", {"models/llama.jinja": LLAMA_32})
    proc = run_cli("render", "models/llama.jinja", cwd=root)
    assert proc.returncode == 2
    assert "'models/llama.jinja' is a model's chat template, not a prompt" in proc.stderr
    assert "models/llama.jinja:3: PFX030" in proc.stderr


def test_a_large_tokenizer_config_is_read(tmp_path):
    """tokenizer_config.json lists every added token and often passes 1 MiB."""
    config = {"added_tokens_decoder": {str(i): {"content": f"<|reserved_{i}|>", "special": True}
                                       for i in range(30_000)},
              "chat_template": MISTRAL_TOOLS}
    found, _ = _findings(tmp_path, {"model/tokenizer_config.json": json.dumps(config)})
    assert found == [("PFX031", "model/tokenizer_config.json", 1, 1)]


# A template that ends a conversation with the end-of-sequence token when it does not prompt
# for an answer (as training data is written), and one that opens the answer with `<think>`
# but drops the reasoning from answers in history (R1-distill style).
EOS_WHEN_DONE = """{%- for message in messages -%}
{{- '<|' + message['role'] + '|>' + message['content'] + '<|end|>' -}}
{%- endfor -%}
{%- if add_generation_prompt -%}{{- '<|assistant|>' -}}{%- else -%}{{- eos_token -}}{%- endif -%}
"""

THINK_STRIPPED = """{{- bos_token -}}
{%- for message in messages -%}
{%- if message['role'] == 'assistant' -%}
{%- set content = message['content'].split('</think>')[-1] -%}
{{- '<|Assistant|>' + content + '<|eos|>' -}}
{%- else -%}{{- '<|' + message['role'] + '|>' + message['content'] -}}{%- endif -%}
{%- endfor -%}
{%- if add_generation_prompt -%}{{- '<|Assistant|><think>\\n' -}}{%- endif -%}
"""


def test_an_end_of_sequence_token_after_a_finished_conversation_is_not_a_break(tmp_path):
    found, _ = _findings(tmp_path, {"models/phi.jinja": EOS_WHEN_DONE})
    assert found == []


def test_a_generation_prompt_that_history_does_not_keep_is_a_break(tmp_path):
    found, document = _findings(tmp_path, {"models/r1.jinja": THINK_STRIPPED})
    assert found == [("PFX032", "models/r1.jinja", 8, 51)]  # at the `<think>` it opens
    assert document["findings"][0]["gain_tokens"] > 0


# gpt-oss style: the reasoning effort is part of a header written before the instructions.
EFFORT_HEADER = """{{- "<|start|>system<|message|>You are a helpful model.\\n" }}
{{- "Reasoning: " + (reasoning_effort | default("medium")) + "<|end|>" }}
{%- for message in messages %}
    {%- if message.role == "system" %}
        {{- "<|start|>developer<|message|># Instructions\\n\\n" + message.content + "<|end|>" }}
    {%- else %}
        {{- "<|start|>" + message.role + "<|message|>" + message.content + "<|end|>" }}
    {%- endif %}
{%- endfor %}
{%- if add_generation_prompt %}<|start|>assistant{% endif %}
"""
# Qwen 3 style: the thinking switch only changes the generation prompt, at the very end.
THINKING_AT_END = CHATML.replace("{%- if add_generation_prompt %}", """{%- if add_generation_prompt %}
    {%- if enable_thinking is defined and enable_thinking is false %}
        {{- '<|im_start|>assistant\\n<think>\\n\\n</think>\\n\\n' }}
    {%- endif %}""")


def test_a_mode_before_the_system_prompt_is_pfx030_and_one_at_the_end_is_not(tmp_path):
    assert "enable_thinking" in THINKING_AT_END
    found, document = _findings(tmp_path, {"models/effort.jinja": EFFORT_HEADER,
                                           "models/qwen3.jinja": THINKING_AT_END})
    assert found == [("PFX030", "models/effort.jinja", 2, 22)]
    [finding] = document["findings"]
    assert "mode `reasoning_effort` before the system prompt" in finding["message"]
    assert finding["gain_tokens"] > 50


# Every system message gathered at the top, wherever the conversation sent it.
HOISTED_SYSTEM = """{%- set system = messages | selectattr('role', 'equalto', 'system') | map(attribute='content') | join('\\n') %}
{{- '<|system|>' + system + '<|end|>' }}
{%- for message in messages if message.role != 'system' %}
    {{- '<|' + message.role + '|>' + message.content + '<|end|>' }}
{%- endfor %}
{%- if add_generation_prompt %}{{ '<|assistant|>' }}{% endif %}
"""


def test_system_messages_hoisted_to_the_top_are_pfx032(tmp_path):
    found, document = _findings(tmp_path, {"models/hoisted.jinja": HOISTED_SYSTEM,
                                           "models/chatml.jinja": CHATML})
    assert found == [("PFX032", "models/hoisted.jinja", 1, 29)]
    assert "system message added in a later turn to the top" in \
        document["findings"][0]["message"]


# The generation prompt ends with a blank line; an answer in history is written after one
# newline: the two differ in the generation prompt's last token only.
GENERATION_NEWLINES = """{%- for message in messages %}
{{- '<|' + message.role + '|>\\n' + message.content + '<|end|>' }}
{%- endfor %}
{%- if add_generation_prompt %}{{- '<|assistant|>\\n\\n' }}{%- endif %}
"""

# Reasoning rendered only for answers after the last question; earlier ones lose it.
REASONING_AFTER_LAST_QUESTION = """{%- set ns = namespace(last_user=0) %}
{%- for message in messages %}{%- if message.role == 'user' %}{%- set ns.last_user = loop.index0 %}{%- endif %}{%- endfor %}
{%- for message in messages %}
    {%- if message.role == 'assistant' %}
        {%- if loop.index0 > ns.last_user and message.reasoning_content %}
            {{- '<|assistant|><think>' + message.reasoning_content + '</think>' + message.content + '<|end|>' }}
        {%- else %}
            {{- '<|assistant|>' + message.content + '<|end|>' }}
        {%- endif %}
    {%- else %}
        {{- '<|' + message.role + '|>' + message.content + '<|end|>' }}
    {%- endif %}
{%- endfor %}
{%- if add_generation_prompt %}{{- '<|assistant|>' }}{%- endif %}
"""

# Reasoning dropped from every answer alike, the last one included: append-only.
REASONING_NEVER_KEPT = REASONING_AFTER_LAST_QUESTION.replace(
    "loop.index0 > ns.last_user and message.reasoning_content", "false")


def test_a_difference_in_the_generation_prompts_last_token_only_is_not_pfx032(tmp_path):
    found, _ = _findings(tmp_path, {"models/newlines.jinja": GENERATION_NEWLINES})
    assert found == []
    # The same template whose history drops a whole marker is still reported.
    found, _ = _findings(tmp_path, {"models/newlines.jinja": GENERATION_NEWLINES.replace(
        "'<|assistant|>\\n\\n'", "'<|assistant|>\\n<|answer|>'")})
    assert [code for code, *_ in found] == ["PFX032"]


def test_reasoning_kept_only_after_the_last_question_is_pfx032_at_the_branch(tmp_path):
    found, document = _findings(tmp_path, {
        "models/last_only.jinja": REASONING_AFTER_LAST_QUESTION,
        "models/never.jinja": REASONING_NEVER_KEPT})
    assert found == [("PFX032", "models/last_only.jinja", 5, 16)]  # `loop.index0 > ns.…`
    assert document["findings"][0]["gain_tokens"] > 10
