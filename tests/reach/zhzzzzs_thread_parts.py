"""A weekly sales digest posted to an Assistants thread: the new message's first part is the
reporting week, its second the analyst's standing instructions."""

from datetime import date, timedelta

from openai import OpenAI

client = OpenAI()

INSTRUCTIONS = """Read the attached sales export and write the weekly digest for the regional
managers. Open with the three numbers that moved most against the previous week, each with
its percentage change and one sentence on the likely cause. Then list every store whose
takings fell by more than ten percent, with the product lines behind the fall. Close with
two recommendations the managers can act on before Friday. Use short paragraphs, no tables,
and never name individual staff members or customers."""


def post_digest(thread_id: str, assistant_id: str):
    start = date.today() - timedelta(days=7)
    week = f"Reporting week: {start:%d %B} to {date.today():%d %B %Y}"
    client.beta.threads.messages.create(
        thread_id=thread_id,
        role="user",
        content=[
            {"type": "text", "text": week},
            {"type": "text", "text": INSTRUCTIONS},
        ],
    )
    return client.beta.threads.runs.create_and_poll(thread_id=thread_id,
                                                    assistant_id=assistant_id)
