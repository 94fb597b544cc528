import os

from openai import OpenAI

from .base import BaseLLM


class LocalLLM(BaseLLM):
    def __init__(self):
        self.client = OpenAI(base_url=os.environ["LOCAL_LLM_URL"])

    def complete_text(self, prompt):
        reply = self.client.chat.completions.create(
            model="local", messages=[{"role": "user", "content": prompt}])
        return reply.choices[0].message.content
