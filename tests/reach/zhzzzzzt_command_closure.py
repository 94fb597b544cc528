"""A chat bot registers its commands inside one of its methods: the command reads `self`
from that method, so `self.build(...)` is the bot's own method, run with what the command
passes (here the moment the command runs, above the character's rules and the channel's
kept turns)."""
from datetime import datetime, timezone

from discord.ext import commands
from openai import AsyncOpenAI

CHARACTER = """You are Captain Mirela, the weary harbour master of a fantasy port town. Speak
in short, salty sentences, never break character, and never narrate what the players do.
Keep each reply under ninety words. When a player asks about ships, name one of the three
vessels in port (the Gull, the Saltmarsh Rose, the Iron Heron) and one rumour about it."""


class HarbourBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(command_prefix="!")
        self.llm = AsyncOpenAI()
        self.turns: dict[int, list[dict]] = {}
        self.register_commands()

    def build(self, channel_id: int, text: str, stamp: str) -> list[dict]:
        system = f"Scene clock: {stamp}\n\n{CHARACTER}"
        return [{"role": "system", "content": system}, *self.turns.get(channel_id, []),
                {"role": "user", "content": text}]

    def register_commands(self) -> None:
        @self.command(name="talk")
        async def talk(ctx, *, message: str) -> None:
            stamp = datetime.now(timezone.utc).strftime("%H:%M:%S")
            messages = self.build(ctx.channel.id, message, stamp)
            reply = await self.llm.chat.completions.create(model="gpt-4o-mini",
                                                           messages=messages)
            await ctx.send(reply.choices[0].message.content)
