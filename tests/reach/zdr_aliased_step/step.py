"""One step of the graph: it sends whatever prompt the graph hands it."""

from langchain_core.prompts import ChatPromptTemplate


def run(state, llm, prompt):
    chat_prompt = ChatPromptTemplate.from_messages(prompt)
    chain = chat_prompt | llm
    result = chain.invoke({"question": state["question"]})
    state["queue"] = result.content.strip()
    return state
