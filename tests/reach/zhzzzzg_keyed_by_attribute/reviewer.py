"""A reviewer whose prompts are entries of a JSON file the project ships, chosen by a style
the object holds: the story opens the strict review's user message, before its rules."""
import json

from openai import OpenAI

client = OpenAI()


def load_prompts(path="data/review_prompts.json"):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


class StrictReviewer:
    def __init__(self) -> None:
        self.prompts = load_prompts()
        self.style = "strict"

    def review(self, story: str) -> str:
        messages = [
            {"role": "system", "content": self.prompts[self.style]["system"]},
            {"role": "user",
             "content": self.prompts[self.style]["user"].replace("[STORY]", story)},
        ]
        reply = client.chat.completions.create(model="gpt-4o-mini", messages=messages)
        return reply.choices[0].message.content
