"""A wrapper that puts a "(continue)" turn first when the caller's messages do not start
with the user's: the turn, when it is added, comes before the caller's messages, not after
them (they are not a history that follows it)."""
import anthropic

client = anthropic.Anthropic()

ARCHIVIST = """You keep the memory of a reading companion. From the lines you are given,
extract durable facts about the reader only: books finished, authors they like or dislike,
genres, reading goals and the time of day they read. Ignore moods and one-off remarks.
Reply with a JSON object {"facts": [...]} whose items are short sentences in English."""


def chat(messages: list, system: str) -> str:
    turns = [m for m in messages if m.get("role") in ("user", "assistant")]
    if not turns or turns[0]["role"] != "user":
        turns.insert(0, {"role": "user", "content": "(continue)"})
    reply = client.messages.create(model="claude-haiku-4-5", max_tokens=300, system=system,
                                   messages=turns)
    return reply.content[0].text


def remember(user_text: str) -> str:
    return chat([{"role": "user", "content": f"Latest line: {user_text}\nExtract facts."}],
                ARCHIVIST)
