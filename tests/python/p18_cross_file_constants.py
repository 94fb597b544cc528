from openai import OpenAI

from policy import PERSONA, POLICY

client = OpenAI()


def reply(question):
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": PERSONA + "\n\n" + POLICY},
        {"role": "user", "content": question}])
