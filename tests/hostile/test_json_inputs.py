"""JSON the project ships or the user names, nested past any real file (issue 22): a clear
PFX900 for a tokenizer_config.json in the project, a clear configuration error for one named
as the chat template, a clear usage error for a warm manifest; never an internal error."""

from __future__ import annotations

from conftest import run_cli, write_project

DEEP = "[" * 50_000 + "]" * 50_000


def test_a_deep_tokenizer_config_in_the_project_is_that_files_finding(tmp_path):
    root = write_project(tmp_path / "p", {"tokenizer_config.json":
                                          '{"chat_template": ' + DEEP + "}"})
    done = run_cli("check", ".", "--output-format", "concise", cwd=root)
    assert done.returncode == 1, done.stderr
    assert done.stdout.startswith("tokenizer_config.json:1:1: PFX900 cannot read it: the JSON "
                                  "nests more than 100 levels deep")


def test_a_deep_tokenizer_config_named_as_the_chat_template_is_a_configuration_error(tmp_path):
    root = write_project(tmp_path / "p", {"engine/tokenizer_config.json":
                                          '{"chat_template": ' + DEEP + "}"})
    done = run_cli("check", ".", "--chat-template", "engine/tokenizer_config.json", cwd=root)
    assert done.returncode == 2
    assert "is not valid JSON: nests more than 100 levels deep" in done.stderr
    assert "internal error" not in done.stderr
