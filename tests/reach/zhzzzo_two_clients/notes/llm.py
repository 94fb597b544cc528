"""The notes app's call of the model: it is given the whole message list."""
from openai import OpenAI

client = OpenAI(base_url="http://localhost:8000/v1")


def chat(messages):
    reply = client.chat.completions.create(model="qwen2.5-7b-instruct", messages=messages)
    return reply.choices[0].message.content
