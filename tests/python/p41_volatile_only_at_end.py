from datetime import datetime

from openai import OpenAI

from policy import PERSONA, POLICY

client = OpenAI()


def reply(user, session_id, question):
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": PERSONA + "\n" + POLICY},
        {"role": "user", "content": f"[{datetime.now():%H:%M}] {user.name} ({session_id}): {question}"}])
