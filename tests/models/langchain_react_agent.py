from langchain.agents import AgentExecutor, Tool, ZeroShotAgent
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


SUPPORT_PREFIX = """You are the support desk of an internet provider. Find out what is wrong with
the customer's line before you suggest anything, and never promise a technician's visit.
You can use these tools:"""


def support_agent(desk) -> AgentExecutor:
    # each tool's function is the desk's; the prompt shows only each tool's name and
    # description, which are the code's own
    tools = [
        Tool(name="Line status", func=desk.line_status,
             description="The sync rate and error count of a customer's line, by phone number."),
        Tool(name="Open ticket", func=desk.open_ticket,
             description="Opens a fault ticket for a line; give the phone number and a summary."),
    ]
    prompt = ZeroShotAgent.create_prompt(tools, prefix=SUPPORT_PREFIX, suffix=SUFFIX)
    agent = ZeroShotAgent(llm_chain=LLMChain(llm=ChatOpenAI(), prompt=prompt))
    return AgentExecutor.from_agent_and_tools(agent=agent, tools=tools)
