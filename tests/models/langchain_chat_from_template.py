from langchain_core.prompts import ChatPromptTemplate
from langchain_openai import ChatOpenAI

QUERIES = ChatPromptTemplate.from_template("""Original question: {question}
You write search queries. Rewrite the question above as three different queries: one that
asks for a definition, one that asks how the subject relates to its neighbours, and one that
asks for a worked example. Keep each query under twelve words, write one per line, and do
not number them or add any other text.""")


def queries(question: str) -> str:
    return (QUERIES | ChatOpenAI(model="gpt-4o-mini")).invoke({"question": question}).content
