"""A LangChain template filled through a chain: a constant persona and the ticket's text."""
from langchain_core.prompts import PromptTemplate
from langchain_openai import ChatOpenAI

from rules_text import RULES


def triage(ticket):
    prompt = PromptTemplate.from_template("Act as {persona}.\nTicket text: {body}\n" + RULES)
    chain = prompt | ChatOpenAI(model="gpt-4o-mini")
    return chain.invoke({"persona": "a patient writing tutor", "body": ticket.customer_message})
