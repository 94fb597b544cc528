"""Prompts kept as one folder per agent under data/prompts, read by name."""

import pathlib

BASE_DIR = pathlib.Path(__file__).resolve().parent.parent
PROMPTS_DIR = BASE_DIR / "data" / "prompts"


def load_prompt(agent: str, kind: str) -> str:
    path = PROMPTS_DIR / agent / f"{kind}.md"
    if not path.exists():
        raise FileNotFoundError(f"no prompt at {path}")
    return path.read_text(encoding="utf-8")
