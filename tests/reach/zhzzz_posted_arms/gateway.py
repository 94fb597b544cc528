import requests


class Gateway:
    def __init__(self, url="http://localhost:8000/v1/chat/completions"):
        self.url = url

    def call(self, system=None, user=None, options=None):
        options = options or {}
        if "messages" in options:
            body = {"model": "qwen2.5", "stream": False}
            body.update(options)
        else:
            body = {
                "model": "qwen2.5",
                "messages": [
                    {"role": "system", "content": system or ""},
                    {"role": "user", "content": user or ""},
                ],
            }
            body.update(options)
        reply = requests.post(self.url, json=body, timeout=60)
        return reply.json()["choices"][0]["message"]["content"]


gateway = Gateway()
