import os

from openai import OpenAI

from policy import POLICY

client = OpenAI()
SYSTEM = f"Release {os.environ.get('APP_RELEASE', 'dev')}.\n{POLICY}"


def reply(question):
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": SYSTEM}, {"role": "user", "content": question}])
