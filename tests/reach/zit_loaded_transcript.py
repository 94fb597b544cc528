"""Answers questions about one meeting: the transcript is loaded once per meeting into a
module global that starts empty, then every question is asked about it."""
from openai import OpenAI

client = OpenAI()

TRANSCRIPT = ""

RULES = """Answer the question using only the transcript above. Quote the speaker's words
when the question asks who said something, with the time stamp before the quote. If the
transcript does not answer the question, say so in one sentence and suggest who in the
meeting could. Never guess at decisions that were not stated, and keep the answer under
eighty words unless the question asks for a list of action items."""


def load_transcript(path: str) -> None:
    global TRANSCRIPT
    with open(path, encoding="utf-8") as handle:
        TRANSCRIPT = handle.read()


def ask(question: str) -> str:
    response = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[{"role": "user",
                   "content": f"Transcript:\n{TRANSCRIPT}\n\n{RULES}\n\nQuestion: {question}"}],
    )
    return response.choices[0].message.content
