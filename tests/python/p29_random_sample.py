import random

from openai import OpenAI

from policy import POLICY

client = OpenAI()
TIPS = ["Mention the status page.", "Offer a human agent.", "Quote the docs."]


def reply(question):
    tip = random.choice(TIPS)
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": f"Tip of the day: {tip}\n{POLICY}"},
        {"role": "user", "content": question}])
