import json

from openai import OpenAI

from policy import POLICY

client = OpenAI()


def reply(schema, question):
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": "Output schema: " + json.dumps(schema) + "\n" + POLICY},
        {"role": "user", "content": question}])
