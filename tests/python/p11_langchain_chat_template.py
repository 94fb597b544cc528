from langchain_core.prompts import ChatPromptTemplate

from policy import POLICY

PROMPT = ChatPromptTemplate.from_messages([
    ("system", "You help {user_name} with their Northwind Cloud account.\n" + POLICY),
    ("human", "{question}"),
])
