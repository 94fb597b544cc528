"""The benefits assistant reads its instructions from the file the package ships, and keeps
a one-line fallback for an installation that lost it; the language note goes after them."""
from pathlib import Path

from openai import OpenAI

client = OpenAI()
PROMPTS = Path(__file__).parent / "prompts"


class BenefitsAssistant:
    def __init__(self):
        self.instructions = self._load_instructions()

    def _load_instructions(self) -> str:
        path = PROMPTS / "answer.md"
        if path.exists():
            return path.read_text(encoding="utf-8")
        else:
            return "You answer employees' questions about their benefits."

    def answer(self, question: str, language: str) -> str:
        note = "Reply in French." if language == "fr" else "Reply in English."
        reply = client.chat.completions.create(
            model="gpt-4o-mini",
            messages=[{"role": "system", "content": self.instructions + "\n\n" + note},
                      {"role": "user", "content": question}],
        )
        return reply.choices[0].message.content
