from openai import OpenAI

client = OpenAI()


def reply(question):
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": question}
