"""Labels every saved support transcript in a folder: one request per file, each file read
in turn, with the team's settings read once at start."""
import json
from pathlib import Path

from openai import OpenAI

client = OpenAI()

with open("labelling.json", encoding="utf-8") as handle:
    settings = json.load(handle)

LABEL_PROMPT = """You label support conversations for the {team} team.
Conversation:
{transcript}

Pick exactly one label from this list and explain the choice in one sentence:
- billing: charges, refunds, invoices, payment methods or prices.
- outage: the service or a feature is down, slow or returning errors.
- account: sign-in, passwords, two-factor codes, profile or permission changes.
- feature_request: the customer asks for something the product does not do yet.
- other: anything that fits none of the labels above.
A conversation that mentions money is billing even when it also reports a problem.
Answer as JSON: {{"label": "...", "reason": "..."}}
"""


def label_folder(folder: str) -> list[str]:
    labels = []
    for path in sorted(Path(folder).glob("*.json")):
        with open(path, encoding="utf-8") as handle:
            record = json.load(handle)
        prompt = LABEL_PROMPT.format(team=settings["team"], transcript=record["transcript"])
        reply = client.chat.completions.create(
            model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}])
        labels.append(reply.choices[0].message.content)
    return labels
