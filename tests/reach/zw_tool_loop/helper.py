"""The help command: the tools offered are the ones whose keywords the question mentions,
and the database schema joins the system prompt when a data tool is among them."""

from .client import OllamaClient

RULES = """You are the network's helper bot. Answer in at most three short sentences, name
the command the user needs, and never invent nodes, channels or flags that the tools do
not return. When a tool fails, say so plainly and suggest the command that shows status."""

SCHEMA = """Tables you may query with the sql tool:
contacts: every node heard, with public_key, name, role, first_heard, last_heard and city.
messages: the message history, with sender_id, channel, content, timestamp, hops and snr.
links: edges between nodes, with src_node, dst_node, snr, rssi and last_seen.
Use LIMIT 10 for questions about the top or the most recent, ORDER BY last_heard DESC."""


class HelpCommand:
    def __init__(self, registry):
        self.client = OllamaClient("http://localhost:11434", "llama3")
        self.registry = registry

    async def handle(self, message):
        return await self._answer(message.text)

    async def _answer(self, question):
        tools = self.registry.schemas_for(question)
        if not tools:
            return await self.client.generate(question, RULES)
        names = {tool["function"]["name"] for tool in tools}
        if names & {"sql_query", "stats"}:
            system = RULES + SCHEMA
        else:
            system = RULES
        messages: list[dict] = []
        messages.append({"role": "system", "content": system})
        messages.append({"role": "user", "content": question})
        for step in range(4):
            reply = await self.client.chat(messages, tools=tools if step < 3 else None)
            if not reply["message"].get("tool_calls"):
                return reply["message"]["content"]
            messages.append(reply["message"])
