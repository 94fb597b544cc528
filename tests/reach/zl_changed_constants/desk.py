from datetime import datetime

from openai import OpenAI

from zl_changed_constants.prompts import DESK_PROMPT

client = OpenAI()


def answer(question):
    """The only code that sends the constant: a pre-commit run of prompts.py alone reads it."""
    system = DESK_PROMPT.format(stamp=datetime.now().isoformat())
    return client.chat.completions.create(model="desk", messages=[
        {"role": "system", "content": system}, {"role": "user", "content": question}])
