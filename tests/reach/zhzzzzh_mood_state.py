"""A companion whose mood is a dict the object keeps: `nudge()` changes its entries as the
conversation goes, so the mood the system prompt opens with is not what `__init__` wrote."""
from openai import OpenAI

client = OpenAI()

COMPANION_RULES = """Reply in two or three sentences, and ask at most one question back.
Remember what the user told you earlier in this conversation and refer to it by name.
Never give medical, legal or financial advice; suggest a professional instead.
When the user seems upset, acknowledge it before anything else, in your own words.
Do not use emoji, lists or headings; write as a friend would in a text message."""


class Companion:
    def __init__(self) -> None:
        self.mood = {"cheer": 50, "patience": 80}
        self.style = {"tone": "gentle"}

    def nudge(self, feeling: str, amount: int) -> None:
        self.mood[feeling] = max(0, min(100, self.mood[feeling] + amount))

    def system_prompt(self) -> str:
        opening = "You are a friendly companion."
        if self.mood["cheer"] > 70:
            opening += " You are in high spirits today."
        return (f"{opening} Your tone is {self.style['tone']}; your patience stands at "
                f"{self.mood['patience']} of 100.\n{COMPANION_RULES}")

    def reply(self, message: str) -> str:
        return client.chat.completions.create(
            model="gpt-4o",
            messages=[{"role": "system", "content": self.system_prompt()},
                      {"role": "user", "content": message}],
        ).choices[0].message.content
