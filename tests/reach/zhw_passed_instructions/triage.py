"""Triage node: the instructions go in the system message, whole, and the sample's facts
are the human message."""
from langchain_core.prompts import ChatPromptTemplate
from langchain_openai import ChatOpenAI

from .instructions import triage_instructions

llm = ChatOpenAI(model="gpt-4o")


def triage(state: dict) -> dict:
    facts = f"SHA256: {state['sha256']}\nSize: {state['size']} bytes\nImports: {state['imports']}"
    prompt = ChatPromptTemplate.from_messages([("system", "{instructions}"), ("human", "{facts}")])
    out = (prompt | llm).invoke({"instructions": triage_instructions(), "facts": facts})
    return {"report": out.content}
