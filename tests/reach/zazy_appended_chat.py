"""A chat built by appending role dicts to an empty list and passed to a client whose code
is not in view (`from devkit.llm import complete`): a prompt all the same, read where it is
passed. The ticket's text opens the second message, and the fixed output rules after it are
not shared between tickets."""
from devkit.llm import complete

OUTPUT_RULES = """Write the complete code for every file the change needs, each in its own
fenced block headed by the file's path relative to the repository root. Keep every import a
file uses, never leave a placeholder or a to-do comment, keep the public names the ticket
mentions unchanged, and finish with one short paragraph that says how the files fit
together and which existing tests cover the change."""


def write_change(ticket: str, steps: str) -> str:
    context = []
    context.append({"role": "system", "content": "You are a careful senior developer."})
    context.append({"role": "user", "content": f"Ticket:\n{ticket}\n\nSteps:\n{steps}"})
    context.append({"role": "user", "content": OUTPUT_RULES})
    return complete(context)
