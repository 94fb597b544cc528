"""G: a timestamp taken when a bot is made, and every bot kept in a module-level cache."""
from datetime import datetime

from openai import OpenAI

from rules_text import RULES

OPENING = """Desk session opened at {opened}.
You answer questions from students about how their essays will be graded.
"""

client = OpenAI()
_DESKS = {}


class Desk:
    def __init__(self, course):
        self.course = course
        self.system = OPENING.format(opened=datetime.now().isoformat()) + RULES

    def ask(self, question):
        return client.chat.completions.create(model="gpt-4o", messages=[
            {"role": "system", "content": self.system},
            {"role": "user", "content": question}])


def desk_for(course):
    if course not in _DESKS:
        _DESKS[course] = Desk(course)
    return _DESKS[course]
