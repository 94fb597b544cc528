"""Issue 23's table, each row a ratio measured in one run: prefixlint beside its anchor
(pcdlint on Python, the floor script on templates, ruff on an unchanged file), the two
commands alternated run by run on one generated repository, so that load on the machine
weighs on both alike. Prints min and median seconds of each over `--runs` (RESULTS.md records
5 or more) and the ratio of the medians; the memory column is prefixlint's peak.

    python benchmarks/ratios.py [--runs 5] [--templates 1000] [--python 1000]
    python benchmarks/ratios.py --smoke     # tiny sizes, one run: checks the script works

pcdlint and ruff are run from a throwaway environment (created under the user cache with pip
when absent; `--anchors DIR` names another, `--no-install` leaves their rows empty). A script,
not a test: seconds vary by machine.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))

ANCHOR_PACKAGES = ("pcdlint", "ruff")


@dataclass(frozen=True)
class Timing:
    """Seconds of each run of one command, and the largest peak memory (MiB) seen."""

    seconds: tuple[float, ...]
    peak: float

    @property
    def best(self) -> float:
        return min(self.seconds)

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: modules load from bytecode
    shared = REPO.parent / "shared" / "tiktoken-cache"
    if shared.is_dir():
        env.setdefault("TIKTOKEN_CACHE_DIR", str(shared))
    return env


def run_once(argv: list[str], cwd: Path) -> tuple[float, float]:
    """Wall seconds and peak memory (MiB) of one process; exit codes 0 and 1 (findings) are
    success, anything else stops the script with the command's error."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, cwd=cwd, env=_env(), stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        error = process.stderr.read().decode() if process.stderr else ""
        raise SystemExit(f"{' '.join(argv)} failed ({code}): {error}")
    process.stderr.close()
    return seconds, usage.ru_maxrss / 1024


def paired(first: list[str], second: list[str] | None, cwd: Path, runs: int,
           ) -> tuple[Timing, Timing | None]:
    """Both commands `runs` times, alternating which goes first."""
    a: list[tuple[float, float]] = []
    b: list[tuple[float, float]] = []
    for index in range(runs):
        order = [(first, a), (second, b)] if index % 2 == 0 else [(second, b), (first, a)]
        for argv, out in order:
            if argv is not None:
                out.append(run_once(argv, cwd))

    def timing(results):
        return Timing(tuple(s for s, _ in results), max(p for _, p in results)) \
            if results else None

    return timing(a), timing(b)


def anchors(folder: Path | None, install: bool) -> dict[str, str]:
    """Paths of the anchor tools: from `folder` (a virtual environment), else the user cache's
    throwaway environment, created with pip when `install`."""
    folder = folder or Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / \
        "prefixlint-bench" / "anchors"
    found = {name: str(folder / "bin" / name) for name in ANCHOR_PACKAGES
             if (folder / "bin" / name).exists()}
    if len(found) < len(ANCHOR_PACKAGES) and install:
        if not (folder / "bin" / "python").exists():
            subprocess.run([sys.executable, "-m", "venv", str(folder)], check=True)
        done = subprocess.run([str(folder / "bin" / "python"), "-m", "pip", "install", "-q",
                               *ANCHOR_PACKAGES], capture_output=True, text=True)
        if done.returncode != 0:
            print(f"note: anchors not installed ({done.stderr.strip().splitlines()[-1:]})",
                  file=sys.stderr)
        found = {name: str(folder / "bin" / name) for name in ANCHOR_PACKAGES
                 if (folder / "bin" / name).exists()}
    return found


def _row(work: str, ours: Timing, anchor_name: str, theirs: Timing | None, target: str,
         ) -> str:
    if theirs is None:
        ratio, anchor = "-", f"{anchor_name}: not run" if anchor_name != "-" else "-"
    else:
        ratio = f"{ours.median / theirs.median:.2f}×"
        anchor = f"{anchor_name} {theirs.best:.3f} / {theirs.median:.3f} s"
    return (f"| {work} | {ours.best:.3f} / {ours.median:.3f} s, {ours.peak:.0f} MiB | {anchor} "
            f"| {ratio} | {target} |")


def table(root: Path, runs: int, python: int, templates: int, tools: dict[str, str]) -> list[str]:
    """The rows of the table, measured on the repository at `root`."""
    me = [sys.executable, "-m", "prefixlint"]
    pcdlint = tools.get("pcdlint")
    ruff = tools.get("ruff")
    one = "app/m0000.py"
    rows = ["| work | prefixlint min / median, peak | anchor min / median | ratio of medians "
            "| target |", "| --- | --- | --- | --- | --- |"]

    ours, theirs = paired(me + ["check", "--no-cache", one],
                          [pcdlint, one] if pcdlint else None, root, runs)
    rows.append(_row("one prompt-building `.py`, cold (a pre-commit run)", ours, "pcdlint",
                     theirs, "≤ 0.4 s"))
    run_once(me + ["check", one], root)  # fills the result cache
    if ruff:
        run_once([ruff, "check", "--quiet", "--exit-zero", one], root)  # fills ruff's cache
    ours, theirs = paired(me + ["check", one],
                          [ruff, "check", "--quiet", "--exit-zero", one] if ruff else None,
                          root, runs)
    rows.append(_row("the same file, unchanged since the last run", ours, "ruff (cached)",
                     theirs, "≤ 0.1 s"))
    run_once(me + ["check", "."], root)
    ours, _ = paired(me + ["check", "."], None, root, runs)
    rows.append(_row(f"{templates:,} templates + {python:,} Python modules, unchanged "
                     "(result cache)", ours, "-", None, "≤ 0.15 s"))
    ours, theirs = paired(me + ["check", "--no-cache", "-j", "1", "app"],
                          [pcdlint, "app"] if pcdlint else None, root, runs)
    rows.append(_row(f"{python:,} prompt-building modules, `--jobs 1`", ours, "pcdlint", theirs,
                     "≤ 1×"))
    serial_python = ours
    ours, theirs = paired(me + ["check", "--no-cache", "-j", "1", "templates"],
                          [sys.executable, str(HERE / "floor.py"), "."], root, runs)
    rows.append(_row(f"{templates:,} templates, `--jobs 1`", ours, "floor (jinja2 + tiktoken)",
                     theirs, "≤ 1.5×"))
    serial_templates = ours
    parallel, _ = paired(me + ["check", "--no-cache", "-j", "2", "app"], None, root, runs)
    rows.append(f"| `--jobs 2` on the {python:,} Python modules | {parallel.best:.3f} / "
                f"{parallel.median:.3f} s, {parallel.peak:.0f} MiB | `--jobs 1` "
                f"{serial_python.best:.3f} / {serial_python.median:.3f} s | "
                f"{serial_python.median / parallel.median:.2f}× faster | ≥ 1.7× |")
    parallel, _ = paired(me + ["check", "--no-cache", "-j", "2", "templates"], None, root, runs)
    rows.append(f"| `--jobs 2` on the {templates:,} templates | {parallel.best:.3f} / "
                f"{parallel.median:.3f} s, {parallel.peak:.0f} MiB | `--jobs 1` "
                f"{serial_templates.best:.3f} / {serial_templates.median:.3f} s | "
                f"{serial_templates.median / parallel.median:.2f}× faster | - |")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--templates", type=int, default=1000)
    parser.add_argument("--python", type=int, default=1000)
    parser.add_argument("--prompt-free", type=int, default=1000)
    parser.add_argument("--anchors", type=Path, default=None,
                        help="a virtual environment holding pcdlint and ruff")
    parser.add_argument("--no-install", action="store_true",
                        help="do not create the anchors' environment when it is absent")
    parser.add_argument("--smoke", action="store_true",
                        help="tiny sizes, one run, anchors only if already present")
    args = parser.parse_args()
    if args.smoke:
        args.runs, args.templates, args.python, args.prompt_free = 1, 4, 3, 3
    from generate import generate

    tools = anchors(args.anchors, install=not (args.no_install or args.smoke))
    for name in ANCHOR_PACKAGES:
        if name not in tools and shutil.which(name):
            tools[name] = shutil.which(name)
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        generate(root, args.templates, args.python, args.prompt_free)
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(REPO / "prefixlint")],
                       env=_env(), check=False)  # bytecode, as an installed copy has
        for line in table(root, args.runs, args.python, args.templates, tools):
            print(line)


if __name__ == "__main__":
    main()
