from openai import OpenAI

from policy import PERSONA, POLICY

client = OpenAI()


def reply(user, question):
    system = "\n".join([PERSONA, f"Contact: {user.email}", POLICY])
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": system}, {"role": "user", "content": question}])
