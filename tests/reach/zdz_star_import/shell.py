"""The shell names its texts through a star import."""

from openai import OpenAI

from .texts import *  # noqa: F403

client = OpenAI()


def ask(history, goal):
    messages = [{"role": "system", "content": SYSTEM_MESSAGE}, *history,  # noqa: F405
                {"role": "user", "content": goal}]
    return client.chat.completions.create(model="gpt-4o-mini", messages=messages)
