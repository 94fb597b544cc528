"""The crawler's call of the model: it is given one prompt."""
from openai import OpenAI

client = OpenAI(base_url="http://localhost:8000/v1")


def chat(query):
    reply = client.chat.completions.create(
        model="qwen2.5-7b-instruct", messages=[{"role": "user", "content": query}])
    return reply.choices[0].message.content
