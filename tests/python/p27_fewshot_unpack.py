from openai import OpenAI

client = OpenAI()

FEW_SHOT = [
    {"role": "user", "content": "The export failed with error 413."},
    {"role": "assistant", "content": "Category: exports. The file is over the 2 GB limit."},
    {"role": "user", "content": "I was charged twice for one seat."},
    {"role": "assistant", "content": "Category: billing. One charge is a pending authorization."},
]


def classify(ticket):
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": "Classify support tickets by category and likely cause."},
        *FEW_SHOT,
        {"role": "user", "content": ticket}])
