import openai

from prompts import classification_prompt


def classify(email):
    return openai.responses.create(model="gpt-4.1-mini", input=classification_prompt(email))
