import requests

OLLAMA = "http://localhost:11434"


def embed(text):
    """Text to embed, posted with a `prompt` key: not a prompt."""
    body = {"model": "nomic-embed-text", "prompt": text}
    return requests.post(f"{OLLAMA}/api/embeddings", json=body).json()["embedding"]


def embed_batch(texts):
    return requests.post(OLLAMA + "/v1/embeddings", json={"model": "e5", "input": texts}).json()


def summarize(text):
    """The same server's /api/generate: a prompt."""
    body = {"model": "llama3", "system": "Summarize the text in three sentences.", "prompt": text}
    return requests.post(f"{OLLAMA}/api/generate", json=body).json()["response"]
