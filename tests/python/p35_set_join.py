from openai import OpenAI

from policy import POLICY

client = OpenAI()
LABELS = {"billing", "outage", "security", "account"}


def classify(ticket):
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": "Labels: " + ", ".join(LABELS) + "\n" + POLICY},
        {"role": "user", "content": ticket}])
