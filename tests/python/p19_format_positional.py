from openai import OpenAI

from policy import POLICY

client = OpenAI()
HEADER = "Account {}.\n"


def reply(user_id, question):
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": HEADER.format(user_id) + POLICY},
        {"role": "user", "content": question}])
