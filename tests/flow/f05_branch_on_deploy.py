import os

from openai import OpenAI

from policy import POLICY

client = OpenAI()


def respond(question):
    if os.getenv("NORTHWIND_VERBOSE"):
        intro = "Explain each step of your reasoning in one short line.\n"
    else:
        intro = "Answer directly.\n"
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": intro + POLICY}, {"role": "user", "content": question}])
