from datetime import datetime

from livekit.agents import Agent

from policy import POLICY


class FrontDesk(Agent):
    def __init__(self) -> None:
        super().__init__(instructions=f"It is {datetime.now():%H:%M}.\n" + POLICY)

    async def on_caller_known(self, caller_name: str) -> None:
        # the instructions replaced mid-call: the caller's name, then the policy
        await self.update_instructions(f"You are speaking with {caller_name}.\n" + POLICY)
