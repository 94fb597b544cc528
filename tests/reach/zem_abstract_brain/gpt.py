from langchain.chat_models import ChatOpenAI

from brain import Brain


class GPT(Brain):
    def __init__(self, api_key: str, model: str = "gpt-4o-mini"):
        self.llm = ChatOpenAI(openai_api_key=api_key, model_name=model, temperature=0.8)

    def think(self, messages: list):
        return self.llm(messages).content
