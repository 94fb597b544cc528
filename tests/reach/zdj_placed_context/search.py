"""Passages for a question, from the project's vector store."""


def passages_for(store, question: str, limit: int = 4) -> str:
    found = store.query(query_texts=[question], n_results=limit)
    context = ""
    for passage in found["documents"][0]:
        context += passage + "\n\n"
    return context
