from openai import OpenAI

client = OpenAI()


def complete(system: str, message: str) -> str:
    messages = [{"role": "system", "content": system}, {"role": "user", "content": message}]
    return client.chat.completions.create(model="support-model", messages=messages)
