import json

from .kinds import SCHEMAS, ReplyKind


def with_schema(base_prompt: str, kind: ReplyKind) -> str:
    """The caller's prompt, then how to answer: the same JSON rules for every caller."""
    schema = SCHEMAS.get(kind)
    return f"""{base_prompt}

IMPORTANT: answer with one JSON object and nothing else: no Markdown, no bullet points and no
text before or after it. Use exactly this schema:
{json.dumps(schema, indent=2)}
Every required key must be present, strings must be plain text, and a list may be empty but
never missing. Return only the JSON object, with no comments and no trailing commas."""
