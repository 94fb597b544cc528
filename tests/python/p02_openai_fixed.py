from openai import OpenAI

from policy import PERSONA, POLICY

client = OpenAI()


def reply(user, question):
    return client.chat.completions.create(
        model="gpt-4.1",
        messages=[
            {"role": "system", "content": PERSONA + "\n" + POLICY},
            {"role": "user", "content": f"I am {user.name}. {question}"},
        ],
    )
