"""A chat written at the call (`[system_msg] + list(state["messages"])`) and given to a
generating method of a model a project function made (`llm.bind_tools(tools)`): the system
message with the repository's name in its first line comes before the agent's messages."""

from langchain_core.messages import SystemMessage

from zdp_models import tool_model

EXPLORER_RULES = """List the files that matter for a new contributor: the entry points, the
configuration, the tests and the build scripts. Read a file only when its name does not say
what it holds, never read more than twenty files, and report what you found as a bulleted list
of paths with one line each on what the file is for."""


def explorer_node(state: dict) -> dict:
    agent = tool_model(state["provider"])
    system_msg = SystemMessage(content=f"Repository: {state['repo']}\n\n{EXPLORER_RULES}")
    response = agent.invoke([system_msg] + list(state["messages"]))
    return {"messages": [response]}
