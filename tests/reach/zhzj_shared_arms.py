"""A solver that resumes a saved run: both arms begin with the same system prompt and brief,
and only a resumed run adds its earlier turns after them."""
from openai import OpenAI

client = OpenAI()

SYSTEM = """You are a careful data-science agent working in a sandbox.
Plan before you write code, run one cell at a time, and read every error in full.
Never delete files you did not create, and never read files outside the workspace.
Keep a short journal: what you tried, what it scored, and what you will try next.
When a score stops improving after three attempts, stop and summarise what you learned."""

BRIEF = "Solve the competition described in the workspace's README and submit the best run."


def solve(resume_from=None):
    if resume_from:
        messages = [{"role": "system", "content": SYSTEM},
                    {"role": "user", "content": BRIEF}, *resume_from]
    else:
        messages = [{"role": "system", "content": SYSTEM},
                    {"role": "user", "content": BRIEF}]
    response = client.chat.completions.create(model="gpt-4o", messages=messages)
    return response.choices[0].message
