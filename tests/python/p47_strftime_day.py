from datetime import datetime

from openai import OpenAI

from policy import POLICY

client = OpenAI()


def reply(question):
    today = datetime.now().strftime("%A %d %B %Y")
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": f"Today is {today}.\n{POLICY}"},
        {"role": "user", "content": question}])
