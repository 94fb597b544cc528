from agent_framework import ChatAgent, ChatMessage, Context, ContextProvider, Role

from policy import POLICY

PREAMBLE = "Answer from the documents below and cite each one by its title."


class PassagesProvider(ContextProvider):
    """Documents found for the newest message, as a system message: the agent places what
    a context provider returns before the run's messages, the conversation."""

    def __init__(self, index):
        self.index = index

    async def invoking(self, messages, **kwargs):
        question = messages[-1].text
        results = await self.index.search(search_text=question, top=4)
        parts = []
        async for doc in results:
            body = doc.get("content") or ""
            parts.append(f"### {doc.get('title')}\n{body}")
        text = PREAMBLE + "\n\n" + "\n\n".join(parts)
        return Context(messages=[ChatMessage(role=Role.SYSTEM, text=text)])


def make_agent(client, index):
    return ChatAgent(chat_client=client, instructions=POLICY,
                     context_providers=[PassagesProvider(index)])
