"""What `__init__(self, name)` is given names the object being made: a model card's `name`
is fixed for the card's lifetime (no finding), while a customer's `name` is a person's, and
ends the prefix of every customer's prompt."""
from openai import OpenAI

GUIDE = """Model: {model_name}
You explain this model to analysts. Describe only what its card says, quote its metrics with
their units, never guess a figure the card leaves out, say which features it reads when asked
why it decided something, and answer in at most five short sentences unless asked for more."""

GREETING = """Customer: {name}
Greet the customer, then answer their question about their order using only the order
records given below, quote tracking numbers exactly, never promise a delivery date that the
records do not show, and hand over to a person whenever the customer asks for a refund."""


class ModelCard:
    def __init__(self, name: str, metrics: dict) -> None:
        self.name = name
        self.metrics = metrics

    def explain(self, question: str) -> str:
        reply = OpenAI().chat.completions.create(model="gpt-4o-mini", messages=[
            {"role": "system", "content": GUIDE.format(model_name=self.name)},
            {"role": "user", "content": question}])
        return reply.choices[0].message.content


class Customer:
    def __init__(self, name: str) -> None:
        self.name = name

    def ask(self, question: str) -> str:
        reply = OpenAI().chat.completions.create(model="gpt-4o-mini", messages=[
            {"role": "system", "content": GREETING.format(name=self.name)},
            {"role": "user", "content": question}])
        return reply.choices[0].message.content
