from openai import OpenAI

from policy import POLICY

client = OpenAI()


def system_prompt(name):
    return f"You are talking to {name}.\n{POLICY}"


def reply(user, question):
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": system_prompt(user.name)},
        {"role": "user", "content": question}])
