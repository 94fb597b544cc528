"""Facts about the person asked about, given to an agent's constructor and joined into its
system prompt above the rules: an object made per conversation holds them, so they are not
the code's constants (an example list written in the module would be)."""
from openai import OpenAI

from rules_text import RULES


def system_prompt(card: list[str] | None) -> str:
    section = ""
    if card:
        section = f"Known facts about the person:\n{chr(10).join(card)}\n"
    return f"You answer questions about one person.\n{section}\n{RULES}"


class Answerer:
    def __init__(self, card: list[str] | None):
        self.client = OpenAI()
        self.messages = [{"role": "system", "content": system_prompt(card)}]

    def ask(self, question: str) -> str:
        self.messages.append({"role": "user", "content": question})
        reply = self.client.chat.completions.create(model="gpt-4o", messages=self.messages)
        return reply.choices[0].message.content
