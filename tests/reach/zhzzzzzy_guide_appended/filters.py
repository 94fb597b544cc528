"""The filter agent: the guide file first, then the notes this request's caller sent, then the
rules of the answer. The finding names this file, where the notes are appended, and not the
guide file, whose text is read whole and stays constant."""
from pathlib import Path

from openai import OpenAI

client = OpenAI(base_url="http://localhost:8000/v1", api_key="local")
GUIDE = (Path(__file__).parent / "filter_guide.md").read_text()

ANSWER_RULES = """Answer with the JSON object only. If a property the question needs is not
in the schema, leave it out and add the key "unsupported" listing what was left out. Never
invent property names, never return an empty filter for a question that names a condition,
and keep the sort to at most two properties, the most specific first."""


def build_filter(question: str, schema: str, notes: str) -> str:
    system = GUIDE + "\n" + notes + "\n\n" + ANSWER_RULES
    reply = client.chat.completions.create(
        model="llama-3.1-8b-instruct",
        messages=[{"role": "system", "content": system},
                  {"role": "user", "content": f"Schema: {schema}\nQuestion: {question}"}])
    return reply.choices[0].message.content
