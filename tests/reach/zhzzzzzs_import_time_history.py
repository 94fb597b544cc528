"""A chat template written at module level: the history placeholder is filled when the chain
is invoked, never a value the deployment fixes, so the passages retrieved for this turn come
before a conversation the next turn sends again."""
from langchain_core.prompts import ChatPromptTemplate, MessagesPlaceholder
from langchain_openai import ChatOpenAI

ANSWER_SYSTEM = """You are the support desk's assistant. Answer from the passages below, name
the passage you used, and say plainly when none of them covers the question.

Passages:
{passages}"""

answer_prompt = ChatPromptTemplate.from_messages(
    [
        ("system", ANSWER_SYSTEM),
        MessagesPlaceholder(variable_name="chat_history"),
        ("human", "{question}"),
    ]
)
answer_chain = answer_prompt | ChatOpenAI(model="gpt-4o-mini")


def reply(question: str, turns: list, passages: str) -> str:
    return answer_chain.invoke(
        {"question": question, "chat_history": turns, "passages": passages}
    ).content
