"""A bot whose system prompt lives in its settings file: loaded by a helper, read with
`.get` in a walrus, its `{time}` filled by hand, and put before the stored history."""

from datetime import datetime
from pathlib import Path

import yaml
from openai import OpenAI

client = OpenAI(base_url="http://llm.internal:8080/v1", api_key="unused")


def load_settings(name="settings.yaml"):
    with open(Path(__file__).parent / name) as handle:
        return yaml.safe_load(handle)


def answer(history, question):
    settings = load_settings()
    messages = []
    messages.extend(history)
    if system := settings.get("system_prompt"):
        system = system.replace("{time}", datetime.now().strftime("%H:%M"))
        messages.insert(0, {"role": "system", "content": system})
    messages.append({"role": "user", "content": question})
    return client.chat.completions.create(model=settings["model"], messages=messages)
