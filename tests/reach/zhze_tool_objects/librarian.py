"""A reading-room assistant: an agent made with the project's tools and a fixed guide."""
from langchain.agents import AgentType, initialize_agent
from langchain_openai import ChatOpenAI

from tools import GlossaryTool, ShelfTool

GUIDE = """You are the reading-room assistant of a small public library.
Answer questions about where books are kept and what library terms mean.
Use the glossary tool for any term you are not certain of, and the shelf tool before
naming a shelf. Never invent a shelf number. Keep answers under eighty words, in plain
sentences, and end by asking whether the visitor needs anything else from the desk.
When a visitor asks for something the library does not hold, suggest an interlibrary
loan request and explain that it takes about a week to arrive."""


def reading_room_agent(system_message: str = GUIDE):
    llm = ChatOpenAI(model="gpt-4o-mini", temperature=0)
    tools = [GlossaryTool(), ShelfTool()]
    return initialize_agent(tools=tools, llm=llm,
                            agent=AgentType.CHAT_CONVERSATIONAL_REACT_DESCRIPTION,
                            system_message=system_message)


def ask(question: str) -> str:
    agent = reading_room_agent()
    return agent.invoke(question)["output"]
