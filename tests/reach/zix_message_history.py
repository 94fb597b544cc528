"""A coach that answers with articles found for the question, then the client's whole
conversation turned into LangChain messages by each turn's role."""

from langchain.chat_models import init_chat_model
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

model = init_chat_model("gpt-4o-mini", model_provider="openai")
COACH = (
    "You are a relationship coach. Answer warmly and practically, in at most three short "
    "paragraphs. Ground advice in the articles given to you and say when they do not cover "
    "the question. Never diagnose, never take sides in a conflict you only hear one side of, "
    "and suggest talking to a counsellor when someone describes fear, threats or harm. Ask "
    "one question back when the situation is unclear instead of guessing. Do not repeat the "
    "articles word for word; use them to shape your advice. Keep names and details the user "
    "shares to this conversation only."
)


def answer(messages: list, store) -> str:
    question = messages[-1]["content"]
    found = "\n\n".join(doc.page_content for doc in store.similarity_search(question))
    turns = [SystemMessage(content=COACH)]
    turns.append(HumanMessage(content=f"Articles for this question:\n{found}"))
    for turn in messages:
        if turn.get("role") == "user":
            turns.append(HumanMessage(content=turn.get("content", "")))
        elif turn.get("role") == "assistant":
            turns.append(AIMessage(content=turn.get("content", "")))
    return model.invoke(turns).content
