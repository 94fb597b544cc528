from datetime import datetime

from google import genai
from google.genai import types

from policy import POLICY

client = genai.Client()


def answer(question):
    return client.models.generate_content(
        model="gemini-2.5-flash",
        contents=question,
        config=types.GenerateContentConfig(
            system_instruction=f"Local time: {datetime.now():%H:%M}.\n" + POLICY),
    )


def chat(user):
    return client.chats.create(
        model="gemini-2.5-flash",
        config=types.GenerateContentConfig(system_instruction=POLICY))


def legacy_model(genai_legacy):
    import google.generativeai as gm

    return gm.GenerativeModel("gemini-1.5-flash", system_instruction=POLICY)


def legacy_answer(customer, question):
    import google.generativeai as gm

    model = gm.GenerativeModel("gemini-1.5-flash")
    return model.generate_content(f"Customer: {customer}\n" + POLICY + f"\nQuestion: {question}")
