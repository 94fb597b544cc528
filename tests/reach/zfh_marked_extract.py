"""Prompts built for a batch job and written to a dataset that another program sends: each
style's text has a marked slot the code fills with `.replace`, the page's extract first and
the writing instructions after it. No call is in view; the text is measured on its own."""
import json
import sys

STYLES = {
    "lesson": """Here is an extract from a web page: "<PAGE_EXTRACT>".

Write a long and detailed lesson for secondary-school students that is related to the
extract above. Develop each idea in depth before moving to the next one, with a worked
example for every idea, and close with three exercises whose answers are given at the end.
Do not include a title or an introduction, and do not use images or tables.""",
}


def build(row: dict, style: str = "lesson") -> dict:
    prompt = STYLES[style].replace("<PAGE_EXTRACT>", row["text"][:1000])
    return {"prompt": prompt}


if __name__ == "__main__":
    for line in sys.stdin:
        print(json.dumps(build(json.loads(line))))
