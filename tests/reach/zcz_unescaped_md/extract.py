"""Renders a Markdown prompt with chevron: `{{& name}}` puts a value in unescaped, a tag
only Mustache has, so the file is Mustache, not Jinja. The user's request comes before
the rules and the example."""

import json
from pathlib import Path

import chevron
from openai import OpenAI

client = OpenAI()
PROMPT = Path(__file__).parent / "prompts" / "extract.md"
EXAMPLE = json.dumps({"success": True, "error": None, "data": {"price": "12 EUR"}})


def extract(request: str, page: str) -> str:
    text = chevron.render(PROMPT.read_text(), {"request": request, "example": EXAMPLE,
                                               "page": page})
    reply = client.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": text}])
    return reply.choices[0].message.content
