from langchain.agents import AgentExecutor, ZeroShotAgent
from langchain.chains import LLMChain
from langchain_openai import ChatOpenAI

from .tools import TOOLS

# The prefix names the customer's plan before the tool list and the library's own answer
# format, so every customer's prompt differs from its second sentence on.
PREFIX = """You help a customer of an internet provider with their connection.
The customer's plan: {plan}. Use the tools to look up their line before you answer."""

SUFFIX = """Begin!

Question: {input}
{agent_scratchpad}"""


def build_agent() -> AgentExecutor:
    prompt = ZeroShotAgent.create_prompt(TOOLS, prefix=PREFIX, suffix=SUFFIX,
                                         input_variables=["plan", "input", "agent_scratchpad"])
    agent = ZeroShotAgent(llm_chain=LLMChain(llm=ChatOpenAI(), prompt=prompt))
    return AgentExecutor.from_agent_and_tools(agent=agent, tools=TOOLS)
