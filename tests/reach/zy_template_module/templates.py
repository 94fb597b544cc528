"""The assistant's prompt templates, kept apart from the engine that sends them."""

from llama_index.core.prompts import PromptTemplate

ANSWER_FROM_CATALOGUE = PromptTemplate(
    "You recommend films from the catalogue passages below. Name each film with its year,\n"
    "give one sentence on why it fits the request, never recommend a film that the passages\n"
    "do not list, and say so plainly when nothing in them fits.\n"
    "{context_str}\n"
)
