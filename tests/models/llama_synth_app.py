from llama_index.core.response_synthesizers import TreeSummarize
from llama_index.llms.openai import OpenAI

TRIAGE_QUERY = """Classify the support ticket described by the comments above. Give its product
area (billing, login, printing, scanning or other), whether it reports a defect or asks a
question, and the one feature it is about. Quote the comment that decides the class, answer
in JSON with the keys area, kind, feature and evidence, and add nothing outside the JSON."""


class TicketTriage:
    def __init__(self) -> None:
        self.summarizer = TreeSummarize(llm=OpenAI(model="gpt-4o-mini"))

    def triage(self, comments: list[str]) -> str:
        # the synthesizer's template puts the comments before the query
        return str(self.summarizer.get_response(TRIAGE_QUERY, comments))
