"""A minutes job: the merge template is the shipped file unless the job names its own,
then a header with the meeting is put before it by another helper. The template text
reaches the prompt through both."""
import json
import os

import requests

ROOT = os.path.dirname(os.path.abspath(__file__))
DEFAULT_MERGE = os.path.join(ROOT, "prompts", "merge.txt")


def load_prompt(path):
    if not os.path.exists(path):
        return ""
    with open(path, encoding="utf-8") as f:
        return f.read()


def load_templates(paths):
    merge_path = paths.get("merge") if paths else None
    merge = load_prompt(merge_path) if merge_path else load_prompt(DEFAULT_MERGE)
    return merge, None


def with_context(template, record):
    header = f"Meeting: {record['topic']} on {record['date']}"
    return header + "\n\n---\n\n" + template


def build_shells(record, merge):
    merge_shell = with_context(merge, record)
    return merge_shell, "hint"


def call_llm(prompt):
    return requests.post("http://localhost:11434/api/generate",
                         json={"model": "llama3.1", "prompt": prompt}).json()["response"]


def run_job(record, paths, extracted):
    merge, _ = load_templates(paths)
    merge_shell, hint = build_shells(record, merge)
    prompt = merge_shell.replace("{EXTRACTED_JSON}", json.dumps(extracted))
    return call_llm(prompt)
