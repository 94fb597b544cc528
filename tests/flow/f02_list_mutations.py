from openai import OpenAI

from policy import POLICY

client = OpenAI()


def reply(name, question, history, notes):
    messages = [{"role": "system", "content": f"Customer: {name}\n" + POLICY}]
    messages += history
    messages.extend(notes)
    messages.append({"role": "user", "content": question})
    return client.chat.completions.create(model="gpt-4.1", messages=messages)
