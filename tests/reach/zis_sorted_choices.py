"""A command parser whose system prompt lists the verbs the game was started with, sorted
so that the list reads the same on every start."""
from openai import OpenAI


class CommandParser:
    def __init__(self, client: OpenAI, verbs: list):
        self.client = client
        self.verbs = verbs
        self.system = self._system_prompt(self.verbs)

    def _system_prompt(self, verbs: list) -> str:
        verb_list = ", ".join(sorted(verbs))
        return f"""You are the command parser of a text adventure.
Valid verbs: {verb_list}

Convert the player's command into JSON with the keys verb, object and target. Use only the
verbs above and map synonyms to them (grab to take, look at to examine). If the command names
no object, set object to null. If it cannot be parsed, answer with the key error only and a
one-line reason. Never add keys, comments or any text outside the JSON object."""

    def parse_command(self, command: str) -> str:
        response = self.client.chat.completions.create(
            model="gpt-4o-mini",
            messages=[{"role": "system", "content": self.system},
                      {"role": "user", "content": command}],
        )
        return response.choices[0].message.content
