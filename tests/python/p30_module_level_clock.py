from datetime import datetime

from openai import OpenAI

from policy import POLICY

client = OpenAI()
STARTED = datetime.now().isoformat()
SYSTEM = f"Service started {STARTED}.\n{POLICY}"


def reply(question):
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": SYSTEM}, {"role": "user", "content": question}])
