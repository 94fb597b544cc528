"""A tool-calling agent whose chat a method builds: the system prompt its caller passes, then
the session's turns."""
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

from .client import ModelClient

DESK_PROMPT = """You are the network operations desk's assistant.

{reference}

Before you answer a question about a host or a port, call the check_port tool with the
host and the port the user names, and answer from what the tool returns. When the user asks
which systems talk to each other, call the list_flows tool and answer only from its rows;
never describe a flow the rows do not show. Keep every answer under six sentences, name the
hosts exactly as the tools write them, and end with the next check the engineer should run."""


class DeskAgent:
    def __init__(self, client: ModelClient, tools: list):
        self.client = client
        self.tools = tools

    def _chat(self, turns, system_prompt):
        messages = [SystemMessage(content=system_prompt)]
        for turn in turns:
            if turn["role"] == "user":
                messages.append(HumanMessage(content=turn["content"]))
            else:
                messages.append(AIMessage(content=turn["content"]))
        return messages

    def answer(self, turns, system_prompt):
        messages = self._chat(turns, system_prompt)
        reply = self.client.complete(messages, tools=self.tools, temperature=0.2)
        return reply.content
