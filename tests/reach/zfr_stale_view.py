"""A stream companion told whether its views are fresh. Each note helper returns early under
two `if`s, one testing the clock (per request), one a flag of unknown scope, in either order:
the branch reported is the clock's test, the one that varies most, chosen by the order of
the `if`s and their scopes (never by where their nodes happen to sit in memory)."""
import time

from openai import OpenAI

client = OpenAI(base_url="http://llm.internal:8000/v1", api_key="unused")

RULES = """You are Mira, a friendly companion who watches the streamer's game and chats about
it. Keep replies under forty words, stay kind to everyone in chat, never invent details you
cannot see, and never repeat the same joke twice in a row."""


class Views:
    def __init__(self, flags: dict):
        self.game_on = flags.get("game")
        self.chat_on = flags.get("chat")
        self.game_seen = 0.0
        self.chat_seen = 0.0

    def game_note(self) -> str:
        if self.game_on:
            if time.time() - self.game_seen > 30:
                return "Your view of the game is stale: say you cannot see it."
        return "You can see the game."

    def chat_note(self) -> str:
        if time.time() - self.chat_seen > 30:
            if self.chat_on:
                return "Your view of the chat is stale: say you cannot read it."
        return "You can read the chat."


def ask(views: Views, question: str) -> str:
    system = f"{views.game_note()}\n{views.chat_note()}\n{RULES}"
    reply = client.chat.completions.create(model="mira", messages=[
        {"role": "system", "content": system}, {"role": "user", "content": question}])
    return reply.choices[0].message.content
