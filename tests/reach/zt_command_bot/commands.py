"""A chat bot's commands: each `execute(message)` answers one message, the help command
with the model behind a local OpenAI-compatible server."""

import httpx

HELP_RULES = """You answer questions about the radio network's commands.
Keep answers under three sentences, name the command the user needs, and never invent
flags or channels that the command list below does not show.
Commands: !ping, !weather <city>, !path <node>, !stats, !help <topic>."""


class Command:
    def execute(self, message):
        raise NotImplementedError


class HelpCommand(Command):
    def execute(self, message):
        payload = {
            "model": "local",
            "messages": [
                {"role": "system", "content": HELP_RULES},
                {"role": "user", "content": message.text},
            ],
        }
        return httpx.post("http://localhost:8080/v1/chat/completions", json=payload).json()
