"""The Python phase on several processes (issue 23, item 4): each worker parses and
interprets a share of the modules, and the prompts, findings and order are those of one
process, clients defined in another worker's modules, clients of clients and wrappers
nothing calls included."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import REPO, write_project
from prefixlint import api, python_phase, python_workers, workers

pytestmark = pytest.mark.skipif(not workers.can_fork(), reason="workers need fork")

POLICY = ("Follow the support policy of Northwind Cloud on every answer and never invent "
          "facts about orders, invoices, refunds or outages. " * 4)

LLM = '''from openai import OpenAI

client = OpenAI()


def ask(system, question):
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": system}, {"role": "user", "content": question}])


def send(messages):
    return client.chat.completions.create(model="gpt-4.1", messages=messages)


def summarize(system):
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": system}])
'''

AGENT = '''import datetime

from llm import ask, send
from policy import POLICY


def support_{i}(user, question):
    return ask(f"{{POLICY}}\\nCase {i}. You help {{user.name}}.", question)


def review_{i}(question):
    today = datetime.date.today().isoformat()
    messages = [{{"role": "system", "content": POLICY + " Review {i}, " + today}},
                {{"role": "user", "content": question}}]
    return send(messages)
'''

CALLER = '''from agents.a{i:02d} import support_{i}


def handle(request):
    return support_{i}(request.user, request.text)
'''

LONE = '''from policy import POLICY

NOTES = [{"role": "system", "content": POLICY + " Notes."},
         {"role": "user", "content": "{question}"}]
'''


def _project(tmp_path: Path, agents: int = 30) -> Path:
    files = {"llm.py": LLM, "policy.py": f"POLICY = {POLICY!r}\n", "lone.py": LONE,
             "agents/__init__.py": ""}
    for i in range(agents):
        files[f"agents/a{i:02d}.py"] = AGENT.format(i=i)
        files[f"callers/c{i:02d}.py"] = CALLER.format(i=i)
    return write_project(tmp_path / "project", files)


def _seen(result: api.Result) -> tuple:
    return (result.findings, [(m.prompt.id, m.prompt.sink, m.prefix_tokens, m.tokens_total)
                              for m in result.measurements])


@pytest.fixture
def split_used(monkeypatch):
    """Two workers on any machine, for any number of files; records each split's result."""
    used: list[bool] = []
    real = python_workers.split_prompts

    def recorded(*args, **kwargs):
        found = real(*args, **kwargs)
        used.append(found is not None)
        return found

    monkeypatch.setattr(workers, "cores", lambda: 2)
    monkeypatch.setattr(python_phase, "MIN_PARSED_FILES", 0)
    monkeypatch.setattr(python_workers, "split_prompts", recorded)
    return used


def test_clients_in_other_workers_modules_give_the_same_prompts(tmp_path, split_used):
    root = _project(tmp_path)
    serial = api.check([], api.load_config(root, jobs=1), cwd=root)
    assert split_used == []
    split = api.check([], api.load_config(root, jobs=2), cwd=root)
    assert split_used == [True]
    assert _seen(split) == _seen(serial)
    ids = [m.prompt.id for m in serial.measurements]
    # a caller's call through two clients, a list sent by a client, the client nothing
    # calls, and the list nothing sends
    assert "callers/c07.py:5" in ids and "agents/a07.py:15" in ids
    assert "llm.py:16" in ids and "lone.py:3" in ids


def test_repositories_of_fixtures_give_the_same_bytes_split(split_used, monkeypatch):
    """Every fixture and the flow suite, split whatever their size, as one process."""
    monkeypatch.setattr(python_phase, "CONTEXT_MODULES", -1)  # split even a few files
    roots = [REPO / "fixtures" / name for name in ("agent", "rag", "supportbot",
                                                   "prompt_library", "prompty_app")]
    roots += [REPO / "tests" / "flow", REPO / "tests" / "python"]
    for root in roots:
        serial = api.check([], api.load_config(root, jobs=1), cwd=root)
        split = api.check([], api.load_config(root, jobs=2), cwd=root)
        assert _seen(split) == _seen(serial), root.name
    assert split_used and all(split_used)


def test_shares_are_fixed_by_size_and_order():
    assert python_workers.shares([5, 1, 9, 3, 3], 2) == [[2, 4], [0, 1, 3]]
    assert python_workers.shares([1, 1, 1, 1], 2) == [[0, 2], [1, 3]]
    assert python_workers.shares([], 2) == [[], []]


def test_a_worker_that_fails_leaves_the_phase_to_one_process(tmp_path, split_used,
                                                              monkeypatch):
    root = _project(tmp_path, agents=4)
    monkeypatch.setattr(python_phase, "CONTEXT_MODULES", -1)
    serial = api.check([], api.load_config(root, jobs=1), cwd=root)

    def failing(*args, **kwargs):
        raise RuntimeError("a worker that cannot finish its share")

    monkeypatch.setattr(python_workers, "_serve", failing)
    split = api.check([], api.load_config(root, jobs=2), cwd=root)
    assert split_used == [False]
    assert _seen(split) == _seen(serial)


def _measuring_pids(monkeypatch, tmp_path: Path) -> Path:
    """Each process that measures a prompt appends `pid id` to the file returned."""
    import os

    from prefixlint import analysis

    log = tmp_path / "measured.log"
    real = analysis.measure

    def recorded(prompt, *args, **kwargs):
        with log.open("a") as out:
            out.write(f"{os.getpid()} {prompt.id}\n")
        return real(prompt, *args, **kwargs)

    monkeypatch.setattr(analysis, "measure", recorded)
    return log


def test_workers_measure_the_prompts_they_built(tmp_path, split_used, monkeypatch):
    """The Python phase's workers measure the prompts they built (no second fork, nothing
    measured again in the parent), with the measurements and findings of one process."""
    import os

    from prefixlint import analysis

    root = _project(tmp_path)
    serial = api.check([], api.load_config(root, jobs=1), cwd=root)
    log = _measuring_pids(monkeypatch, tmp_path)
    built = tmp_path / "built.log"
    real_own = python_workers.own_prompts

    def own(python, name):
        with built.open("a") as out:
            out.write(f"{os.getpid()}\n")
        return real_own(python, name)

    monkeypatch.setattr(python_workers, "own_prompts", own)
    ruled = tmp_path / "ruled.log"
    real_rules = analysis._rule_findings

    def rule_findings(*args, **kwargs):
        with ruled.open("a") as out:
            out.write(f"{os.getpid()}\n")
        return real_rules(*args, **kwargs)

    monkeypatch.setattr(analysis, "_rule_findings", rule_findings)
    split = api.check([], api.load_config(root, jobs=2), cwd=root)
    assert split_used == [True]
    assert _seen(split) == _seen(serial)
    lines = [line.split(" ", 1) for line in log.read_text().splitlines()]
    pids = {pid for pid, _ in lines}
    assert pids == set(built.read_text().split()) and len(pids) == 2
    assert str(os.getpid()) not in pids
    # the rules too run where the prompt was measured
    assert set(ruled.read_text().split()) == pids
    assert sorted(prompt for _, prompt in lines) == sorted(
        m.prompt.id for m in serial.measurements)


def test_a_worker_that_fails_to_measure_leaves_it_to_the_parent(tmp_path, split_used,
                                                                monkeypatch):
    """A worker that cannot measure its prompts costs nothing: the parent measures them
    (as it measures the prompts no worker built), and the output is one process's."""
    root = _project(tmp_path, agents=4)
    monkeypatch.setattr(python_phase, "CONTEXT_MODULES", -1)
    serial = api.check([], api.load_config(root, jobs=1), cwd=root)
    log = _measuring_pids(monkeypatch, tmp_path)

    def failing(*args, **kwargs):
        with log.open("a") as out:
            out.write("failed -\n")
        raise RuntimeError("a worker that cannot measure")

    monkeypatch.setattr(python_workers, "measure_built", failing)
    split = api.check([], api.load_config(root, jobs=2), cwd=root)
    assert split_used == [True]
    assert _seen(split) == _seen(serial)
    lines = [line.split(" ", 1) for line in log.read_text().splitlines()]
    assert [prompt for pid, prompt in lines if pid == "failed"] == ["-", "-"]
    assert sorted(prompt for pid, prompt in lines if pid != "failed") == sorted(
        m.prompt.id for m in serial.measurements)


RENDERS = '''from jinja2 import Environment, FileSystemLoader
from openai import OpenAI

env = Environment(loader=FileSystemLoader("templates"))
client = OpenAI()


def answer_{i}(user, question):
    system = env.get_template("t{i:02d}.j2").render(user=user, today="2026-12-01")
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {{"role": "system", "content": system}}, {{"role": "user", "content": question}}])
'''

TEMPLATE = POLICY + "\nCase {i}. You help {{{{ user.name }}}} on {{{{ today }}}}.\n"


def test_the_parent_measures_what_no_worker_may_while_they_measure(tmp_path, split_used,
                                                                  monkeypatch):
    """In a run of Python files alone, the prompts that render a template file (which no
    worker of the phase may measure) are measured by the parent during the phase, once it
    has loaded the workers' templates, not on a second set of forked workers after it; the
    output is one process's."""
    import os

    count = workers.MIN_PROMPTS + 6  # enough for a second fork, fewer than a worker has
    files = {f"templates/t{i:02d}.j2": TEMPLATE.format(i=i) for i in range(count)}
    files.update({f"app/r{i:02d}.py": RENDERS.format(i=i) for i in range(count)})
    root = _project(tmp_path)
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    for name in ("llm.py", "policy.py", "lone.py", "agents", "callers"):
        (root / name).rename(root / "app" / name)
    serial = api.check(["app"], api.load_config(root, jobs=1), cwd=root)
    log = _measuring_pids(monkeypatch, tmp_path)
    split = api.check(["app"], api.load_config(root, jobs=2), cwd=root)
    assert split_used == [True]
    assert _seen(split) == _seen(serial)
    rendered = {m.prompt.id for m in serial.measurements if m.prompt.id.startswith("app/r")}
    assert len(rendered) == count
    by_pid: dict[str, set[str]] = {}
    for pid, prompt in (line.split(" ", 1) for line in log.read_text().splitlines()):
        by_pid.setdefault(pid, set()).add(prompt)
    assert by_pid.pop(str(os.getpid()), set()) == rendered  # the parent: those, only those
    assert len(by_pid) == 2  # the phase's two workers: no other process measured



def test_a_worker_keeps_text_that_fills_a_constant_for_the_parent():
    """A worker drops the prompt text its own prompts send, but not text that fills a
    constant by keyword (`MOVE_REVIEW.format(move=...)`): the parent leaves that constant to
    it, as one process does. Dropping it made a repository of a chess coach measure the
    constant on its own with two workers and not with one."""
    from prefixlint.frontends.python.prompt_text import Candidate
    from prefixlint.ir import Block, Hole, Prompt, Scope, Span, Text

    hole = Hole("value", "move.san", Span("coach/llm.py", 31, 14, 31, 22), ("move.san",),
                Scope.REQUEST)

    def prompt(path: str, line: int) -> Prompt:
        return Prompt(f"{path}:{line}", path, line, "python",
                      (Block("user", (Text("You are a chess coach. Explain "), hole)),),
                      (hole,), None)

    filling = Candidate(prompt("coach/llm.py", 30), Span("coach/llm.py", 30, 14, 36, 6),
                        fills=Span("coach/llm.py", 5, 1, 22, 10))
    formatted = Candidate(prompt("coach/llm.py", 31), Span("coach/llm.py", 31, 5, 31, 40))
    kept = python_workers._unsent_texts([(prompt("coach/cli.py", 10), [])], [], {}, {},
                                        {"coach/llm.py": [filling, formatted]})
    assert kept == {"coach/llm.py": [filling]}
