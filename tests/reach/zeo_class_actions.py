"""An agent whose action space is the descriptions its action classes give of themselves
(class methods, called on the classes of a list, never on an instance): constant text, so
only the question placed before the rules breaks the prefix."""
from openai import OpenAI

client = OpenAI()

SYSTEM = """You are a data analyst working in a sandbox with a warehouse attached.

# ACTIONS #
{actions}

# TASK #
{question}

# RULES #
Answer with exactly one action per turn. Never invent table names: list the tables first,
then sample rows, then write the query. Keep every query read-only and under one hundred
lines, and state the plan in one sentence before the action. Finish once the answer file
is written, and never ask the user a question back.
"""


class Action:
    @classmethod
    def describe(cls) -> str:
        return "An action."


class RunQuery(Action):
    @classmethod
    def describe(cls) -> str:
        return """## RunQuery
Runs one read-only SQL query against the warehouse and returns the first rows."""


class Finish(Action):
    @staticmethod
    def describe() -> str:
        return """## Finish
Ends the task with the path of the answer file."""


class Analyst:
    def __init__(self, settings: dict, question: str):
        if settings["mode"] == "warehouse":
            self.kinds = [RunQuery, Finish]
            actions = "".join([kind.describe() for kind in self.kinds])
        else:
            actions = Finish.describe()
        self.system = SYSTEM.format(actions=actions, question=question)

    def step(self, observation: str) -> str:
        reply = client.chat.completions.create(
            model="gpt-4o",
            messages=[{"role": "system", "content": self.system},
                      {"role": "user", "content": observation}],
        )
        return reply.choices[0].message.content
