"""One backend: messages as role dicts, sent with the OpenAI SDK."""
from openai import OpenAI

from backends.base import Assistant


class OpenAIAssistant(Assistant):
    def __init__(self):
        self.client = OpenAI()

    @staticmethod
    def system_message(text):
        return {"role": "system", "content": text}

    @staticmethod
    def user_message(text):
        return {"role": "user", "content": text}

    def submit(self, messages):
        return self.client.chat.completions.create(model="gpt-4o", messages=messages)
