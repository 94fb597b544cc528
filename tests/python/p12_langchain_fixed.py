from langchain_core.prompts import ChatPromptTemplate

from policy import POLICY

PROMPT = ChatPromptTemplate.from_messages([
    ("system", "You help customers with their Northwind Cloud account.\n" + POLICY),
    ("human", "I am {user_name}. {question}"),
])
