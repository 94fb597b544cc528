import json

from client import LlmClient

RULES = """1. List the steps the user took, in order, as a short story, and mention every error.
2. List the pages the user visited by name, not by URL, and say which one they left from.
3. Summarize what the user did in a couple of sentences, and what they did after an error."""


def summarize(replay, client: LlmClient):
    prompt = "You summarize a replay of a user's session.\n" + json.dumps(replay) + "\n" + RULES
    return client.generate(prompt=prompt)
