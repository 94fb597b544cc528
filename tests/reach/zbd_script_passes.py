"""A grading script with no function: it runs at import, but each pass of its loop over the
rows sends a request of its own, so the row's question is not a value computed once. The
examples a pass appends from a constant list stay constant; the rubric read at import is
fixed for the run."""
import json

import openai

client = openai.OpenAI()

RUBRIC = open("rubric.txt").read()
EXAMPLES = ["A clear, sourced answer scores 5.", "An answer that only repeats the question scores 1."]

TEMPLATE = """Question under review:
{question}

Grade the answer below against the rubric. Read the whole answer before you score it. Score
each criterion from 1 to 5: correctness against the reference, completeness of the steps,
clarity of the wording, and whether every claim is supported by the cited material. Give a
one-line reason for each score, then the total, then a single sentence of advice for the
author. Never reward length for its own sake, never invent a reference the answer does not
cite, and mark an answer that refuses without cause as 1 on every criterion.

Answer:
{answer}
"""

rows = json.load(open("answers.json"))
grades = []
for row in rows:
    notes = [{"role": "system", "content": RUBRIC}]
    for example in EXAMPLES:
        notes.append({"role": "system", "content": example})
    text = TEMPLATE.format(question=row["question"], answer=row["answer"])
    reply = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=notes + [{"role": "user", "content": text}],
    )
    grades.append(reply.choices[0].message.content)
