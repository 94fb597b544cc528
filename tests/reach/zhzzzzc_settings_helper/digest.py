"""A channel digest: the reply language comes from the deployment's settings (the same on
every request), the date from the day's values (a new prefix every day)."""
from openai import OpenAI

from .settings import load_settings, today_values

client = OpenAI()


class Digest:
    def __init__(self) -> None:
        self.settings = load_settings()

    def write(self, transcript: str) -> str:
        system = (
            f"You write the team channel's daily digest, in {self.settings.get('language', 'English')}.\n"
            f"Digest date: {today_values()['today']}.\n"
            "List decisions first, then open questions, then who owes what to whom.\n"
            "Quote nobody; name people only when they took on a task.\n"
            "Keep each item to one line and drop greetings, thanks and jokes.\n"
            "End with the one decision the team should revisit, if there is one."
        )
        return client.chat.completions.create(
            model=self.settings["model"],
            messages=[
                {"role": "system", "content": system},
                {"role": "user", "content": transcript},
            ],
        ).choices[0].message.content
