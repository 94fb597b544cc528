import requests


class LocalModel:
    def __init__(self, url: str, name: str) -> None:
        self.url = url
        self.name = name

    def chat(self, instructions: str, question: str) -> str:
        body = {"model": self.name, "stream": False, "messages": [
            {"role": "system", "content": instructions}, {"role": "user", "content": question}]}
        reply = requests.post(self.url + "/v1/chat/completions", json=body, timeout=60)
        return reply.json()["choices"][0]["message"]["content"]
