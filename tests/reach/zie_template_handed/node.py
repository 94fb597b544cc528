"""A graph node: the request's subject fills the system message, above the rules. The
template is made once, on first use, and handed to the client with the values that fill it."""
from .client import Client, make_template

SYSTEM = """You draw diagrams in Mermaid for the team's design documents.
Draw a flowchart of {subject}, as the user describes it.

Rules:
- Output only the Mermaid code, with no code fence and no explanation around it.
- Keep node identifiers short (A, B, C, or one word such as login or auth).
- Label every edge that is a decision with its answer (Yes, No, Retry).
- Use subgraphs for components that belong to one service, named for the service.
- Never invent a step the description does not name; ask in a comment when one is missing.
- Make sure the diagram renders: balanced brackets, no reserved words as identifiers."""

_template = None


def _draw_template():
    global _template
    if _template is None:
        _template = make_template(SYSTEM)
    return _template


async def draw(state: dict) -> str:
    client = Client()
    values = {"question": state["details"], "subject": state["question"]}
    return await client.run(_draw_template(), values)
