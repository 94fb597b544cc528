"""The simulation's loader: a prompt file is named by a computed path, its numbered
`!<INPUT n>!` slots filled in order, and its notes (up to the comment-block marker) cut off.
The file is measured on its own: the persona comes before the planning rules."""
import os

from openai import OpenAI

PROMPT_DIR = os.path.join(os.path.dirname(__file__), "templates")
client = OpenAI()


def fill(inputs: list[str], name: str) -> str:
    with open(os.path.join(PROMPT_DIR, f"{name}.txt")) as handle:
        text = handle.read()
    for index, value in enumerate(inputs):
        text = text.replace(f"!<INPUT {index}>!", value)
    return text.split("<commentblockmarker>###</commentblockmarker>")[1].strip()


def run(inputs: list[str], name: str) -> str:
    reply = client.chat.completions.create(model="gpt-4o-mini", messages=[
        {"role": "user", "content": fill(inputs, name)}])
    return reply.choices[0].message.content
