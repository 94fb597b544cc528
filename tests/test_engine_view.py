"""Prompts measured as a self-hosted engine sees them (issue 12, item 3): with a chat
template configured, messages and tools go through it, and every count is that of the text
the engine tokenizes, checked against the template rendered by plain jinja2 and tokenized by
the `tokenizers` library here."""

from __future__ import annotations

import json

import jinja2
import pytest

from conftest import QuietHandler, run_cli, serve, write_project
from prefixlint import api
from prefixlint.render import Sampler, plans

tokenizers = pytest.importorskip("tokenizers")

POLICY = ("Follow the support policy of Northwind Cloud on every answer and never invent "
          "facts about orders, invoices, refunds or outages.")
CHATML = ("{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + "
          "message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}"
          "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}")
# Llama 3 style: contents trimmed, a header per message, the BOS token first.
LLAMA = ("{{ bos_token }}{% for message in messages %}{{ '<|start_header_id|>' + "
         "message['role'] + '<|end_header_id|>\\n\\n' + message['content'] | trim + "
         "'<|eot_id|>' }}{% endfor %}{% if add_generation_prompt %}"
         "{{ '<|start_header_id|>assistant<|end_header_id|>\\n\\n' }}{% endif %}")
APP = f'''from openai import OpenAI

client = OpenAI()
SYSTEM = """{POLICY}"""


def answer(question):
    return client.chat.completions.create(model="local", messages=[
        {{"role": "system", "content": SYSTEM}},
        {{"role": "user", "content": question}},
    ])
'''


def _tiny_model(folder):
    """A small byte-level BPE with the chat template's special tokens, trained here."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    model = Tokenizer(models.BPE())
    model.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    model.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=500, initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        special_tokens=["<|im_start|>", "<|im_end|>", "<|begin_of_text|>",
                        "<|start_header_id|>", "<|end_header_id|>", "<|eot_id|>"])
    model.train_from_iterator([POLICY, "You are the assistant. Hello, Alice!"] * 20, trainer)
    folder.mkdir(parents=True)
    model.save(str(folder / "tokenizer.json"))
    return Tokenizer.from_file(str(folder / "tokenizer.json"))


def _expected(template: str, messages_of, measured, result, model, bos: str = ""):
    """The prompt's variants built by hand, rendered by plain jinja2, tokenized by the
    library: (mean token count, common token prefix)."""
    env = jinja2.Environment()
    encoded = []
    for plan in plans("global", result.scope_for(measured.prompt)):
        sampler = Sampler(plan)
        text = env.from_string(template).render(messages=messages_of(sampler),
                                                add_generation_prompt=True, bos_token=bos)
        encoded.append(model.encode(text, add_special_tokens=False).ids)
    shared = next(i for i in range(len(encoded[0])) if len({tuple(e[:i + 1])
                                                            for e in encoded}) > 1)
    return round(sum(map(len, encoded)) / len(encoded)), shared


def test_a_python_prompt_counts_as_the_engine_renders_and_tokenizes_it(tmp_path):
    model = _tiny_model(tmp_path / "p" / "model")
    (tmp_path / "p" / "model" / "tokenizer_config.json").write_text(json.dumps(
        {"chat_template": CHATML, "bos_token": None, "eos_token": "<|im_end|>"}))
    root = write_project(tmp_path / "p", {"app.py": APP},
                         f'tokenizer = "hf:{tmp_path / "p" / "model"}"\n'
                         f'chat-template = "{tmp_path / "p" / "model" / "tokenizer_config.json"}"\n')
    result = api.check([], api.load_config(root), cwd=root)
    [measured] = result.measurements
    total, shared = _expected(CHATML, lambda s: [
        {"role": "system", "content": POLICY},
        {"role": "user", "content": str(s.value("question"))}], measured, result, model)
    assert measured.tokens_total == total
    assert measured.prefix_tokens["global"] == shared > 20
    assert [(f.code, f.span.line) for f in result.findings] == []  # question last: clean


def test_a_template_prompt_is_one_system_message_and_trimmed_contents_keep_positions(tmp_path):
    model = _tiny_model(tmp_path / "model")
    (tmp_path / "model" / "chat_template.jinja").write_text(LLAMA)
    (tmp_path / "model" / "tokenizer_config.json").write_text(json.dumps(
        {"bos_token": {"content": "<|begin_of_text|>"}}))
    prompt = "\n  " + POLICY + "\nYou are helping {{ user.name }} today.\n" + POLICY + "\n"
    root = write_project(tmp_path / "p", {"prompts/a.j2": prompt},
                         f'tokenizer = "hf:{tmp_path / "model"}"\n')
    proc = run_cli("check", "--chat-template", str(tmp_path / "model" / "chat_template.jinja"),
                   "--output-format", "json", "--no-cache", cwd=root)
    assert proc.returncode == 1, proc.stderr
    document = json.loads(proc.stdout)
    [finding] = document["findings"]
    assert (finding["code"], finding["line"], finding["column"]) == ("PFX002", 3, 17)
    result = api.check([], api.load_config(root, chat_template=str(
        tmp_path / "model" / "chat_template.jinja")), cwd=root)
    [measured] = result.measurements
    env = jinja2.Environment()
    total, shared = _expected(LLAMA, lambda s: [{"role": "system", "content": env.from_string(
        prompt).render(user=s.value("user"))}], measured, result, model,
        bos="<|begin_of_text|>")
    assert measured.tokens_total == total
    assert measured.prefix_tokens["global"] == shared
    assert document["prompts"][0]["prefix_tokens"]["global"] == shared


def test_the_templates_own_findings_join_the_report(tmp_path):
    dated = ("{{ bos_token }}{{ 'Today Date: ' + strftime_now('%d %b %Y') + '\\n' }}" + CHATML)
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "chat_template.jinja").write_text(dated)
    root = write_project(tmp_path / "p", {"app.py": APP})
    proc = run_cli("check", "--chat-template", "../engine/chat_template.jinja",
                   "--output-format", "concise", "--no-cache", cwd=root)
    assert proc.returncode == 0, proc.stdout + proc.stderr  # PFX030 is a warning
    assert proc.stdout.splitlines()[0].startswith(
        f"{(tmp_path / 'engine' / 'chat_template.jinja').resolve()}:1:36: PFX030 ")


@pytest.mark.parametrize("setting, message", [
    ('chat-template = "missing.jinja"', "cannot read chat template"),
    ('chat-template = "bad.jinja"', "chat template"),
    ('chat-template = "config.json"', "holds no chat_template"),
    ("chat-template = 3", "`chat-template` must be a path"),
])
def test_a_bad_chat_template_is_a_configuration_error(tmp_path, setting, message):
    root = write_project(tmp_path / "p", {"app.py": APP, "bad.jinja": "{% for x in %}",
                                          "config.json": '{"bos_token": "<s>"}'}, setting)
    proc = run_cli("check", cwd=root)
    assert proc.returncode == 2 and message in proc.stderr, proc.stderr


def test_prewarm_writes_the_text_the_engine_caches(tmp_path):
    model = _tiny_model(tmp_path / "p" / "model")
    (tmp_path / "p" / "model" / "chat_template.jinja").write_text(CHATML)
    root = write_project(tmp_path / "p", {"app.py": APP},
                         f'tokenizer = "hf:{tmp_path / "p" / "model"}"\n'
                         f'chat-template = "{tmp_path / "p" / "model" / "chat_template.jinja"}"\n')
    proc = run_cli("prewarm", "--min-tokens", "1", cwd=root)
    assert proc.returncode == 0, proc.stderr
    [entry] = json.loads(proc.stdout)["entries"]
    expected = (f"<|im_start|>system\n{POLICY}<|im_end|>\n<|im_start|>user\n")
    assert entry["text"] == expected
    assert entry["prefix_tokens"] == len(model.encode(expected, add_special_tokens=False).ids)
    assert entry["requests"]["engine_completions"] == {"prompt": expected, "max_tokens": 1}
    assert entry["requests"]["openai_chat"]["messages"] == [
        {"role": "system", "content": POLICY}]  # an engine applies its template to these


def test_warm_sends_the_engines_text_to_a_completions_endpoint(tmp_path):
    received: list[dict] = []

    class Recorder(QuietHandler):
        def do_POST(self):
            received.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
            payload = json.dumps({"usage": {"prompt_tokens": 40}}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

    server = serve(Recorder)
    try:
        root = write_project(tmp_path / "p", {"app.py": APP, "engine/chatml.jinja": CHATML},
                             'chat-template = "engine/chatml.jinja"\n')
        made = run_cli("prewarm", "--min-tokens", "1", "-o", "manifest.json", cwd=root)
        assert made.returncode == 0, made.stderr
        proc = run_cli("warm", "--manifest", "manifest.json", "--api", "completions",
                       "--endpoint", f"http://127.0.0.1:{server.server_address[1]}", cwd=root)
        assert proc.returncode == 0, proc.stdout + proc.stderr
    finally:
        server.shutdown()
    assert [body["prompt"] for body in received] == [
        f"<|im_start|>system\n{POLICY}<|im_end|>\n<|im_start|>user\n"]
