from datetime import date

from openai import OpenAI

from policy import POLICY

client = OpenAI()


def reply(question):
    system = "Today is " + str(date.today()) + ".\n" + POLICY
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": system}, {"role": "user", "content": question}])
