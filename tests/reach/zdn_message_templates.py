"""A chat template assembled from message-template objects made with `.from_template(...)`:
the system template's text, the history placeholder and the human template are messages in
that order, so the documents put at the top of the system text come before the history."""

from langchain_core.prompts import (ChatPromptTemplate, HumanMessagePromptTemplate,
                                    MessagesPlaceholder, SystemMessagePromptTemplate)

GUIDE_RULES = """You help people use the billing console. Answer from the documents given,
name the page of the console each step happens on, and say so plainly when the documents do
not cover the question. Keep answers under ten lines and never guess at prices."""


def guide_prompt(with_history: bool) -> ChatPromptTemplate:
    system = "Documents:\n{documents}\n\n" + GUIDE_RULES
    messages = [SystemMessagePromptTemplate.from_template(system)]
    if with_history:
        messages.append(MessagesPlaceholder("chat_history"))
    messages.append(HumanMessagePromptTemplate.from_template("Question: {question}"))
    return ChatPromptTemplate.from_messages(messages)
