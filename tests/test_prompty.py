"""Prompty files (issue 10, item 6): front matter read as data and never counted, the body split
into messages at role lines, declared inputs as per-call values."""

from __future__ import annotations

import json

import tiktoken

from conftest import run_cli, write_project
from prefixlint import api

POLICY = (
    "Only answer from the product documentation; if the answer is not there, say so and "
    "suggest that the customer contacts support. Never recommend a product that is not in the "
    "documentation, and never quote a price that the documentation does not give.")

FRONT = """---
name: Outdoor chat
description: Answers product questions.
model:
  api: {api}
  configuration:
    type: azure_openai
    azure_deployment: gpt-4o
  parameters:
    max_tokens: 800
    temperature: 0.2
inputs:
  documentation:
    type: object
  question:
    type: string
    sample: Which tent is warmest?
sample:
  question: Which tent is warmest?
---
"""

BODY = f"""system:
You are the product assistant of an outdoor retailer.
{POLICY}

# User
Address the customer politely.

# Documentation
{{% for item in documentation %}}
{{{{ item.title }}}}: {{{{ item.content }}}}
{{% endfor %}}

user:
{{{{ question }}}}
"""


def _project(tmp_path, api_kind="chat", body=BODY):
    return write_project(tmp_path / "p", {"chat.prompty": FRONT.format(api=api_kind) + body})


def test_front_matter_is_never_counted_and_role_lines_are_message_headers(tmp_path):
    root = _project(tmp_path)
    [measured] = api.check([], api.load_config(root), cwd=root).measurements
    encoding = tiktoken.get_encoding("o200k_base")
    constant_start = ("<|system|>\nYou are the product assistant of an outdoor retailer.\n"
                      f"{POLICY}\n\n# User\nAddress the customer politely.\n\n# Documentation\n")
    assert measured.prefix_tokens["global"] == len(encoding.encode(constant_start))
    text = measured.prompt.renderer.render(_sampler(measured))
    assert "azure_deployment" not in text and "system:" not in text
    assert text.count("<|user|>\n") == 1  # `# User`, a heading, is text


def _sampler(measured):
    from prefixlint.render import Sampler, plans

    return Sampler(plans("global", lambda path: measured.prompt.holes[0].scope)[0])


def test_the_manifest_sends_the_messages_prompty_sends(tmp_path):
    root = _project(tmp_path)
    proc = run_cli("prewarm", "--min-tokens", "16", cwd=root)
    [entry] = json.loads(proc.stdout)["entries"]
    messages = entry["requests"]["openai_chat"]["messages"]
    assert [m["role"] for m in messages] == ["system"]
    assert messages[0]["content"].startswith("You are the product assistant")
    assert "system:" not in messages[0]["content"]


def test_a_completion_prompty_keeps_its_text_whole(tmp_path):
    root = _project(tmp_path, "completion")
    [measured] = api.check([], api.load_config(root), cwd=root).measurements
    text = measured.prompt.renderer.render(_sampler(measured))
    assert text.startswith("system:\nYou are the product assistant")


def test_declared_inputs_are_request_values_and_the_finding_says_so(tmp_path):
    body = BODY.replace("system:\n", "system:\nCatalog notes: {{ catalog_notes }}\n"
                                     "Docs: {{ documentation | length }}\n")
    root = _project(tmp_path, body=body)
    proc = run_cli("check", ".", "--output-format", "json", cwd=root)
    findings = [(f["code"], f["line"], f["expr"], f["scope_source"])
                for f in json.loads(proc.stdout)["findings"]]
    assert findings == [("PFX005", 22, "catalog_notes", "default"),
                        ("PFX001", 23, "documentation | length", "declaration")]
    root = _project(tmp_path, body=body.replace("Catalog notes: {{ catalog_notes }}\n", ""))
    proc = run_cli("check", ".", "--output-format", "json", cwd=root)  # text output is brief
    assert "request value 'documentation | length' (scope set in the prompty inputs)" \
        in proc.stdout


def test_front_matter_that_is_not_yaml_is_reported_at_its_line(tmp_path):
    root = write_project(tmp_path / "p", {"bad.prompty": "---\nname: x\ninputs: [a, b\n---\n"
                                                          "system:\nHello\n",
                                          "good.j2": "You are helpful. " + POLICY})
    proc = run_cli("check", ".", "--output-format", "json", cwd=root)
    document = json.loads(proc.stdout)
    [error] = document["findings"]
    assert (error["code"], error["path"], error["line"]) == ("PFX900", "bad.prompty", 4)
    assert error["message"].startswith("front matter is not valid YAML")
    assert [p["id"] for p in document["prompts"]] == ["good.j2"]


def test_front_matter_that_yaml_cannot_build_is_its_files_finding(tmp_path):
    """Nesting thousands deep, an integer of 100,000 digits, a date that does not exist:
    each is that file's PFX900 saying why, not an internal error; the good file is measured."""
    body = "\n---\nsystem:\nYou help {{name}} with the library's catalogue.\n"
    root = write_project(tmp_path / "p", {
        "deep.prompty": "---\nname: x\nsample: " + "[" * 5000 + "]" * 5000 + body,
        "bigint.prompty": "---\nname: x\nmodel:\n  parameters:\n    max_tokens: "
                          + "9" * 100_000 + body,
        "date.prompty": "---\nname: x\ncreated: 2024-13-45" + body,
        "good.prompty": "---\nname: x" + body})
    result = api.check([], api.load_config(root), cwd=root)
    found = {f.span.path: f.message for f in result.findings if f.code == "PFX900"}
    assert sorted(found) == ["bigint.prompty", "date.prompty", "deep.prompty"]
    assert found["deep.prompty"] == "front matter nests too deeply to read"
    assert found["bigint.prompty"].startswith("front matter holds a value YAML cannot make: "
                                              "Exceeds the limit")  # Python's own words
    assert found["date.prompty"] == ("front matter holds a value YAML cannot make: month must "
                                     "be in 1..12")
    assert [m.prompt.id for m in result.measurements] == ["good.prompty"]
