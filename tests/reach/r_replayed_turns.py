"""A chat bot that walks a thread from the newest post back, so it builds its messages in
reverse and flips them before sending; the persona comes from settings the code loads (its
text is not in view) with the clock put in for `{now}`, and each stored post keeps its role."""

from datetime import datetime

from openai import OpenAI

client = OpenAI(base_url="http://llm.internal:8080/v1", api_key="unused")


def reply(thread, settings):
    turns = []
    post = thread.latest
    while post is not None and len(turns) < 20:
        turns.append(dict(role=post.author_role, content=post.body))
        post = post.parent
    if persona := settings.get("persona"):
        persona = persona.replace("{now}", datetime.now().strftime("%H:%M"))
        turns.append({"role": "system", "content": persona})
    return client.chat.completions.create(model="local", messages=turns[::-1])
