"""The model the app talks to: made on first use, the local server unless configured."""
import os

import openai
import requests

_provider = None
_provider_name = os.getenv("LYRICS_PROVIDER", "local")


class CloudProvider:
    def write_lines(self, prompt: str) -> str:
        response = openai.chat.completions.create(
            model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}])
        return response.choices[0].message.content


class LocalProvider:
    def write_lines(self, prompt: str) -> str:
        reply = requests.post("http://localhost:11434/api/generate",
                              json={"model": "llama3.1", "prompt": prompt, "stream": False})
        return reply.json()["response"]


def get_provider():
    global _provider
    if _provider is None:
        if _provider_name == "cloud":
            _provider = CloudProvider()
        else:
            _provider = LocalProvider()
    return _provider
