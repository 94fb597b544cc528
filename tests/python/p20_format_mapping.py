from openai import OpenAI

from policy import POLICY

client = OpenAI()
TEMPLATE = "Tone: {tone}.\n" + POLICY


def reply(values, question):
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": TEMPLATE.format(**values)},
        {"role": "user", "content": question}])
