"""A template handed to a library not in view under a prompt keyword: the library fills its
`{fields}` later, so they are values, and the question above the rules is reported."""
from answerkit import Prompt

ANSWER_TEMPLATE = """Question: {question}
Answer the question from the retrieved passages only. Quote each passage you rely on in
double quotes with its number, say when the passages disagree, and say plainly when they do
not answer the question instead of guessing. Keep the answer under one hundred words.
Passages:
{passages}"""

answer_prompt = Prompt(user_prompt=ANSWER_TEMPLATE, model="small")
