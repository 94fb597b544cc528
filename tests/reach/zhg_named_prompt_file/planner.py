from openai import OpenAI

from .prompts import load_agent_prompt

NAME = "Trip Planner"
client = OpenAI()


def plan(destination: str, request: str) -> str:
    system = load_agent_prompt(NAME).format(destination=destination)
    reply = client.chat.completions.create(model="gpt-4.1-mini", messages=[
        {"role": "system", "content": system}, {"role": "user", "content": request}])
    return reply.choices[0].message.content
