from openai import OpenAI

from policy import POLICY

client = OpenAI()


def answer(docs, question):
    context = "\n\n".join(d.text for d in docs)
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": f"Documents:\n{context}\n\n{POLICY}"},
        {"role": "user", "content": question}])
