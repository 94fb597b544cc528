"""A placeholder for the invocation's own messages (the tool's answer to this question,
`function_response`) is no conversation history: the question before it costs no cached
turns (no finding), while a placeholder named for the history still follows the rules."""
from langchain_core.messages import SystemMessage
from langchain_core.prompts import (ChatPromptTemplate, HumanMessagePromptTemplate,
                                    MessagesPlaceholder)
from langchain_openai import ChatOpenAI

ANSWER_RULES = """You answer questions about a city's bicycle-sharing network from the result
of a database query that was run for the question. Use only the rows in the tool's answer,
name each station exactly as it appears there, give counts as numbers, and say plainly that
the data does not say when the rows do not answer the question. Never suggest a station,
route or opening time that the rows do not contain, and keep answers under sixty words."""

llm = ChatOpenAI(model="answerer", base_url="http://llm.internal:8000/v1", api_key="unused")

prompt = ChatPromptTemplate.from_messages([
    SystemMessage(content=ANSWER_RULES),
    HumanMessagePromptTemplate.from_template("{question}"),
    MessagesPlaceholder(variable_name="function_response"),
])
chain = prompt | llm


def answer(question: str, tool_messages: list) -> str:
    return chain.invoke({"question": question, "function_response": tool_messages}).content
