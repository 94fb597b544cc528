from rag.advisor import ADVISOR
from rag.local_model import LocalModel

model = LocalModel("http://localhost:8000", "advisor")


def ask(question, search_index):
    passages = search_index.top_k(question, k=4)
    return model.chat(instructions=ADVISOR.format(passages="\n".join(passages)),
                      question=question)
