"""A question template and a refine template, both made by one function that its caller
configures: two prompts, each measured."""
from llama_index.core import get_response_synthesizer
from llama_index.core.prompts import PromptTemplate

ANSWER = (
    "Answer from the passages below only.\n"
    "{context_str}\n"
    "{tone_line}"
    "Question: {query_str}\nAnswer:"
)

REFINE = (
    "Question: {query_str}\n"
    "Draft answer: {existing_answer}\n"
    "{context_msg}\n"
    "Improve the draft answer with the new passages above. Keep every citation the draft "
    "already has, add one for each new fact, and return the draft unchanged when the new "
    "passages add nothing to it. Never answer from your own knowledge, and say so plainly "
    "when two passages disagree, citing both.\n"
    "{tone_line}"
    "Improved answer:"
)


def _with_tone(template: str, tone):
    line = f"Write in a {tone} tone.\n" if tone is not None else ""
    return template.replace("{tone_line}", line)


def make_synthesizer(llm, tone=None):
    answer = PromptTemplate(template=_with_tone(ANSWER, tone))
    refine = PromptTemplate(template=_with_tone(REFINE, tone))
    return get_response_synthesizer(llm=llm, text_qa_template=answer, refine_template=refine)
