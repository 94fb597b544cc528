from datetime import datetime

from langchain.agents import create_agent
from langchain.agents.middleware import dynamic_prompt

from policy import POLICY


@dynamic_prompt
def travel_prompt(request):
    return POLICY + f"\nCurrent time: {datetime.now():%H:%M:%S}"


def build(model, tools):
    return create_agent(model, tools=tools, middleware=[travel_prompt])
