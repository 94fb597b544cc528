"""A one-shot command-line agent that names a scratch folder after the time it started
(`RUNS / stamp / "scratch"`, a pathlib join) and writes the folder into its system prompt
before the notes on using it: each run sends another path."""
import argparse
import datetime as dt
from pathlib import Path

import anthropic

RUNS = Path("runs")
BASE = ("You operate a build machine for the release team. Run the checks the task names, read "
        "their output, and report what failed with the command that shows it. Never change files "
        "outside the working folder, never push, and stop after three failed attempts at one step.")
NOTES = """
You have a scratch folder at {folder} for notes and intermediate files. Keep a TODO.md list there
for any task of more than ten steps, tick items off as you go and re-read it when unsure of the
next step. Files there survive between tool calls for the length of this run only, and nothing in
it is shipped; clean up large files you no longer need before you finish the task you were given.
"""


class Run:
    def __init__(self, task):
        stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        self.folder = RUNS / stamp / "scratch"
        self.task = task


def system_for(folder):
    return BASE + NOTES.format(folder=folder)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("task")
    args = parser.parse_args()
    run = Run(args.task)
    client = anthropic.Anthropic()
    client.messages.create(model="claude-sonnet-4-5", max_tokens=2000, system=system_for(run.folder),
                           messages=[{"role": "user", "content": args.task}])


if __name__ == "__main__":
    main()
