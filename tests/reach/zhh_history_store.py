from datetime import datetime

from openai import OpenAI

client = OpenAI()

PERSONA = (
    "You are a kitchen voice assistant. Keep answers short enough to be read aloud, "
    "name quantities in metric units, and ask before changing a timer that is running."
)


class History:
    """The turns of one conversation, kept in order."""

    def __init__(self) -> None:
        self.turns: list[dict] = []

    def add(self, role: str, content: str) -> None:
        self.turns.append({"role": role, "content": content})

    def get(self, last: int = 20, text_only: bool = False) -> list[dict]:
        kept = self.turns[-last:]
        if text_only:
            kept = [turn for turn in kept if isinstance(turn["content"], str)]
        return kept


class Assistant:
    def __init__(self) -> None:
        self.history = History()

    def system_message(self) -> dict:
        # the clock at the end of the system message, before every earlier turn
        now = datetime.now().strftime("%A %H:%M:%S")
        return {"role": "system", "content": f"{PERSONA}\n\nCurrent time: {now}"}

    def answer(self, text: str) -> str:
        self.history.add("user", text)
        reply = client.chat.completions.create(
            model="gpt-4.1-mini",
            messages=[self.system_message()] + self.history.get(text_only=True))
        content = reply.choices[0].message.content
        self.history.add("assistant", content)
        return content
