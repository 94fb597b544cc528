"""A model's own tokenizer (issue 12, item 4): `--tokenizer hf:PATH` loads a tokenizer.json
offline through the `tokenizers` library, and every count is the library's own."""

from __future__ import annotations

import json

import pytest

from conftest import run_cli, write_project
from prefixlint import api
from prefixlint.render import Sampler, plans

tokenizers = pytest.importorskip("tokenizers")

POLICY = ("Follow the support policy of Northwind Cloud on every answer and never invent "
          "facts about orders, invoices, refunds or outages.\n") * 8


def _train(folder):
    """A small byte-level BPE tokenizer, trained here on prompt-like text (no download)."""
    from tokenizers import Tokenizer, models, pre_tokenizers, decoders, trainers

    model = Tokenizer(models.BPE())
    model.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    model.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=600, special_tokens=["<|im_start|>", "<|im_end|>"],
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    model.train_from_iterator([POLICY, "You are the support assistant. Hello, Alice!"] * 20,
                              trainer)
    folder.mkdir(parents=True)
    model.save(str(folder / "tokenizer.json"))
    return Tokenizer.from_file(str(folder / "tokenizer.json"))


def test_counts_are_the_model_tokenizers_own(tmp_path):
    model = _train(tmp_path / "models" / "tiny-chat")
    root = write_project(tmp_path / "p", {"prompts/a.j2": "Hello {{ user.name }}.\n" + POLICY},
                         f'tokenizer = "hf:{tmp_path / "models" / "tiny-chat"}"\n')
    result = api.check([], api.load_config(root), cwd=root)
    assert result.tokenizer.name == "hf:tiny-chat"
    [measured] = result.measurements
    texts = [measured.prompt.renderer.render(Sampler(plan))
             for plan in plans("global", result.scope_for(measured.prompt))]
    counts = [len(model.encode(t, add_special_tokens=False).ids) for t in texts]
    assert measured.tokens_total == round(sum(counts) / len(counts))  # the variants' mean
    text = texts[0]
    encoded = [model.encode(t, add_special_tokens=False).ids for t in texts]
    shared = next(i for i in range(len(encoded[0]))
                  if len({tuple(e[:i + 1]) for e in encoded}) > 1)
    assert measured.prefix_tokens["global"] == shared > 0
    assert result.tokenizer.prefix_text(text, 3) == model.decode(
        model.encode(text, add_special_tokens=False).ids[:3])


def test_the_cli_takes_a_folder_relative_to_where_it_runs(tmp_path):
    _train(tmp_path / "p" / "models" / "tiny")
    root = write_project(tmp_path / "p", {"prompts/a.j2": "Hello {{ user.name }}.\n" + POLICY})
    proc = run_cli("check", "--tokenizer", "hf:models/tiny", "--output-format", "json",
                   cwd=root)
    assert json.loads(proc.stdout)["tokenizer"] == "hf:tiny"
    missing = run_cli("check", "--tokenizer", "hf:models/none", cwd=root)
    assert missing.returncode == 2 and "no tokenizer.json at" in missing.stderr
    (root / "models" / "bad.json").write_text("{}")
    bad = run_cli("check", "--tokenizer", "hf:models/bad.json", cwd=root)
    assert bad.returncode == 2 and "is not a tokenizer.json" in bad.stderr
