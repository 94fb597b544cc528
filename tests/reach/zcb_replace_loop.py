"""A template whose [SLOTS] a helper fills in a loop over the dict its caller passes."""
import requests

REVIEW = """You review a pull request for the [TEAM] team.
The diff:
[DIFF]
Point out bugs first, then risky changes, then style. For each point give the file and the
line, say what is wrong in one sentence and what to write instead. Do not praise the change,
do not repeat the diff, and say "No issues found." when there is nothing to report. End
with one line that says whether the change needs a test it does not have yet.
"""


def fill(template, slots):
    text = template
    for key in slots.keys():
        text = text.replace(f"[{key}]", slots[key])
    return text


def review(team, diff):
    prompt = fill(REVIEW, {"TEAM": team, "DIFF": diff})
    return requests.post("http://localhost:8000/v1/chat/completions", json={
        "model": "reviewer", "messages": [{"role": "user", "content": prompt}]})
