"""The assistant's handlers: each request is routed, then planned."""
from langchain_openai import ChatOpenAI

from .prompts import PLANNER, router_prompt

llm = ChatOpenAI(model="gpt-4o-mini")


def route(text: str) -> str:
    chain = router_prompt() | llm
    return chain.invoke({"request": text}).content


def plan(goal: str) -> str:
    return (PLANNER | llm).invoke({"goal": goal}).content
