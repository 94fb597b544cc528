"""A header chosen by `match` on the caller's channel, and a timestamp read in a `try` whose
`except` falls back to a constant: the normal path is what is sent."""
from datetime import datetime

from openai import OpenAI

from policy import POLICY

client = OpenAI()


def header_for(channel, customer):
    match channel:
        case "phone":
            header = f"Caller: {customer.full_name}.\n"
        case "chat":
            header = f"Chat with {customer.full_name}.\n"
        case _:
            header = ""
    return header + POLICY


def opened_at():
    try:
        stamp = datetime.now().strftime("%H:%M:%S")
    except OverflowError:
        stamp = "unknown time"
    return stamp


def answer(channel, customer, question):
    return client.chat.completions.create(model="gpt-4o", messages=[
        {"role": "system", "content": header_for(channel, customer)},
        {"role": "user", "content": question}])


def log_desk(question):
    return client.chat.completions.create(model="gpt-4o", messages=[
        {"role": "system", "content": f"Desk opened at {opened_at()}.\n" + POLICY},
        {"role": "user", "content": question}])
