"""Retrieval for the support assistant: the passages found and their sources, or a fixed
line when nothing matched."""
from langchain_chroma import Chroma


def find_context(question, team):
    store = Chroma(collection_name="manuals", persist_directory="./db")
    retriever = store.as_retriever(search_kwargs={"filter": {"team": team}, "k": 4})
    found = retriever.invoke(question)
    if found:
        text = "\n\n".join(doc.page_content for doc in found)
        names = [doc.metadata.get("source", "?") for doc in found]
        return text, names
    else:
        return "Nothing relevant was found.", []
