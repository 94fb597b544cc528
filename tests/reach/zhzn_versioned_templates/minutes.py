import os

import httpx

from prompts.render import render

VERSION = os.environ.get("PROMPT_VERSION", "v2")


def write_minutes(transcript: str) -> str:
    prompt = render("minutes", {"transcript": transcript}, VERSION)
    reply = httpx.post("http://localhost:8000/v1/completions",
                       json={"model": "notes", "prompt": prompt, "max_tokens": 800})
    return reply.json()["choices"][0]["text"]
