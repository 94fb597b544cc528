"""A reply streamed chunk by chunk into one string, cut at a marker, then quoted at the top of
a second request before its fixed rubric: the model's reply varies with every request."""
from langchain_core.messages import HumanMessage
from langchain_openai import ChatOpenAI

RUBRIC = """Grade the label against the ticket on three points: it names one of the queues
Billing, Access, Outage or Other; it is supported by a sentence of the ticket; and it does
not guess at anything the ticket does not say. Answer PASS or FAIL, then one sentence why.
A label that names two queues fails, and so does a label that names none of the four."""


class TicketLabeller:
    def __init__(self, model_name: str) -> None:
        self.llm = ChatOpenAI(model=model_name, temperature=0)

    def label(self, ticket: str) -> str:
        draft = ""
        for chunk in self.llm.stream([HumanMessage(
                content=f"Pick a queue for this ticket, after LABEL:\n{ticket}")]):
            draft += chunk.content
        label = draft.rsplit("LABEL:", 1)[-1].strip()
        verdict = self.llm.invoke([HumanMessage(
            content=f"Label: {label}\n\n{RUBRIC}\n\nTicket:\n{ticket}")])
        return label if verdict.content.startswith("PASS") else "Other"
