"""A command-line tool: the notes file the user names on the command line is this run's input;
the style file it also names is prompt text the deployment gives."""
import argparse

import requests


def load_text(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def build(notes, style):
    return f"""{style}
Turn these meeting notes into minutes:

{notes}

Write the minutes in this layout, and follow every rule below:
1. Start with one line that names the meeting, then a blank line.
2. List each decision as a bullet that begins with the word Decided.
3. List each action as a bullet with its owner in brackets and a due date.
4. Keep every bullet under twenty words and in the past tense.
5. Leave out small talk, greetings and anything said off the record.
6. End with a line that says when and where the next meeting takes place.
"""


def main():
    parser = argparse.ArgumentParser(description="write minutes from meeting notes")
    parser.add_argument("--notes", required=True)
    parser.add_argument("--style-prompt", default="style.md")
    args = parser.parse_args()
    prompt = build(load_text(args.notes), load_text(args.style_prompt))
    body = {"model": "qwen3-8b", "messages": [{"role": "user", "content": prompt}]}
    return requests.post("http://localhost:8000/v1/chat/completions", json=body, timeout=60)
