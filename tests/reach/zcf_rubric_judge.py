"""A judge script: a rubric prompt built by a helper that returns it with its criteria, sent
through a client that wraps a bare text in a message list (a nested helper behind an
`isinstance` test) and posts the body as JSON text."""
import json
import sys

import requests


def build_rubric(item, criteria):
    rubric = "You grade answers to questions about {topic} for a tutoring service.\n" \
        "Judge the answer on each of these criteria:\n{criteria}" \
        "Read the question and the reference answer first, then the student's answer.\n" \
        "For each criterion write one sentence on what the answer does well or misses,\n" \
        "then a score from one to five. Be strict: a score of five means nothing is missing,\n" \
        "a score of one means the answer is wrong or does not address the question at all.\n" \
        "End with a line 'TOTAL: n' where n is the sum of the criterion scores.\n" \
        "Question: {question}\nReference: {reference}\nAnswer: {answer}\n"
    prompt = rubric.format(topic=item["topic"], criteria=criteria, question=item["question"],
                           reference=item["reference"], answer=item["answer"])
    return criteria, prompt


def ask_judge(endpoint, messages):
    def as_messages(text):
        return [{"role": "user", "content": text}]

    if isinstance(messages, str):
        messages = as_messages(messages)
    body = json.dumps({"model": "judge", "messages": messages, "temperature": 0})
    reply = requests.request("POST", endpoint, data=body,
                             headers={"Content-Type": "application/json"})
    return reply.json()["choices"][0]["message"]["content"]


for line in sys.stdin:
    item = json.loads(line)
    criteria, prompt = build_rubric(item, "accuracy, completeness, clarity\n")
    print(ask_judge("http://localhost:8000/v1/chat/completions", prompt))
