from openai import OpenAI

client = OpenAI()

REVIEW_STEPS = """Review the file in four passes: correctness, error handling, naming, and
tests. For each pass list what you found as short bullets that cite line numbers, then give
one overall verdict: approve, approve with changes, or request changes. Keep the review
under two hundred words and do not restate the code."""


def review(thread_id: str, assistant_id: str, path: str, source: str, reviewer: str):
    client.beta.threads.messages.create(
        thread_id=thread_id, role="user",
        content=f"File: {path}\n```python\n{source}\n```\n\n{REVIEW_STEPS}")
    return client.beta.threads.runs.create_and_poll(
        thread_id=thread_id, assistant_id=assistant_id,
        additional_instructions=f"The reviewer is {reviewer}.\n{REVIEW_STEPS}")
