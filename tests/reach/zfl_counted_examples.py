"""Few-shot examples (the deployment's) counted to number the one the model writes: the count
of text fixed at start-up is the same on every request, so the rules after it stay cached
and the document, last, breaks nothing; the length test that cuts the document is the
document's own."""
import os

from openai import OpenAI

client = OpenAI()

RULES = """Write one question that the next document answers, in the style of the examples.
The question must be answerable from the document alone, name no outside source, and stay
under twenty words. Do not copy a sentence of the document into the question, and do not
ask about numbers the document does not state.
"""
EXAMPLES = os.environ.get("WRITER_EXAMPLES", "Document: ...\nQuestion: ...\n")


def question_for(document: str, rules: str, examples: str) -> str:
    prompt = rules + examples
    prompt += "Example " + str(prompt.count("Example") + 1) + ":\n" + rules
    if len(prompt) + len(document) > 4000:
        prompt += "Document: " + document[:4000 - len(prompt)] + "\nQuestion:"
    else:
        prompt += "Document: " + document + "\nQuestion:"
    reply = client.chat.completions.create(model="writer", messages=[
        {"role": "user", "content": prompt}])
    return reply.choices[0].message.content


def run(documents: list[str]) -> list[str]:
    return [question_for(document, RULES, EXAMPLES) for document in documents]
