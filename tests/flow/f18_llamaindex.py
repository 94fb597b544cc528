from llama_index.core import ChatPromptTemplate, PromptTemplate
from llama_index.core.llms import ChatMessage, MessageRole

from policy import POLICY

QA_TEMPLATE = PromptTemplate(
    "Context information is below.\n{context_str}\n" + POLICY + "\nQuery: {query_str}\nAnswer: "
)


def chat_template(customer_name: str) -> ChatPromptTemplate:
    return ChatPromptTemplate(message_templates=[
        ChatMessage(role=MessageRole.SYSTEM,
                    content=f"You are helping {customer_name}.\n" + POLICY),
        ChatMessage(role=MessageRole.USER, content="{query_str}"),
    ])
