from llama_index.core.chat_engine import ContextChatEngine

from .templates import ANSWER_FROM_CATALOGUE


def film_engine(index, llm, memory):
    return ContextChatEngine(retriever=index.as_retriever(), llm=llm, memory=memory,
                             prefix_messages=[], context_template=ANSWER_FROM_CATALOGUE)
