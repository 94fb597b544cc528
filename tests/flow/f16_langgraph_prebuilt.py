from langgraph.prebuilt import create_react_agent

from policy import POLICY


def make_agent(model, tools, user_id):
    return create_react_agent(model, tools, prompt=f"You serve account {user_id}.\n" + POLICY)
