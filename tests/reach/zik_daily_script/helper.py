"""A nightly digest script: it reads the day's support tickets and sends them through a
helper, with the writing rules after them. Each run of the script is one request."""
import json
import sys

import requests

RULES = """Write the support team's nightly digest from the tickets above. Group them by
product area, give each group one line with the count and the most common complaint, then
list the three tickets that most need a reply tomorrow morning with their ids and why.
Leave out customers' names and emails, never guess at causes the tickets do not state,
and keep the whole digest under two hundred words in plain sentences without markdown."""


def complete(prompt):
    reply = requests.post("http://localhost:11434/api/generate",
                          json={"model": "llama3.1", "prompt": prompt, "stream": False})
    return reply.json()["response"]


with open(sys.argv[1]) as export:
    tickets = json.load(export)

digest = complete(f"Tickets:\n{json.dumps(tickets, indent=2)}\n\n{RULES}")
print(digest)
