"""Measuring on several processes (issue 11, item 5): the same bytes as a serial run, and a
worker that dies costs only the prompts it had not finished."""

from __future__ import annotations

import os
import signal

import pytest

from conftest import REPO, run_cli, write_project
from prefixlint import analysis, api, workers

POLICY = ("Follow the support policy of Northwind Cloud on every answer and never invent "
          "facts about orders, invoices, refunds or outages. " * 6)

pytestmark = pytest.mark.skipif(not workers.can_fork(), reason="workers need fork")


def _project(tmp_path, count=30):
    files = {f"prompts/p{i:02d}.j2": f"Hello {{{{ user.name }}}}, case {i}.\n{POLICY}\n"
             for i in range(count)}
    return write_project(tmp_path / "p", files)


def test_output_is_byte_identical_whatever_the_number_of_workers(tmp_path):
    folders = [REPO / "tests" / name for name in ("templates", "python", "flow")] + \
        [REPO / "fixtures" / "prompt_library", _project(tmp_path)]
    for folder in folders:
        outputs = {(jobs, seed): run_cli("check", "--exit-zero", "--output-format", "json",
                                         "-j", jobs, "--no-cache", cwd=folder,
                                         env={"PYTHONHASHSEED": seed}).stdout
                   for jobs, seed in (("1", "0"), ("2", "0"), ("2", "12345"), ("3", "12345"))}
        assert len(set(outputs.values())) == 1
        serial = outputs[("1", "0")]
        assert '"prompts": [' in serial and "could not measure" not in serial


def test_a_worker_that_dies_costs_only_its_unfinished_prompts(tmp_path, monkeypatch):
    root = _project(tmp_path)
    parent = os.getpid()
    real_measure = analysis.measure

    def dying(prompt, *args, **kwargs):
        if os.getpid() != parent and prompt.id == "prompts/p07.j2":
            os.kill(os.getpid(), signal.SIGKILL)
        return real_measure(prompt, *args, **kwargs)

    monkeypatch.setattr(analysis, "measure", dying)
    monkeypatch.setattr(workers, "cores", lambda: 2)  # two workers on any machine
    config = api.load_config(root, jobs=2)
    result = api.check([], config, cwd=root)
    errors = [f for f in result.findings if f.code == "PFX900"]
    # the worker with the odd prompts died at p07: p07 and the odd ones after it are lost
    assert [f.prompt for f in errors] == [f"prompts/p{i:02d}.j2" for i in range(7, 30, 2)]
    assert errors[0].message == ("prefixlint could not measure this prompt: the worker "
                                 "measuring it was stopped by signal 9")
    measured = sorted(m.prompt.id for m in result.measurements)
    assert len(measured) == 30 - len(errors) and "prompts/p06.j2" in measured


def test_jobs_must_be_a_positive_number(tmp_path):
    root = _project(tmp_path, 1)
    assert run_cli("check", "-j", "0", cwd=root).returncode == 2
    (root / "prefixlint.toml").write_text("jobs = 0\n")
    proc = run_cli("check", cwd=root)
    assert proc.returncode == 2 and "`jobs` must be a whole number of at least 1" in proc.stderr


def test_jobs_are_capped_at_the_cores_this_process_may_use(tmp_path, monkeypatch):
    """`--jobs 64` on one core measures in this process: no worker is forked for nothing."""
    root = _project(tmp_path)
    pids = set()
    real_measure = analysis.measure

    def recording(prompt, *args, **kwargs):
        pids.add(os.getpid())
        return real_measure(prompt, *args, **kwargs)

    monkeypatch.setattr(analysis, "measure", recording)
    monkeypatch.setattr(workers, "cores", lambda: 1)
    result = api.check([], api.load_config(root, jobs=64), cwd=root)
    assert pids == {os.getpid()} and len(result.measurements) == 30
