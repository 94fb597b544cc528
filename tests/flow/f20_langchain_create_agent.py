from datetime import datetime

from langchain.agents import create_agent

from policy import POLICY


def build_agent(tools):
    stamp = datetime.now().isoformat()
    return create_agent("openai:gpt-4.1", tools=tools,
                        system_prompt=f"Request started at {stamp}.\n" + POLICY)
