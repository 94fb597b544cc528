"""A planner's reply (a model object called on its messages) opens the writer's system text."""

from openai import OpenAI

WRITER_RULES = """Follow the plan above step by step. Write in plain English for readers who
are new to the subject, define each technical term the first time it appears, and keep every
paragraph under five sentences. End with a short list of the sources a reader should check."""


class Planner:
    def __init__(self, model):
        self.model = model

    def plan(self, messages):
        reply = self.model(messages)
        return reply.content


def write(topic, planner: Planner):
    plan = planner.plan([{"role": "user", "content": f"Plan an article about {topic}."}])
    client = OpenAI()
    return client.chat.completions.create(model="gpt-4o", messages=[
        {"role": "system", "content": f"The plan: {plan}\n\n{WRITER_RULES}"},
        {"role": "user", "content": "Write the article."}])
