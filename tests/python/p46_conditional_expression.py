from openai import OpenAI

from policy import POLICY

client = OpenAI()


def reply(user, question):
    tier = "Premium" if user.is_premium else "Standard"
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": f"{tier} customer.\n{POLICY}"},
        {"role": "user", "content": question}])
