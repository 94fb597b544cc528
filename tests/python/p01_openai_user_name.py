from openai import OpenAI

from policy import POLICY

client = OpenAI()


def reply(user, question):
    system = f"You are talking to {user.name}.\n" + POLICY
    return client.chat.completions.create(
        model="gpt-4.1",
        messages=[{"role": "system", "content": system}, {"role": "user", "content": question}],
    )
