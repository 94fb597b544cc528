"""A code review prompt: the diff under review opens the system prompt, and the review
rules after it are not shared between reviews."""
from .llm import chat

RULES = """Review the change above as a senior engineer of this project would. Point out every
bug with the line it is on, say which tests the change needs and which existing tests it
breaks, flag any new dependency and any change to a public name, never restyle code the
change does not touch, and end with one line that says whether the change can be merged."""


def review(diff: str) -> str:
    return chat(f"Change under review:\n{diff}\n\n{RULES}", "Review this change.")
