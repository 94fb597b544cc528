from mistralai import Mistral

from policy import POLICY

client = Mistral(api_key="...")


def answer(user, question):
    return client.chat.complete(model="mistral-large-latest", messages=[
        {"role": "system", "content": f"You are helping {user.username}.\n" + POLICY},
        {"role": "user", "content": question}])
