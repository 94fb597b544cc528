"""The agent sends each pivot's logs with the analyst's indicator in the request."""
from openai import OpenAI

import hunt_prompts

client = OpenAI(base_url="http://localhost:8000/v1", api_key="local")


def pivot(indicator: str, logs: str) -> str:
    user = hunt_prompts.hunt_message(f"Find activity related to {indicator}", logs)
    reply = client.chat.completions.create(
        model="llama-3.1-8b-instruct", messages=[hunt_prompts.SYSTEM_MESSAGE, user])
    return reply.choices[0].message.content
