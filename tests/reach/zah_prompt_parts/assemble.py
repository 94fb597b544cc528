"""Prompts assembled from several text files named by the caller, then filled."""

import os

import litellm


def assemble_parts(*names):
    prompt = ""
    for name in names:
        with open(os.path.join(os.path.dirname(__file__), f"parts/{name}.txt")) as handle:
            prompt += handle.read().strip() + "\n\n"
    return prompt


def review_change(diff_text: str):
    template = assemble_parts("review_rules", "review_task")
    prompt = template.format(diff=diff_text)
    return litellm.completion(model="gpt-4.1", messages=[{"role": "user", "content": prompt}])
