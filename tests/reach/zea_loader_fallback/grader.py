"""A grader that loads its prompt by name: a path the settings give, else the file it ships
in its own prompts folder (the loader falls back to that folder when the name is not a file)."""

import os

from openai import OpenAI


def load_template(path):
    if not os.path.exists(path):
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "prompts", path)
    with open(path, encoding="utf-8") as infile:
        return infile.read()


def grade(settings, question, answer):
    template = load_template(settings.get("grading_prompt") or "grade.txt")
    prompt = template.format(question=question, answer=answer)
    return OpenAI().chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}])
