from openai import OpenAI

from handoff.prompts import render

client = OpenAI()


def handoff_note(conversation: list[dict]) -> str:
    # the instructions come last, after the whole conversation: a new one every time
    instructions = render("bundled://handoff.md")
    messages = conversation + [{"role": "user", "content": instructions}]
    reply = client.chat.completions.create(model="gpt-4o-mini", messages=messages)
    return reply.choices[0].message.content
