"""The pre-commit hook, driven the way a user tries it: `pre-commit try-repo` in a new repo."""

from __future__ import annotations

import os
import subprocess
import sys

from conftest import REPO, write_project

POLICY = "Follow the support policy exactly and verify the account owner first. " * 8


def test_manifest_is_valid():
    proc = subprocess.run([sys.executable, "-m", "pre_commit", "validate-manifest",
                           str(REPO / ".pre-commit-hooks.yaml")], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def _committed(root, env):
    """Make `root` a git repository with one commit; return its `git(*args)`."""
    def git(*args):
        subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, env=env)

    git("init", "-q", "-b", "main")
    git("config", "user.email", "dev@example.com")
    git("config", "user.name", "Dev")
    git("add", "-A")
    git("commit", "-q", "-m", "prompts")
    return git


def test_hook_fails_on_a_breaking_template_and_passes_on_the_fixed_one(tmp_path):
    root = write_project(tmp_path / "work", {
        "prompts/helpdesk.j2": f"You are Nimbus.\nYou are speaking with {{{{ user.name }}}}.\n{POLICY}\n",
        "app/notes.py": "NOTE = 'not a prompt'\n"})
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home")}
    git = _committed(root, env)

    def try_repo():
        return subprocess.run([sys.executable, "-m", "pre_commit", "try-repo", str(REPO),
                               "prefixlint", "--all-files"], cwd=root, env=env,
                              capture_output=True, text=True, timeout=600)

    failing = try_repo()
    assert failing.returncode == 1, failing.stdout + failing.stderr
    assert "prompts/helpdesk.j2:2:23: PFX002 user value 'user.name'" in failing.stdout

    (root / "prompts/helpdesk.j2").write_text(
        f"You are Nimbus.\n{POLICY}\nYou are speaking with {{{{ user.name }}}}.\n")
    git("commit", "-qam", "move the name down")
    passing = try_repo()
    assert passing.returncode == 0, passing.stdout + passing.stderr
    assert "prefixlint" in passing.stdout and "Passed" in passing.stdout


def test_a_commit_that_changes_only_a_markdown_prompt_runs_the_hook(tmp_path):
    """The hook's files cover prompt files that code reads; given only the staged `.md`, the
    check reports it through the Python prompt that reads and formats it."""
    root = write_project(tmp_path / "work", {
        "prompts/system.md": f"{POLICY}\nYou are speaking with {{name}}.\n",
        "app/bot.py": (
            "from pathlib import Path\n\nfrom openai import OpenAI\n\nclient = OpenAI()\n"
            "PROMPTS = Path(__file__).parent.parent / 'prompts'\n\n\n"
            "def answer(user, question):\n"
            "    system = (PROMPTS / 'system.md').read_text().format(name=user.name)\n"
            "    return client.chat.completions.create(model='gpt-4.1', messages=[\n"
            "        {'role': 'system', 'content': system}, {'role': 'user', 'content': question}])\n")})
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home")}
    git = _committed(root, env)
    (root / "prompts/system.md").write_text(f"You are speaking with {{name}}.\n{POLICY}\n")
    git("add", "prompts/system.md")
    staged = subprocess.run([sys.executable, "-m", "pre_commit", "try-repo", str(REPO),
                             "prefixlint"], cwd=root, env=env, capture_output=True, text=True,
                            timeout=600)
    assert staged.returncode == 1, staged.stdout + staged.stderr
    assert "prompts/system.md:1:23: PFX002 user value '{name}'" in staged.stdout


def test_the_hook_runs_on_every_kind_of_file_a_check_reads():
    """A commit that changes only a `.jsonl` judge prompt, a `.template` or a `.mustache`
    file runs the hook as one that changes a `.py` does: the hook's `files` pattern covers
    every suffix the analysis reads."""
    import re

    import yaml

    from prefixlint import file_kinds

    [hook] = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())
    pattern = re.compile(hook["files"])
    suffixes = (".py", *file_kinds.TEMPLATE_SUFFIXES, *file_kinds.PROMPT_FILE_SUFFIXES,
                *file_kinds.CONFIG_SUFFIXES, *file_kinds.TEXT_SUFFIXES)
    assert [s for s in suffixes if not pattern.search(f"prompts/judge{s}")] == []
