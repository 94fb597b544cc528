from datetime import date

from openai import OpenAI

from policy import POLICY

client = OpenAI()


def answer(question, history):
    system = "You help Northwind customers."
    today = date.today().isoformat()
    system = f"{system} Today's date: {today}.\n"
    system = system + POLICY
    messages = [{"role": "system", "content": system}, *history,
                {"role": "user", "content": question}]
    return client.chat.completions.create(model="gpt-4.1", messages=messages)
