from langchain_core.prompts import ChatPromptTemplate, MessagesPlaceholder

SYSTEM_PROMPT = """You are a helpful assistant for the Northwind engineering team.
Answer questions about services and runbooks; search before answering anything about an
incident, and cite the runbook section you used. Keep answers short and concrete.

The time is {system_time}."""

prompt = ChatPromptTemplate.from_messages([("system", SYSTEM_PROMPT),
                                           MessagesPlaceholder("messages")])
