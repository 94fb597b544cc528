from openai import OpenAI

from .base import BaseLLM


class HostedLLM(BaseLLM):
    def __init__(self):
        self.client = OpenAI()

    def complete_text(self, prompt):
        reply = self.client.chat.completions.create(
            model="gpt-4o", messages=[{"role": "user", "content": prompt}])
        return reply.choices[0].message.content
