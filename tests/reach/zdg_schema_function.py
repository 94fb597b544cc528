"""A structured-output schema returned by a project function, sent only in JSON mode: the
schema is written in the code (constant), so it is no value ahead of the page text, which
comes after the rules."""

from openai import OpenAI

client = OpenAI()
RULES = """Read the page the user sends and return its text in reading order. Keep every table as
Markdown, drop running headers, footers and page numbers, and join words hyphenated across
lines. Set "language" to the two-letter code of the page's main language, or null if it has
no text, and "is_table" to true when most of the page is a table."""


def page_schema() -> dict:
    return {"type": "json_schema", "json_schema": {"name": "page", "schema": {
        "type": "object", "additionalProperties": False,
        "properties": {"language": {"type": ["string", "null"]}, "text": {"type": "string"},
                       "is_table": {"type": "boolean"}},
        "required": ["language", "text", "is_table"]}}}


def read(page_text: str, mode: str) -> str:
    reply = client.chat.completions.create(
        model="gpt-4o", messages=[{"role": "system", "content": RULES},
                                  {"role": "user", "content": page_text}],
        response_format=page_schema() if mode == "json" else None)
    return reply.choices[0].message.content
