"""The built wheel carries the rule catalogue and works on its own, away from the source tree."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile

from conftest import REPO, write_project


def test_wheel_ships_rules_and_runs_from_an_install(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(dist), str(REPO)], check=True, capture_output=True,
                   timeout=300)
    wheel = next(dist.glob("prefixlint-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    for code in ("PFX001", "PFX002", "PFX003", "PFX004", "PFX005", "PFX006", "PFX010", "PFX011",
                 "PFX012", "PFX013", "PFX020", "PFX900"):
        assert f"prefixlint/_rules/{code}.toml" in names
    assert "prefixlint/cli.py" in names and not any(n.startswith("tests/") for n in names)
    entry_points = zipfile.ZipFile(wheel).read(
        next(n for n in names if n.endswith("entry_points.txt"))).decode()
    assert "prefixlint = prefixlint.launch:main" in entry_points

    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(site)
    elsewhere = tmp_path / "elsewhere"
    project = write_project(elsewhere, {
        "prompts/a.j2": "Hi {{ user.name }}.\n" + "Follow the support policy exactly. " * 20})
    rule = subprocess.run([sys.executable, "-m", "prefixlint", "rule", "PFX002"], cwd=project,
                          env=env, capture_output=True, text=True, timeout=60)
    assert rule.returncode == 0, rule.stderr
    assert rule.stdout.startswith("PFX002 user-value-in-prefix (error)")
    check = subprocess.run([sys.executable, "-c", "import prefixlint, sys; "
                            "print(prefixlint.__file__); sys.argv=['prefixlint','check']; "
                            "from prefixlint.launch import main; main()"],
                           cwd=project, env=env, capture_output=True, text=True, timeout=60)
    assert check.stdout.splitlines()[0].startswith(str(site))
    assert "prompts/a.j2:1:4: PFX002" in check.stdout
    assert check.returncode == 1
