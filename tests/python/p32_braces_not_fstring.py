from openai import OpenAI

from policy import POLICY

client = OpenAI()
FORMAT = 'Reply as JSON: {"answer": "...", "sources": ["..."]}. Use {user} literally.\n'


def reply(question):
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": FORMAT + POLICY}, {"role": "user", "content": question}])
