"""A channel assistant's model, called the way older LangChain chat models are: as a function."""
from langchain.chat_models import ChatOpenAI
from langchain.schema import AIMessage, HumanMessage, SystemMessage


class ChannelBot:
    def __init__(self, model_name: str):
        self._llm = ChatOpenAI(model_name=model_name, temperature=0.3)

    def read_prompt(self, prompt_file: str) -> str:
        with open(prompt_file) as handle:
            self._prompt = handle.read()
        return self._prompt

    def reply(self, chat_history):
        return self._llm(chat_history)

    def system_message(self, text: str):
        return SystemMessage(content=text)

    def user_message(self, text: str):
        return HumanMessage(content=text)

    def bot_message(self, text: str):
        return AIMessage(content=text)
