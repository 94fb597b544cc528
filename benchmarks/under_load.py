"""Results do not depend on the machine's load (issue 21, item 6): `prefixlint check` on the
suites and fixtures, once on an idle machine and once pinned to one CPU (`taskset -c 0`) with
a busy process beside it on the same CPU, must print the same bytes. Budgets count work
(render steps, characters tokenized), never seconds.

    python benchmarks/under_load.py            # exits 1 and names the folder that differs
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FOLDERS = ("tests/templates", "tests/python", "tests/flow", "tests/reach", "fixtures")


def check(folder: Path, pinned: bool) -> tuple[bytes, float]:
    command = [sys.executable, "-m", "prefixlint", "check", ".", "--no-cache",
               "--output-format", "json", "-j", "1"]
    if pinned:
        command = ["taskset", "-c", "0", *command]
    start = time.perf_counter()
    done = subprocess.run(command, cwd=folder, capture_output=True,
                          env={**os.environ, "PYTHONHASHSEED": "0"})
    return done.stdout, time.perf_counter() - start


def main() -> int:
    if shutil.which("taskset") is None:
        print("needs taskset (util-linux)")
        return 2
    hog = subprocess.Popen(["taskset", "-c", "0", sys.executable, "-c", "while True: pass"])
    try:
        differ = []
        for name in FOLDERS:
            idle, idle_s = check(REPO / name, False)
            loaded, loaded_s = check(REPO / name, True)
            same = idle == loaded
            print(f"{name:16} idle {idle_s:6.2f} s, one busy CPU {loaded_s:6.2f} s: "
                  f"{'same bytes' if same else 'DIFFERENT'}")
            if not same:
                differ.append(name)
    finally:
        hog.kill()
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
