from openai import OpenAI

from policy import POLICY

client = OpenAI()


def send(history, question):
    """The conversation so far, then the policy and the question: the loop's items are the
    history (per session), whatever the loop variable is called."""
    messages = []
    for number, message in enumerate(history):
        messages.append({"role": "user" if number % 2 == 0 else "assistant",
                         "content": message.text})
    messages.append({"role": "user", "content": POLICY + question})
    return client.chat.completions.create(model="chat", messages=messages)
