from openai import OpenAI

from policy import POLICY

client = OpenAI()


def reply(user, question):
    # prefixlint: ignore[PFX002] one persona per user is intended here
    system = f"You are {user.name}'s personal assistant.\n" + POLICY
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": system}, {"role": "user", "content": question}])
