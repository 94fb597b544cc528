from smolagents import CodeAgent

from policy import POLICY


def make_agent(model, tools, user):
    return CodeAgent(tools=tools, model=model,
                     instructions=f"You work for {user.email}.\n" + POLICY)
