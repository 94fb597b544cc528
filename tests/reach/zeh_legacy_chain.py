"""A legacy LangChain chain: the template's values are passed where the chain runs."""
from datetime import datetime

from langchain import LLMChain, PromptTemplate
from langchain.llms import Cohere

TEMPLATE = """Generated {stamp} for the night desk.
You answer questions about the hotel's services for guests who call the night desk. Keep
every answer to two sentences, name the service's opening hours when you know them, and
never promise a room upgrade, a refund or a late check-out: hand those to the day staff.
If a question is about an emergency, tell the guest to call the front desk at once.
Guest: {question}
Desk:"""


def answer(question: str) -> str:
    prompt = PromptTemplate(template=TEMPLATE, input_variables=["stamp", "question"])
    chain = LLMChain(prompt=prompt, llm=Cohere(model="command", temperature=0.2))
    return chain.run(stamp=datetime.now().isoformat(timespec="seconds"), question=question)
