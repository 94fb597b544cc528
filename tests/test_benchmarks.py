"""The benchmark scripts are run by hand for figures; here they only have to work (a smoke
run, never a timed assertion), and the generated repository has to break where it says."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from prefixlint import api

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def test_benchmark_smoke_run_prints_every_row():
    done = subprocess.run([sys.executable, str(BENCHMARKS / "run.py"), "--smoke"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.splitlines() if line.startswith("| ")][2:]
    assert len(rows) == 11
    for row in rows:  # each row's figure is printed as seconds (its value is not tested)
        assert re.fullmatch(r"\d+(?:\.\d+)? s", row.split(" | ")[1]), row


def test_ratio_table_smoke_run_prints_every_row_of_issue_23():
    """Each row: prefixlint's min / median and peak, its anchor, the ratio, the target."""
    done = subprocess.run([sys.executable, str(BENCHMARKS / "ratios.py"), "--smoke"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    rows = [line.split(" | ") for line in done.stdout.splitlines() if line.startswith("| ")][2:]
    assert len(rows) == 7
    for row in rows:
        assert re.fullmatch(r"\d+\.\d{3} / \d+\.\d{3} s, \d+ MiB", row[1]), row
        assert re.fullmatch(r"-|\d+\.\d\d×( faster)?", row[3]), row
    floor = rows[4]  # the floor script is always run: its ratio is always printed
    assert floor[2].startswith("floor (jinja2 + tiktoken) ") and floor[3].endswith("×")


def test_generated_repository_breaks_where_its_styles_say(tmp_path):
    sys.path.insert(0, str(BENCHMARKS))
    try:
        from generate import generate
    finally:
        sys.path.remove(str(BENCHMARKS))
    generate(tmp_path, templates=10, python=5, prompt_free=3)
    # measured as for an engine that caches every token: its prompts are short, and what the
    # SDK's provider would cache is pinned in test_providers.py
    result = api.check(["app", "lib"], api.load_config(tmp_path, provider="generic"),
                       cwd=tmp_path)
    found = [(f.code, f.span.path, f.span.line, f.span.column) for f in result.findings]
    assert found == [
        ("PFX004", "app/m0000.py", 12, 26),  # a day-scoped date, then the user's name:
        ("PFX002", "app/m0000.py", 12, 44),  # each reported (moving both gains the rules)
        ("PFX001", "app/m0001.py", 11, 34),  # retrieved documents before the rules
        ("PFX013", "app/m0001.py", 13, 28),  # the breakpoint after them
    ]  # m0002 (messages), m0003 (a growing history), m0004 (a template of constants): clean
    assert len(result.measurements) == 5  # lib/ holds no prompt


def _score(tmp_path, fixture: str, repo: str, labels_text: str, *flags: str,
           extra: dict[str, str] | None = None) -> str:
    """The scorer's output on one reach fixture copied as the snapshot of `repo` (with the
    `extra` files written into it), labelled with `labels_text` (its `[[file]]` tables)."""
    import shutil
    snapshot = tmp_path / "snapshots" / repo.replace("/", "+")
    shutil.copytree(Path(__file__).parent / "reach" / fixture, snapshot)
    (snapshot / "prefixlint.toml").write_text('provider = "generic"\n')
    for name, text in (extra or {}).items():
        (snapshot / name).write_text(text)
    labels = tmp_path / "labels"
    labels.mkdir()
    (labels / (repo.replace("/", "__") + ".toml")).write_text(
        f'repo = "{repo}"\nsplit = "dev"\n' + labels_text)
    done = subprocess.run([sys.executable, str(BENCHMARKS / "accuracy" / "score.py"),
                           str(tmp_path / "snapshots"), "--labels", str(labels), *flags],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_accuracy_scorer_counts_a_file_a_finding_names_as_a_related_place(tmp_path):
    """The settings file holds the placeholder (the finding stands there); the code that fills
    it with the clock is a related place, so a label on the code file counts as found, and a
    stable label on a file no finding names stays a true negative."""
    stdout = _score(tmp_path, "s_settings_file", "acme/bot",
                    '[[file]]\npath = "bot.py"\nline = 23\nverdict = "breaks"\n'
                    '[[file]]\npath = "settings.yaml"\nline = 2\nverdict = "breaks"\n'
                    '[[file]]\npath = "faq.py"\nline = 1\nverdict = "stable"\n',
                    "--json", str(tmp_path / "scores.json"),
                    extra={"faq.py": 'FAQ = "Opening hours: nine to five."\n'})
    assert "files: recall 1.00, precision 1.00 (tp 2, fn 0, fp 0, tn 1)" in stdout
    assert json.loads((tmp_path / "scores.json").read_text())[0]["tp"] == 2


def test_accuracy_scorer_per_file_runs_check_on_each_labelled_file_alone(tmp_path):
    """`--per-file` is a pre-commit hook's view: `check app/tools/triage.py` alone still
    follows the clients and the loader that file imports, so the template's finding names the
    file as its call site; a stable label's file alone names nothing."""
    stdout = _score(tmp_path, "zk_changed_file", "acme/desk",
                    '[[file]]\npath = "app/tools/triage.py"\nline = 8\nverdict = "breaks"\n'
                    '[[file]]\npath = "app/llm/transport.py"\nline = 7\nverdict = "stable"\n',
                    "--per-file")
    assert "files: recall 1.00, precision 1.00 (tp 1, fn 0, fp 0, tn 1)" in stdout


def test_accuracy_scorer_says_which_misses_were_found_as_info(tmp_path):
    """Measured against OpenAI, which caches nothing under 1,024 tokens, the short prompt's
    break is info: a miss, and the scorer says it was seen, below the provider's minimum."""
    rules = "Answer in two sentences, cite the handbook section, never guess. " * 8
    short = ("from datetime import date\nfrom openai import OpenAI\n\nclient = OpenAI()\n"
             f"RULES = {rules!r}\n\n\ndef answer(question):\n"
             "    return client.chat.completions.create(model='gpt-4.1', messages=[\n"
             "        {'role': 'system', 'content': f'Today is {date.today()}. ' + RULES},\n"
             "        {'role': 'user', 'content': question}])\n")
    stdout = _score(tmp_path, "s_settings_file", "acme/bot",
                    '[[file]]\npath = "short.py"\nline = 10\nverdict = "breaks"\n',
                    "--json", str(tmp_path / "scores.json"),
                    extra={"prefixlint.toml": 'provider = "openai"\n', "short.py": short})
    assert "files: recall 0.00, precision - (tp 0, fn 1, fp 0, tn 0)" in stdout
    miss = json.loads((tmp_path / "scores.json").read_text())[0]["misses"][0]
    assert miss["info"] == ["PFX004:10:51 below minimum", "PFX001:11:37"]  # and the question
    assert ("  miss   acme/bot: short.py:10 [] info: PFX004:10:51 below minimum, "
            "PFX001:11:37") in stdout
