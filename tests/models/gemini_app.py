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


def profile(character):
    # a chat object sends the system instruction it was made with, then each message
    session = client.chats.create(
        model="gemini-2.5-flash",
        config=types.GenerateContentConfig(system_instruction="You profile characters."))
    return session.send_message(f"Character: {character}\n" + POLICY)


def legacy_chat(earlier_turns, question):
    import google.generativeai as gm

    # the turns a chat starts from come before every message sent to it
    conversation = gm.GenerativeModel("gemini-1.5-flash").start_chat(history=earlier_turns)
    return conversation.send_message(POLICY + f"\nQuestion: {question}")
