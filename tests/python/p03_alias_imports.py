import datetime as dt

from openai import OpenAI as Client

from policy import POLICY

llm = Client()


def reply(question):
    stamp = dt.datetime.now().isoformat()
    return llm.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": f"Current time: {stamp}\n{POLICY}"},
        {"role": "user", "content": question},
    ])
