"""Fills the channel's details into the persona, then answers after the channel's history."""
from .chat_bot import ChannelBot


def persona_for(bot: ChannelBot, channel: dict, members: list) -> str:
    prompt = bot.read_prompt("persona.txt")
    prompt = prompt.replace("{CHANNEL_NAME}", channel.get("name", "unknown"))
    prompt = prompt.replace("{CHANNEL_KIND}", channel.get("kind", "unknown"))
    prompt = prompt.replace("{CHANNEL_TOPIC}", channel.get("topic", ""))
    prompt = prompt.replace("{CHANNEL_PURPOSE}", channel.get("purpose", ""))
    prompt = prompt.replace("{MEMBERS}", ", ".join(members))
    prompt = prompt.strip()
    return prompt


def history_for(bot: ChannelBot, posts: list, bot_id: str, prompt: str) -> list:
    messages = []
    for post in posts:
        if post["user"] == bot_id:
            messages.insert(0, bot.bot_message(post["text"]))
        else:
            messages.insert(0, bot.user_message(f"{post['user']}: {post['text']}"))
    messages.insert(0, bot.system_message(prompt))
    return messages


def answer(bot: ChannelBot, channel: dict, members: list, posts: list, bot_id: str) -> str:
    prompt = persona_for(bot, channel, members)
    chat_history = history_for(bot, posts, bot_id, prompt)
    return bot.reply(chat_history).content
