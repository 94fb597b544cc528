import httpx

ENDPOINT = "http://localhost:8000/v1/chat/completions"


def post_chat(system, user):
    body = {"model": "local", "messages": [
        {"role": "system", "content": system}, {"role": "user", "content": user}]}
    return httpx.post(ENDPOINT, json=body).json()["choices"][0]["message"]["content"]
