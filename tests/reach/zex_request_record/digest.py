"""Turns a day of support tickets into a digest for the team."""
from .runner import ChatJob, JobRunner

DIGEST_RULES = """Write the digest as three sections: Incidents, Requests and Praise.
Under each section list at most five bullets, most urgent first, each under twenty words.
Name products exactly as the tickets do, never guess a customer's intent, and quote error
codes verbatim. If a section has no tickets, write "Nothing today." under its heading.
Finish with one sentence that says which team should look at the digest first and why."""


class DigestWriter:
    def __init__(self, runner: JobRunner) -> None:
        self._runner = runner

    async def write(self, tickets: list[str], team_id: str) -> str:
        listing = "\n".join(f"- {ticket}" for ticket in tickets)
        job = ChatJob(
            messages=(
                {"role": "system", "content": "You summarize support tickets."},
                {"role": "user", "content": f"Tickets:\n{listing}\n\n{DIGEST_RULES}"},
            ),
            label="digest",
        )
        return await self._runner.run(job)
