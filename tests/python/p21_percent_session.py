from openai import OpenAI

from policy import POLICY

client = OpenAI()


def reply(session_id, question):
    system = "Session %s\n%s" % (session_id, POLICY)
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": system}, {"role": "user", "content": question}])
