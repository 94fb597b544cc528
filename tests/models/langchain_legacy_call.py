"""LangChain 0.x: a completion model called as a function (`llm(prompt)`) and a chat model
called with its messages (`chat([...])`); each sends what it is given, here the question
before the rules every request shares."""
from langchain.chat_models import ChatOpenAI
from langchain.llms import OpenAI
from langchain.schema import HumanMessage, SystemMessage

llm = OpenAI(temperature=0)
chat = ChatOpenAI(temperature=0)
RULES = ("You answer questions about the office's coffee machine for the staff. Say which "
         "button to press and in which order, mention the descaling light when it matters, "
         "and keep every answer under sixty words. Never suggest opening the machine; for "
         "anything beyond the buttons, tell the person to email the facilities team.")


def ask(question: str) -> str:
    return llm(f"Question: {question}\n\n{RULES}")


def ask_chat(question: str):
    return chat([SystemMessage(content=f"Question: {question}\n\n{RULES}"),
                 HumanMessage(content="Answer now.")])
