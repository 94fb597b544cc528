import json

from openai import OpenAI

from policy import POLICY

client = OpenAI()


def answer(model, region, question):
    settings = json.dumps({"model": model, "region": region})
    messages = [
        {"role": "system", "content": f"Settings: {settings}\n{POLICY}"},
        {"role": "user", "content": question}]
    reply = client.chat.completions.create(model=model, messages=messages).choices[0].message
    dialog = [*messages, {"role": reply.role, "content": reply.content}]
    return reply.content, dialog
