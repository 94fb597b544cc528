"""A notes service: the note a request names is read from the vault and put before the
rules, so the rules are prefilled again for every note. The rules file a caller names as
a prompt is text the deployment ships, read before the note: no break."""

import os

import requests

VAULT = os.environ.get("NOTES_VAULT", "/srv/vault")
SERVER = "http://localhost:1234/v1/chat/completions"


def ask(prompt: str) -> str:
    body = {"model": "local", "messages": [{"role": "user", "content": prompt}]}
    return requests.post(SERVER, json=body, timeout=60).json()["choices"][0]["message"]["content"]


def tidy(note_path: str) -> str:
    with open(os.path.join(VAULT, note_path), encoding="utf-8") as handle:
        note = handle.read()
    prompt = f"""Note:
{note}

Rewrite the note above into the team's standard layout. Keep every fact, date and name it
holds, and invent nothing. Put the decisions first as a bulleted list, then the open
questions, then the tasks as checkboxes with their owners. Use the headings Decisions, Open
questions and Tasks, in that order, and leave out a heading that would have nothing under it."""
    return ask(prompt)


def summarize(text: str, prompt_file: str) -> str:
    with open(prompt_file, encoding="utf-8") as handle:
        rules = handle.read()
    return ask(rules + "\n\nText:\n" + text)
