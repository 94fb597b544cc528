"""Time `prefixlint check` on the bundled fixtures: cold (a new process each run, as
pre-commit calls it) and warm (in one process, tokenizer and templates already loaded);
with `--repository`, on a synthetic repository written by `generate.py`, each figure of
benchmarks/RESULTS.md, printed as the rows of its table.

    python benchmarks/run.py [--runs 5] [PATH ...]
    python benchmarks/run.py --repository [--templates 1000 --python 300 --prompt-free 1000]
    python benchmarks/run.py --smoke          # tiny sizes: the suite runs this, untimed

Prints medians and peak memory. A script, not a test: timings vary by machine, and a timed
test would fail for reasons that are not bugs.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))


def _env() -> dict[str, str]:
    env = dict(os.environ)
    shared = REPO.parent / "shared" / "tiktoken-cache"
    if shared.is_dir():
        env.setdefault("TIKTOKEN_CACHE_DIR", str(shared))
    return env


def timed(args: list[str], cwd: Path) -> tuple[float, float]:
    """Wall seconds and peak memory (MiB) of one `python -m prefixlint ARGS` process."""
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "prefixlint", *args], cwd=cwd,
                               env=_env(), stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    error = process.stderr.read().decode() if process.stderr else ""
    if process.returncode not in (0, 1):
        raise SystemExit(f"prefixlint {' '.join(args)} failed ({process.returncode}): {error}")
    return seconds, usage.ru_maxrss / 1024


def repository(templates: int, python: int, prompt_free: int, runs: int) -> None:
    """Every figure of RESULTS.md's table on a freshly generated repository."""
    import tempfile

    from floor import floor
    from generate import generate

    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        generate(root, templates, python, prompt_free)
        cores = str(max(1, os.cpu_count() or 1))
        rows = []

        def best(args: list[str]) -> tuple[float, float]:
            results = [timed(args, root) for _ in range(runs)]
            return min(r[0] for r in results), max(r[1] for r in results)

        for label, args in (
                (f"{python:,} Python files that build prompts, --jobs 1",
                 ["check", "--no-cache", "-j", "1", "app"]),
                (f"the same, --jobs {cores}", ["check", "--no-cache", "-j", cores, "app"]),
                (f"{prompt_free:,} Python files without prompts", ["check", "--no-cache", "lib"]),
                (f"{templates:,} templates with an include, --jobs 1",
                 ["check", "--no-cache", "-j", "1", "templates"]),
                (f"the same, --jobs {cores}",
                 ["check", "--no-cache", "-j", cores, "templates"]),
                ("the whole repository, cold", ["check", "--no-cache", "."])):
            seconds, peak = best(args)
            rows.append((label, seconds, peak))
        timed(["check", "."], root)  # fills the result cache
        rows.append(("the whole repository, unchanged (result cache)",
                     *best(["check", "."])))
        one = "templates/t0001.j2" if templates > 1 else "app/m0000.py"
        rows.append((f"one file, cold ({one})", *best(["check", "--no-cache", one])))
        timed(["check", one], root)
        rows.append(("the same file, unchanged (pre-commit on a commit that did not touch it)",
                     *best(["check", one])))
        full = templates > 10  # not the smoke run
        size = ["--users", "5000", "--sessions-per-user", "3", "--turns", "7", "--rps", "200"] \
            if full else ["--users", "5", "--sessions-per-user", "1"]
        seconds, peak = timed(["simulate", str(REPO / "fixtures" / "chat_service"),
                               "--replicas", "8", *size], root)
        rows.append(("simulate: 105,000 requests over 8 replicas (fixtures/chat_service)"
                     if full else "simulate: a few requests", seconds, peak))
        if templates:
            seconds, count, _ = floor(root)
            rows.append((f"floor: {count:,} templates x 4 renders + 4 encodings, plain jinja2 "
                         "+ tiktoken in-process", seconds, float("nan")))
        print("| work | wall | peak memory |")
        print("| --- | --- | --- |")
        for label, seconds, peak in rows:
            memory = "-" if peak != peak else f"{peak:.0f} MiB"
            print(f"| {label} | {seconds:.2f} s | {memory} |")


def cold(paths: list[str], runs: int) -> tuple[list[float], int]:
    times = []
    env = dict(os.environ)
    env.setdefault("TIKTOKEN_CACHE_DIR", str(REPO.parent / "shared" / "tiktoken-cache"))
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "prefixlint", "check", "--exit-zero", *paths],
                       cwd=REPO, env=env, capture_output=True, check=True)
        times.append(time.perf_counter() - start)
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return times, peak_kib


def warm(paths: list[str], runs: int) -> tuple[list[float], int]:
    os.chdir(REPO)
    from prefixlint import api

    api.check(paths)  # loads the tokenizer and fills caches
    times = []
    prompts = 0
    for _ in range(runs):
        start = time.perf_counter()
        result = api.check(paths)
        times.append(time.perf_counter() - start)
        prompts = len(result.measurements)
    return times, prompts


def prompt_free(count: int, runs: int) -> tuple[float, float]:
    """Seconds for `check` on `count` Python files without prompts: cold CLI, and in-process."""
    import tempfile

    from prefixlint import api

    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "prefixlint.toml").write_text("")
        for i in range(count):
            (root / f"mod{i:04d}.py").write_text(
                f"import os\n\n\ndef f{i}(x):\n    return os.path.join(x, '{i}')\n" * 20)
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "prefixlint", "check"], cwd=root,
                           capture_output=True, check=True)
            times.append(time.perf_counter() - start)
        start = time.perf_counter()
        api.check([], api.load_config(root), cwd=root)
        return statistics.median(times), time.perf_counter() - start


_PROMPT_FUNCTION = """

def answer_{i}(user, question, history, docs):
    system = SYSTEM + "\\n" + RULES[{i} % len(RULES)]
    system = f"{{system}}\\nTeam: {{TEAMS[{i} % len(TEAMS)]}}"
    context = "\\n".join(f"- {{d.title}}: {{d.text}}" for d in docs)
    messages = [{{"role": "system", "content": system}}]
    messages += history
    messages.append({{"role": "user", "content": f"{{context}}\\n\\n{{question}}"}})
    return client.chat.completions.create(model="gpt-4.1", messages=messages)
"""


_TYPICAL_FUNCTION = """

{name}_PROMPT = \"\"\"You are the {name} step of the platform team's assistant.
""" + "".join(f"- Rule {{i}}.{n}: follow the runbook section for this case, cite it, and keep "
              f"the answer under 120 words unless asked for detail.\n" for n in range(60)) + \
    """\"\"\"


def run_{name}(user, question, history):
    system = {name}_PROMPT + f"\\nTeam: {{user.team}}"
    messages = [{{"role": "system", "content": system}}, *history,
                {{"role": "user", "content": question}}]
    return client.chat.completions.create(model="gpt-4.1", messages=messages)
"""


def prompt_module(lines: int, runs: int, dense: bool) -> tuple[float, float, int]:
    """Seconds for `check` on one module of about `lines` lines of prompt-building code (cold
    CLI and in-process), and the number of prompts found in it. Dense: a prompt built every
    10 lines; typical: long prompt constants, a prompt every 70 lines."""
    import tempfile

    from prefixlint import api

    head = ('from openai import OpenAI\n\nclient = OpenAI()\nSYSTEM = """' +
            "You are the assistant of the platform team. Answer from the runbooks.\n" * 20 +
            '"""\nRULES = ["Be brief.", "Cite sources.", "Ask when unsure."]\n'
            'TEAMS = ["payments", "search", "identity"]\n')
    body = []
    count = 0
    while (head + "".join(body)).count("\n") < lines:
        body.append(_PROMPT_FUNCTION.format(i=count) if dense else
                    _TYPICAL_FUNCTION.format(i=count, name=f"step{count}"))
        count += 1
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "prefixlint.toml").write_text("")
        (root / "prompts_module.py").write_text(head + "".join(body))
        env = dict(os.environ)
        env.setdefault("TIKTOKEN_CACHE_DIR", str(REPO.parent / "shared" / "tiktoken-cache"))
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "prefixlint", "check", "--exit-zero"],
                           cwd=root, capture_output=True, check=True, env=env)
            times.append(time.perf_counter() - start)
        start = time.perf_counter()
        result = api.check([], api.load_config(root), cwd=root)
        return statistics.median(times), time.perf_counter() - start, len(result.measurements)


def templates(count: int, jobs: tuple[str, ...]) -> list[tuple[str, float, float]]:
    """Seconds for `check` (a new process) on `count` generated Jinja templates of 500 to
    4,000 tokens that break in four common ways, once per `--jobs` value, and each run's
    peak memory (MiB)."""
    import tempfile

    from generate import generate

    out = []
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        generate(root, count, 0, 0)
        for value in jobs:
            seconds, peak = timed(["check", "--no-cache", "-j", value, "templates"], root)
            out.append((value, seconds, peak))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--prompt-free", type=int, default=500,
                        help="also time this many Python files without prompts")
    parser.add_argument("--prompt-module", type=int, default=2000,
                        help="also time one module of this many lines that builds prompts")
    parser.add_argument("--templates", type=int, default=0,
                        help="also time this many generated Jinja templates, serial and on "
                             "one worker per core")
    parser.add_argument("paths", nargs="*", default=["fixtures/supportbot", "fixtures/rag",
                                                     "fixtures/agent", "tests/templates",
                                                     "tests/python"])
    parser.add_argument("--repository", action="store_true",
                        help="time the figures of RESULTS.md on a generated repository")
    parser.add_argument("--python", type=int, default=300)
    parser.add_argument("--smoke", action="store_true",
                        help="a tiny generated repository, one run: checks the script works")
    args = parser.parse_args()
    if args.smoke:
        repository(templates=6, python=5, prompt_free=5, runs=1)
        return
    if args.repository:
        repository(args.templates or 1000, args.python, args.prompt_free, args.runs)
        return
    times, peak = cold(args.paths, args.runs)
    print(f"cold: median {statistics.median(times):.3f} s, min {min(times):.3f} s over "
          f"{args.runs} runs; peak RSS {peak / 1024:.0f} MiB")
    start = time.perf_counter()
    import prefixlint.api  # noqa: F401

    print(f"import prefixlint.api: {time.perf_counter() - start:.3f} s")
    times, prompts = warm(args.paths, args.runs)
    print(f"warm: median {statistics.median(times):.3f} s for {prompts} prompts "
          f"({statistics.median(times) / max(prompts, 1) * 1000:.1f} ms per prompt)")
    if args.prompt_free:
        cold_s, warm_s = prompt_free(args.prompt_free, args.runs)
        print(f"{args.prompt_free} Python files without prompts: cold {cold_s:.3f} s "
              f"({args.prompt_free / cold_s:,.0f} files/s), in-process {warm_s:.3f} s "
              f"({args.prompt_free / warm_s:,.0f} files/s)")
    if args.prompt_module:
        for dense in (False, True):
            cold_s, warm_s, prompts = prompt_module(args.prompt_module, args.runs, dense)
            print(f"a {args.prompt_module:,}-line module building {prompts} prompts "
                  f"({'dense' if dense else 'typical'}): cold {cold_s:.3f} s, in-process "
                  f"{warm_s:.3f} s")
    if args.templates:
        cores = str(max(1, os.cpu_count() or 1))
        for jobs, seconds, peak in templates(args.templates, ("1", cores)):
            print(f"{args.templates:,} templates, --jobs {jobs}: {seconds:.2f} s "
                  f"({seconds / args.templates * 1000:.1f} ms each); peak RSS {peak:.0f} MiB")


if __name__ == "__main__":
    main()
