from langchain_openai import ChatOpenAI

from ..prompts.loader import apply_prompt

llm = ChatOpenAI(model="gpt-4o-mini")


def planner_node(state: dict) -> dict:
    messages = apply_prompt("planner", state)
    return {"plan": llm.invoke(messages).content}
