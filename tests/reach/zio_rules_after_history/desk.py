"""A chat desk: the conversation so far, then the citation rules, then the new question."""
from openai import OpenAI

from rules import CITATION_RULES, DESK_SYSTEM

client = OpenAI()


class Desk:
    def __init__(self):
        self.turns = []

    def ask(self, question: str) -> str:
        messages = [{"role": "system", "content": DESK_SYSTEM}]
        messages.extend(self.turns)
        messages.append({"role": "user", "content": CITATION_RULES})
        messages.append({"role": "user", "content": question})
        response = client.chat.completions.create(model="gpt-4o-mini", messages=messages)
        answer = response.choices[0].message.content
        self.turns += [{"role": "user", "content": question},
                       {"role": "assistant", "content": answer}]
        return answer
