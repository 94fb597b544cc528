"""An impression drafter: some rules are added only when the study has critical findings."""
from flask import Flask, request
from openai import OpenAI

app = Flask(__name__)
client = OpenAI(base_url="http://localhost:8000/v1")

SYSTEM = """You draft the prose of a radiology impression from confirmed findings. Never contradict
a confirmed finding and never add one. Answer with a JSON object holding "impression" and
"recommendations", where recommendations is a list of strings that may be empty."""


def draft(study: dict) -> str:
    lines = [f"Confirmed findings: {study['findings']}", "Write the impression now."]
    if study["critical"]:
        lines.append("This study has confirmed critical findings, so the impression must name "
                     "each of them as present, must not call the study normal, and must give at "
                     "least one concrete recommendation: the action, who takes it and how soon, "
                     "in one sentence each, with the most urgent action first in the list.")
    return "\n".join(lines)


@app.post("/impression")
def impression():
    study = request.get_json()
    reply = client.chat.completions.create(model="qwen2.5-7b-instruct", messages=[
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": draft(study)},
    ])
    return {"impression": reply.choices[0].message.content}
