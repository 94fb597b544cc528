from llm.client import ask
from templates import load_prompt


def triage(ticket):
    """The only file a pre-commit run passes: its prompt goes through clients in modules it
    imports, and its template through the project's loader."""
    return ask(load_prompt("triage", {"ticket": ticket.body}),
               system="You sort support tickets into queues.")
