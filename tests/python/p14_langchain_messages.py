from langchain_core.messages import HumanMessage, SystemMessage

from policy import POLICY


def build(tenant, question):
    return [
        SystemMessage(content=f"Workspace: {tenant.name}\n{POLICY}"),
        HumanMessage(content=question),
    ]
