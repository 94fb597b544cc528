"""A game bot's system prompt: a `$`-template filled by a helper that passes its keywords
through, then posted with the turn's observation."""
from string import Template

import requests

CODING_PROMPT = """You are $NAME, a bot in a block-building game. Your task: $TASK

Write one JavaScript function per turn, using only the skills listed below.
Check the inventory before crafting, and never break blocks you did not place.
When an action fails, read the error, change one thing, and try again.
Answer with JSON holding two keys: "plan", one sentence, and "code", the function.
Keep every function under forty lines, and never wait longer than ten seconds."""


def fill(prompt: str, **values) -> str:
    return Template(prompt).safe_substitute(**values)


def act(player_name: str, task: str, observation: str) -> str:
    system = fill(CODING_PROMPT, NAME=player_name, TASK=task)
    messages = [{"role": "system", "content": system},
                {"role": "user", "content": observation}]
    response = requests.post("https://openrouter.ai/api/v1/chat/completions",
                             json={"model": "openai/gpt-4o-mini", "messages": messages})
    return response.json()["choices"][0]["message"]["content"]
