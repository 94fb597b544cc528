from llama_index.core.chat_engine import CondensePlusContextChatEngine
from llama_index.core.memory import ChatMemoryBuffer


def make_engine(retriever, llm):  # no prompt given: the engine's default context prompt
    return CondensePlusContextChatEngine.from_defaults(
        retriever=retriever, llm=llm, memory=ChatMemoryBuffer(token_limit=3000))
