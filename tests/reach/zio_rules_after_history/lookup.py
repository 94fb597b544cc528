"""One lookup with a catalogue tool scoped to the reader's branch, the rules as the system."""
from openai import OpenAI

from rules import CITATION_RULES

client = OpenAI()


def lookup(question: str, branch: str) -> str:
    tools = [{"type": "function", "function": {
        "name": "search_catalogue",
        "description": f"Search the catalogue of the {branch} branch by title or author.",
        "parameters": {"type": "object", "properties": {"query": {"type": "string"}}},
    }}]
    response = client.chat.completions.create(
        model="gpt-4o-mini",
        tools=tools,
        messages=[{"role": "system", "content": CITATION_RULES},
                  {"role": "user", "content": question}],
    )
    return response.choices[0].message.content
