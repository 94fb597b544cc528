from openai import OpenAI

from app.loader import load_prompt

client = OpenAI(base_url="http://localhost:8000/v1")


def plan(field: str, question: str) -> str:
    system = load_prompt("planner", "system").format(FIELD=field)
    reply = client.chat.completions.create(model="local", messages=[
        {"role": "system", "content": system}, {"role": "user", "content": question}])
    return reply.choices[0].message.content
