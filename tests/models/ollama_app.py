import time

import httpx
import ollama

from policy import POLICY


def chat(question):
    return ollama.chat(model="llama3.2", messages=[
        {"role": "system", "content": f"Request {time.time()}\n" + POLICY},
        {"role": "user", "content": question}])


def generate(question):
    return ollama.generate(model="llama3.2", system=POLICY, prompt=question)


async def over_http(question, request_id):
    async with httpx.AsyncClient() as http:
        return await http.post("http://localhost:11434/api/generate", json={
            "model": "llama3.2", "system": f"Request id {request_id}\n" + POLICY,
            "prompt": question, "stream": False})
