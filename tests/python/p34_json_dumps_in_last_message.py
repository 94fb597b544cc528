import json

from openai import OpenAI

from policy import POLICY

client = OpenAI()


def reply(profile, question):
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": POLICY},
        {"role": "user", "content": json.dumps(profile) + "\n" + question}])
