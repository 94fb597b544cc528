import random

from openai import OpenAI

from policy import POLICY

client = OpenAI()
EXAMPLES = [("Where is my invoice?", "Under Billing, then History."),
            ("Can I change my plan?", "Yes, from Settings, then Plan."),
            ("How do I add a seat?", "Admins add seats from Settings, then Members.")]


def respond(question):
    shots = "\n".join(f"Q: {q}\nA: {a}" for q, a in random.sample(EXAMPLES, k=len(EXAMPLES)))
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": POLICY + shots}, {"role": "user", "content": question}])
