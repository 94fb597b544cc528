"""A project's wrapper of a LangChain chat model: each call's text becomes the one human
message, so the wrapper is a client and its callers' text is the prompt."""

from langchain_core.messages import HumanMessage
from langchain_openai import ChatOpenAI


class ChatModel:
    def __init__(self, model_name: str = "gpt-4o-mini") -> None:
        self.chat = ChatOpenAI(model=model_name)

    def __call__(self, prompt: str) -> str:
        return self.chat.invoke([HumanMessage(content=prompt)]).content

    def complete(self, text: str) -> str:
        return self.chat.invoke([HumanMessage(content=text)]).content
