"""Another backend of the same shape, through Azure's deployment of the same SDK."""
from openai import AzureOpenAI

from backends.base import Assistant


class AzureAssistant(Assistant):
    def __init__(self, endpoint):
        self.client = AzureOpenAI(azure_endpoint=endpoint, api_version="2024-10-21")

    def system_message(self, text):
        return {"role": "system", "content": text}

    def user_message(self, text):
        return {"role": "user", "content": text}

    def submit(self, messages):
        return self.client.chat.completions.create(model="analyst", messages=messages)
