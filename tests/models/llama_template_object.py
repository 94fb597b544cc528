from llama_index.core.chat_engine import ContextChatEngine
from llama_index.core.prompts import PromptTemplate

from policy import POLICY

ANSWER_FROM = PromptTemplate(
    "Answer from the passages below, cite the policy number of each one you rely on, and say\n"
    "plainly when they do not cover the question; never guess a figure or a date.\n"
    "{context_str}\n"
)


def make_engine(retriever, llm, memory):  # a template object, not a string, as the prompt
    return ContextChatEngine(llm=llm, retriever=retriever, memory=memory, prefix_messages=[],
                             system_prompt=POLICY, context_template=ANSWER_FROM)
