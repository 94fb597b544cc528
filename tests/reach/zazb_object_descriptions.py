"""A router whose agent descriptions are kept by the object from what it was made with, and
joined into the prompt on every call: fixed for the object's lifetime, so the instructions
after them stay shared; the question, last, is the only value per request."""
from openai import OpenAI

client = OpenAI()

ROUTER = """Pick the one agent that should handle the question below.

Agents:
{agents}

Read every description before you choose. Prefer the agent whose description names the data
source the question is about; when two agents fit, prefer the more specific one; when none
fits, pick the general search agent. Answer with the agent's number alone, with no other
text, because the caller parses the answer as an integer.

Question: {question}"""


class Router:
    def __init__(self, agents, descriptions):
        self.agents = agents
        self.descriptions = descriptions

    def pick(self, question: str):
        listed = "\n".join(f"{i}. {text}" for i, text in enumerate(self.descriptions))
        reply = client.chat.completions.create(model="gpt-4.1", messages=[
            {"role": "user", "content": ROUTER.format(agents=listed, question=question)}])
        return self.agents[int(reply.choices[0].message.content)]
