import random

from openai import OpenAI

from p27_fewshot_unpack import FEW_SHOT

client = OpenAI()


def classify(ticket):
    shots = list(FEW_SHOT)
    random.shuffle(shots)
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": "Classify support tickets by category and likely cause."},
        *shots,
        {"role": "user", "content": ticket}])
