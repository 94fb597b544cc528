from openai import OpenAI

from policy import POLICY

client = OpenAI()
PREMIUM = "You are the premium concierge. Offer a callback within the hour.\n"
STANDARD = "You are the support assistant. Offer an email follow-up.\n"


def respond(user, question):
    if user.is_premium:
        intro = PREMIUM
    else:
        intro = STANDARD
    system = intro + POLICY
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": system}, {"role": "user", "content": question}])
