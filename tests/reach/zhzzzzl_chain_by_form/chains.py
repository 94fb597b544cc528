"""A rehearsal partner: the prompt, its chain, and the chain with a kept history, all made
once at import; the part the trainee picked (`{role}`) is filled where the chain runs."""

from langchain_community.chat_message_histories import ChatMessageHistory
from langchain_core.prompts import ChatPromptTemplate, MessagesPlaceholder
from langchain_core.runnables.history import RunnableWithMessageHistory
from langchain_openai import ChatOpenAI

REHEARSAL = ChatPromptTemplate.from_messages([
    ("system", """You play the counterpart in a negotiation rehearsal: the role of {role}.
Stay in character for the whole conversation and never mention that this is an exercise.
Open with a realistic first position, concede slowly, and ask for something in return for
every concession. Push back on vague claims and ask for numbers. If the trainee makes a
threat, respond calmly and restate your interests. Keep each reply under eighty words and
end with a question or an offer. When the trainee types 'debrief', step out of character
and list three things they did well and three they could improve, with one example each."""),
    MessagesPlaceholder("history"),
    ("human", "{move}"),
])

_histories: dict[str, ChatMessageHistory] = {}


def history_of(session_id: str) -> ChatMessageHistory:
    return _histories.setdefault(session_id, ChatMessageHistory())


rehearsal = REHEARSAL | ChatOpenAI(model="gpt-4o-mini")
rehearsal_with_history = RunnableWithMessageHistory(
    rehearsal, history_of, input_messages_key="move", history_messages_key="history")
