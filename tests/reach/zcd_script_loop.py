"""A script whose loop picks a template by the action typed, then fills its tags in turn."""
import re
import sys

import requests

TEMPLATE = """I performed the action <action> on element <element> to finish the task <task>.
Decide whether the action moved the task forward. Answer BACK if it undid progress,
INEFFECTIVE if nothing changed, CONTINUE if it helped but the task is not done yet, and
SUCCESS if the task is complete. Give the decision on the first line and one sentence of
reasoning on the second line, and nothing else."""

task = sys.argv[1]
step = 0
while step < 10:
    action = input()
    if action == "tap":
        prompt = re.sub(r"<action>", "tapping", TEMPLATE)
    else:
        prompt = re.sub(r"<action>", "swiping", TEMPLATE)
    prompt = re.sub(r"<element>", str(step), prompt)
    prompt = re.sub(r"<task>", task, prompt)
    requests.post("http://localhost:8000/v1/chat/completions",
                  json={"model": "m", "messages": [{"role": "user", "content": prompt}]})
    step += 1
