from pathlib import Path

import requests

from . import settings


def load_prompt(name: str) -> str:
    folder = Path(__file__).parent.parent / "prompts"
    with open(folder / settings.PROMPT_FILES[name], encoding="utf-8") as handle:
        return handle.read().strip()


def merge_labels(scanner_labels: str, clerk_labels: str) -> str:
    prompt = load_prompt("merge").format(scanner_labels=scanner_labels, clerk_labels=clerk_labels)
    payload = {"model": "catalogue", "messages": [{"role": "user", "content": prompt}]}
    reply = requests.post(settings.ENDPOINT, json=payload, timeout=60)
    return reply.json()["choices"][0]["message"]["content"]
