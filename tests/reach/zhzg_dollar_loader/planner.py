"""An investigation planner: the runbook's template, filled with the operator's question."""
from dataclasses import dataclass, field
from string import Template

from langchain_core.messages import HumanMessage, SystemMessage
from langchain_openai import ChatOpenAI

from .loading import load_runbook


@dataclass
class Planner:
    plan_template: Template = field(default_factory=lambda: load_runbook("plan.md"))

    def __post_init__(self) -> None:
        self.model = ChatOpenAI(model="gpt-4o-mini")

    async def _ask(self, system_prompt: str, user_prompt: str):
        messages = [SystemMessage(content=system_prompt), HumanMessage(content=user_prompt)]
        return await self.model.ainvoke(messages)

    async def plan(self, state: dict):
        prompt = self.plan_template.substitute(question=state["question"])
        return await self._ask("You plan read-only cluster investigations.", prompt)
