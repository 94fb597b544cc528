"""A module-level model object called with the essay first and the rubric after it."""

from llm.chat_model import ChatModel

RUBRIC = """Grade the essay against the rubric below.
1. Thesis: is there a clear, arguable claim in the first paragraph?
2. Evidence: does every body paragraph support the claim with a concrete source?
3. Structure: do paragraphs follow in a logical order with transitions?
4. Style: is the prose concise, varied and free of filler?
5. Mechanics: are grammar, spelling and citation format correct?
Return a JSON object with one integer score from 1 to 5 per criterion and a one-line reason."""

llm = ChatModel()


def grade(essay: str) -> str:
    return llm(f"Essay:\n{essay}\n\n{RUBRIC}")
