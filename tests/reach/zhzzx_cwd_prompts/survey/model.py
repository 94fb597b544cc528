from openai import OpenAI

client = OpenAI()


def ask(role, prompt):
    messages = [{"role": "system", "content": role}, {"role": "user", "content": prompt}]
    answer = client.chat.completions.create(model="gpt-4.1-mini", messages=messages)
    return answer.choices[0].message.content
