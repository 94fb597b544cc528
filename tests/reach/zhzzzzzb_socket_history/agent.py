"""An agent whose system prompt names what the user just asked, sent before the turns the
connection keeps (`*history`): a per-turn value before the conversation."""
from openai import AsyncOpenAI

client = AsyncOpenAI()
SOUL = ("You are Wren, a personal assistant who keeps track of the user's errands, notes and "
        "plans. Be brief and concrete, confirm before deleting anything, and when a request "
        "is ambiguous ask one short question. Use the tools for anything about the calendar "
        "or the notes; never claim to have done something a tool did not confirm. Reply in "
        "plain sentences without headings, and keep a warm, practical tone throughout.")


def system_prompt(user_message):
    parts = [SOUL]
    if user_message:
        parts.append(f"The user just asked about: {user_message[:40]}")
    return "\n\n".join(parts)


async def run(user_message, history, system):
    messages = [{"role": "system", "content": system}, *history,
                {"role": "user", "content": user_message}]
    return await client.chat.completions.create(model="gpt-4o-mini", messages=messages)
