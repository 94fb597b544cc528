"""Progress on stderr for long runs on a terminal, never in machine formats or when piped."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
import time

from conftest import REPO, run_cli, write_project


def many(tmp_path):
    return write_project(tmp_path / "p", {f"prompts/p{i:02d}.j2": f"Prompt {i}. " * 30
                                          for i in range(25)})


def run_on_a_terminal(root, *args) -> str:
    leader, follower = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    process = subprocess.Popen([sys.executable, "-m", "prefixlint", *args], cwd=root, env=env,
                               stdout=subprocess.PIPE, stderr=follower)
    os.close(follower)
    chunks = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            data = os.read(leader, 4096)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    process.wait(timeout=60)
    os.close(leader)
    return b"".join(chunks).decode("utf-8", "replace")


def test_progress_shows_on_a_terminal(tmp_path):
    root = many(tmp_path)
    shown = run_on_a_terminal(root, "check")
    assert "prefixlint: analyzing 25/25 files" in shown


def test_no_progress_for_machine_formats_or_pipes(tmp_path):
    root = many(tmp_path)
    assert "analyzing" not in run_on_a_terminal(root, "check", "--output-format", "json")
    piped = run_cli("check", cwd=root)
    assert piped.stderr == "" and piped.returncode == 0
