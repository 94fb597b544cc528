"""Same input, same bytes out, whatever PYTHONHASHSEED or the order paths are given in."""

from __future__ import annotations


from conftest import REPO, run_cli

FIXTURES = REPO / "fixtures"


def test_json_is_byte_identical_across_hash_seeds_and_path_order():
    outputs = []
    for seed, order in (("0", ["rag", "agent"]), ("12345", ["agent", "rag"]),
                        ("random", ["rag", "agent"])):
        proc = run_cli("report", "--output-format", "json", *[f"fixtures/{o}" for o in order],
                       cwd=REPO, env={"PYTHONHASHSEED": seed})
        assert proc.returncode == 0, proc.stderr
        outputs.append(proc.stdout)
    assert outputs[0] == outputs[1] == outputs[2]


def test_python_prompts_are_byte_identical_across_hash_seeds():
    runs = [run_cli("check", "--output-format", "json", cwd=REPO / "tests" / "python",
                    env={"PYTHONHASHSEED": s}).stdout for s in ("3", "4")]
    assert runs[0] == runs[1] and '"PFX010"' in runs[0]


def test_text_is_byte_identical_across_hash_seeds():
    runs = [run_cli("check", "fixtures/supportbot", cwd=REPO, env={"PYTHONHASHSEED": s}).stdout
            for s in ("1", "2")]
    assert runs[0] == runs[1]
    assert runs[0].startswith("fixtures/supportbot/prompts/escalation.j2:2:28: PFX004 ")
