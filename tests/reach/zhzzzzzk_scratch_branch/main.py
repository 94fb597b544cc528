"""The agent's system text adds notes on its scratch folder when notes are switched on and
there is a folder (`if settings.notes and folder is not None:`). The folder is a path the run
always makes, never `None`, so the test varies only with the setting: what ends the shared
prefix is the folder written into the notes, not the `if`."""
import sys

import anthropic

from run import Run

BASE = ("You operate a build machine for the release team. Run the checks the task names, read "
        "their output, and report what failed with the command that shows it.")
NOTES = """
Keep notes in your scratch folder {folder}; it lasts for this run only. For any task of more
than ten steps write a TODO.md list there first, tick items off as you finish them and read it
again whenever you are unsure what comes next. Nothing in the folder is shipped: remove large
files you no longer need before you report, and never write outside the folder.
"""


class Settings:
    notes = True


settings = Settings()


def system_for(folder):
    prompt = BASE
    if settings.notes and folder is not None:
        prompt += NOTES.format(folder=folder)
    return prompt


def main():
    run = Run(sys.argv[1])
    client = anthropic.Anthropic()
    client.messages.create(model="claude-sonnet-4-5", max_tokens=2000,
                           system=system_for(run.folder),
                           messages=[{"role": "user", "content": run.task}])
