"""The project's client: every completion opens with the day's date and the house rules."""

from datetime import date

from openai import OpenAI

RULES = """You answer questions about the shop's orders, returns and shipping. Quote the
order number you are asked about, give dates as written in the order history, and say when
the history does not show what the customer asks instead of guessing an answer."""


class Assistant:
    def __init__(self):
        self.client = OpenAI()

    def complete(self, messages, temperature=0.2):
        system = f"Today is {date.today():%d %B %Y}.\n{RULES}"
        return self.client.chat.completions.create(
            model="gpt-4o", temperature=temperature,
            messages=[{"role": "system", "content": system}, *messages])
