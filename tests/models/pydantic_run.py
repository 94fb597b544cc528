"""Pydantic AI: what one run of an agent is given. The agent comes from a factory in this
module; the run's instructions are built per request (the reviewer's language first), and
its user prompt puts the submitted text before the fixed checklist."""
from pydantic_ai import Agent

from policy import POLICY

_reviewer = None


def reviewer() -> Agent:
    global _reviewer
    if _reviewer is None:
        _reviewer = Agent("openai:gpt-4o-mini", name="reviewer")
    return _reviewer


LANGUAGE_HINTS = {"en": "Write the review in English.", "de": "Schreibe auf Deutsch."}


async def review(submission: str, lang: str):
    instructions = f"{LANGUAGE_HINTS[lang]}\n\n{POLICY}"
    result = await reviewer().run(f"Submission:\n{submission}\n\n{POLICY}",
                                  instructions=instructions)
    return result.output


def summarize(notes: str):
    agent = Agent("openai:gpt-4o-mini", instructions=POLICY)
    return agent.run_sync(f"Summarize these notes:\n{notes}").output
