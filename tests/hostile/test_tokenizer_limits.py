"""A model tokenizer whose pre-tokenizer pattern passes its regex engine's limits on one
prompt's text (issue 22): the native code panics; that prompt gets a PFX900 that says so, the
other prompts are measured, and no backtrace reaches the terminal."""

from __future__ import annotations

import json

from conftest import run_cli, write_project


def test_a_tokenizer_panic_is_that_prompts_finding(tmp_path):
    from tokenizers import Regex, Tokenizer, models, pre_tokenizers

    model = Tokenizer(models.WordLevel({"a": 0, "[UNK]": 1}, unk_token="[UNK]"))
    model.pre_tokenizer = pre_tokenizers.Split(Regex(r"(a|aa)+$"), behavior="isolated")
    root = write_project(tmp_path / "p", {
        "prompts/runaway.j2": "a" * 5000 + "b {{ question }}\n",
        "prompts/plain.j2": "Hello {{ user.name }}, " + "the rules follow. " * 20 + "\n",
    }, 'tokenizer = "hf:model/tokenizer.json"\n')
    (root / "model").mkdir()
    model.save(str(root / "model" / "tokenizer.json"))
    done = run_cli("check", ".", "--output-format", "json", "--no-cache", cwd=root,
                   env={"RUST_BACKTRACE": "1"})
    assert done.returncode == 1
    document = json.loads(done.stdout)
    assert [p["id"] for p in document["prompts"]] == ["prompts/plain.j2"]  # still measured
    [finding] = document["findings"]
    assert (finding["code"], finding["path"], finding["line"]) == \
        ("PFX900", "prompts/runaway.j2", 1)
    assert finding["message"].startswith("the tokenizer hf:")
    assert finding["message"].endswith("cannot encode this prompt: its native code stopped "
                                       "(Onig: Regex search error: retry-limit-in-match over)")
    assert "panicked" not in done.stderr and "backtrace" not in done.stderr
