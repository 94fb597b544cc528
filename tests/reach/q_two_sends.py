"""One client method that sends from either branch: a call of it is one prompt."""
from openai import OpenAI

from rules_text import RULES


class Reviewer:
    def __init__(self):
        self.client = OpenAI()

    def review(self, essay, quick=False):
        if quick:
            return self.client.chat.completions.create(model="gpt-4o-mini", messages=[
                {"role": "system", "content": RULES},
                {"role": "user", "content": essay}])
        return self.client.chat.completions.create(model="gpt-4o", messages=[
            {"role": "system", "content": RULES + "\nQuote every sentence you judge."},
            {"role": "user", "content": essay}])


def grade(submission):
    return Reviewer().review(submission.essay_text)
