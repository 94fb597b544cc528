from llama_index.core.chat_engine import ContextChatEngine

from policy import POLICY


def make_engine(retriever, llm, memory):  # the class itself, not from_defaults
    return ContextChatEngine(llm=llm, retriever=retriever, memory=memory, prefix_messages=[],
                             system_prompt=POLICY)
