"""Score prefixlint against hand-labelled files of real repositories.

Each `labels/OWNER__NAME.toml` names a repository, the commit it was labelled at, and files
with a verdict (`breaks` or `stable`). This script runs `prefixlint check .` at the root of
every snapshot present under SNAPSHOTS (a folder holding `OWNER+NAME/` work trees, as the
search tool's `fetch` names them, extracted with `git archive`), as a new user would, and
compares its findings with the labels file by file:

- a `breaks` file is found when prefixlint reports a break (PFX001-PFX013, warning or error)
  that names that file: the finding's own path, or one of its related places (where the
  value is produced or passed, the prompt's call site), since that is where a user running
  `check FILE` sees it and where the fix is made;
- a `stable` file is a false alarm when such a finding names it in the same way.

A third of the repositories is held out (chosen by a hash of the name, not by hand): by
default only the development split is scored, `--split heldout` or `--split all` scores the
others. Absent snapshots are skipped and counted. Nothing analyzed is imported or run.

    python benchmarks/accuracy/score.py /work/snapshots            # development split
    python benchmarks/accuracy/score.py /work/snapshots --split all --json scores.json
    python benchmarks/accuracy/score.py /work/snapshots --per-file   # one `check FILE` each
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

LABELS = Path(__file__).parent / "labels"
# Files prefixlint does not read (another language's code): counted apart, never scored.
OTHER_LANGUAGES = (".cs", ".ts", ".tsx", ".js", ".go", ".java", ".rb")
BREAK_CODES = {"PFX001", "PFX002", "PFX003", "PFX004", "PFX005", "PFX006", "PFX010", "PFX011",
               "PFX012", "PFX013"}


@dataclass(frozen=True)
class Label:
    path: str
    line: int
    verdict: str
    scope: str
    shape: str
    why: str


@dataclass(frozen=True)
class Repository:
    repo: str
    commit: str
    files: tuple[Label, ...]
    declared_split: str = ""

    @property
    def split(self) -> str:
        """The split the label file declares (the third of the repositories with the lowest
        SHA-256 of their name was held out when the labels were written); a label file
        without one is held out when the first byte of that hash is a multiple of 3."""
        if self.declared_split:
            return self.declared_split
        return "heldout" if hashlib.sha256(self.repo.encode()).digest()[0] % 3 == 0 else "dev"

    @property
    def folder(self) -> str:
        return self.repo.replace("/", "+")


@dataclass
class Outcome:
    repo: str
    split: str
    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0
    other_language: int = 0
    errors: list[str] = field(default_factory=list)
    misses: list[dict] = field(default_factory=list)
    false_alarms: list[dict] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def recall(self) -> float | None:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else None

    @property
    def precision(self) -> float | None:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else None


def load_labels(folder: Path = LABELS) -> list[Repository]:
    repositories = []
    for path in sorted(folder.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        files = tuple(Label(f["path"], int(f.get("line", 0)), f["verdict"],
                            f.get("scope", ""), f.get("shape", ""), f.get("why", ""))
                      for f in data.get("file", []))
        repositories.append(Repository(data["repo"], data.get("commit", ""), files,
                                       data.get("split", "")))
    return repositories


def run_prefixlint(root: Path, command: list[str], targets: tuple[str, ...] = (".",),
                   ) -> tuple[dict | None, str, float]:
    """prefixlint's JSON findings at a repository's root (of `check .`, or of the files
    named), the error text, and the seconds."""
    started = time.perf_counter()
    process = subprocess.run([*command, "check", *targets, "--output-format", "json",
                              "--no-cache",
                              # info findings too (they never count as found): a miss
                              # says when it was seen, as info
                              "--exit-zero", "--fail-on", "info"], cwd=root,
                             capture_output=True, text=True, timeout=900,
                             env={**os.environ, "PYTHONHASHSEED": "0"})
    seconds = time.perf_counter() - started
    if process.returncode != 0:
        return None, (process.stderr or process.stdout).strip()[-2000:], seconds
    try:
        return json.loads(process.stdout), "", seconds
    except json.JSONDecodeError as error:
        return None, f"output is not JSON: {error}", seconds


def score(repository: Repository, report: dict) -> Outcome:
    flagged: dict[str, list[dict]] = {}
    seen_as_info: dict[str, list[dict]] = {}  # why a miss was missed: found, but as info
    for finding in report.get("findings", []):
        if finding["code"] in BREAK_CODES:
            named = {finding["path"], *(place["path"] for place in finding.get("related", []))}
            into = flagged if finding["severity"] in ("warning", "error") else seen_as_info
            for path in sorted(named):
                into.setdefault(path, []).append(finding)
    outcome = Outcome(repository.repo, repository.split)
    for label in repository.files:
        if label.path.endswith(OTHER_LANGUAGES):
            outcome.other_language += 1
            continue
        found = flagged.get(label.path, [])
        row = {"path": label.path, "line": label.line, "shape": label.shape, "why": label.why,
               "found": [_where(f, label.path) for f in found]}
        if label.verdict == "breaks":
            if found:
                outcome.tp += 1
            else:
                outcome.fn += 1
                row["info"] = [_where(f, label.path) + (" below minimum" if "minimum" in
                                                        f["message"] else "")
                               for f in seen_as_info.get(label.path, [])]
                outcome.misses.append(row)
        elif found:
            outcome.fp += 1
            outcome.false_alarms.append(row)
        else:
            outcome.tn += 1
    return outcome


def _per_file(repository: Repository, root: Path, command: list[str]) -> Outcome:
    """The outcome of one `check FILE` per labelled file: what a pre-commit hook reports
    when that file alone changed (its findings, and findings that name it as related)."""
    total = Outcome(repository.repo, repository.split)
    for label in repository.files:
        alone = Repository(repository.repo, repository.commit, (label,), repository.declared_split)
        if label.path.endswith(OTHER_LANGUAGES) or not (root / label.path).is_file():
            outcome = score(alone, {"findings": []})
        else:
            report, error, seconds = run_prefixlint(root, command, (label.path,))
            total.seconds += seconds
            if report is None:
                total.errors.append(error)
                report = {"findings": []}
            outcome = score(alone, report)
        total.tp, total.fp, total.fn, total.tn = (total.tp + outcome.tp, total.fp + outcome.fp,
                                                  total.fn + outcome.fn, total.tn + outcome.tn)
        total.other_language += outcome.other_language
        total.misses.extend(outcome.misses)
        total.false_alarms.extend(outcome.false_alarms)
    return total


def _where(finding: dict, path: str) -> str:
    """A finding as CODE:LINE:COLUMN, with the file it stands in when it names `path` only
    as a related place."""
    place = f"{finding['code']}:{finding['line']}:{finding['column']}"
    return place if finding["path"] == path else f"{place} in {finding['path']}"


def _ratio(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("snapshots", type=Path, help="folder of OWNER+NAME work trees")
    parser.add_argument("--split", choices=("dev", "heldout", "all"), default="dev")
    parser.add_argument("--labels", type=Path, default=LABELS)
    # `-P` (Python 3.11+): the repository's own modules (a `types.py` at its root) are not
    # put before the standard library, as with the installed `prefixlint` command
    safe = " -P" if sys.version_info >= (3, 11) else ""
    parser.add_argument("--prefixlint", default=f"{sys.executable}{safe} -m prefixlint",
                        help="the command to run (default: this interpreter's prefixlint)")
    parser.add_argument("--json", type=Path, help="also write every outcome as JSON here")
    parser.add_argument("--reports", type=Path,
                        help="also keep each repository's prefixlint JSON in this folder "
                             "(to study a policy, such as a gain threshold, without rerunning)")
    parser.add_argument("--per-file", action="store_true",
                        help="run `check FILE` on each labelled file alone, as a pre-commit "
                             "hook does for one changed file, instead of `check .`")
    args = parser.parse_args(argv)
    command = args.prefixlint.split()
    outcomes: list[Outcome] = []
    skipped = []
    for repository in load_labels(args.labels):
        if args.split != "all" and repository.split != args.split:
            continue
        root = args.snapshots / repository.folder
        if not root.is_dir():
            skipped.append(repository.repo)
            continue
        if args.per_file:
            outcomes.append(_per_file(repository, root, command))
            continue
        report, error, seconds = run_prefixlint(root, command)
        if report is not None and args.reports is not None:
            args.reports.mkdir(parents=True, exist_ok=True)
            (args.reports / f"{repository.folder}.json").write_text(json.dumps(report))
        if report is None:
            outcome = Outcome(repository.repo, repository.split, errors=[error])
            scored = [f for f in repository.files if not f.path.endswith(OTHER_LANGUAGES)]
            outcome.fn = sum(1 for f in scored if f.verdict == "breaks")
            outcome.misses = [{"path": f.path, "line": f.line, "shape": "internal error",
                               "why": error[:200], "found": []}
                              for f in scored if f.verdict == "breaks"]
        else:
            outcome = score(repository, report)
        outcome.seconds = seconds
        outcomes.append(outcome)
    print(f"{'repository':44} {'split':7} {'tp':>3} {'fn':>3} {'fp':>3} {'tn':>3} "
          f"{'recall':>6} {'prec.':>6} {'s':>6}")
    for o in outcomes:
        print(f"{o.repo:44} {o.split:7} {o.tp:3} {o.fn:3} {o.fp:3} {o.tn:3} "
              f"{_ratio(o.recall):>6} {_ratio(o.precision):>6} {o.seconds:6.1f}"
              + ("  ERROR" if o.errors else ""))
    total = Outcome("all", args.split)
    for o in outcomes:
        total.tp, total.fp, total.fn, total.tn = (total.tp + o.tp, total.fp + o.fp,
                                                  total.fn + o.fn, total.tn + o.tn)
    for o in outcomes:
        for error in o.errors:
            print(f"  error  {o.repo}: {error.splitlines()[-1] if error else ''}")
    recalls = [o.recall for o in outcomes if o.recall is not None]
    precisions = [o.precision for o in outcomes if o.precision is not None]
    print(f"\nfiles: recall {_ratio(total.recall)}, precision {_ratio(total.precision)} "
          f"(tp {total.tp}, fn {total.fn}, fp {total.fp}, tn {total.tn})")
    print(f"per repository (mean): recall {_ratio(sum(recalls) / len(recalls) if recalls else None)}"
          f", precision {_ratio(sum(precisions) / len(precisions) if precisions else None)}")
    print(f"repositories scored {len(outcomes)}, skipped (no snapshot) {len(skipped)}, "
          f"internal errors {sum(1 for o in outcomes if o.errors)}, files in other languages "
          f"(not scored) {sum(o.other_language for o in outcomes)}")
    for o in outcomes:
        for miss in o.misses:
            info = f" info: {', '.join(miss['info'])}" if miss.get("info") else ""
            print(f"  miss   {o.repo}: {miss['path']}:{miss['line']} [{miss['shape']}]{info}")
        for alarm in o.false_alarms:
            print(f"  alarm  {o.repo}: {alarm['path']}:{alarm['line']} {alarm['found']}")
    if args.json:
        args.json.write_text(json.dumps([o.__dict__ | {"recall": o.recall,
                                                        "precision": o.precision}
                                         for o in outcomes], indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
