"""A review step of a graph: the state's "messages" entry holds the reviewer's question,
and the code says so by the name it gives it."""
from langchain_core.messages import SystemMessage

REVIEW_RULES = """You review one change of a pull request. Report bugs first, then risky
patterns, then style only when it hides a bug. Quote the lines you mean, say why each is a
problem and what to write instead, and keep to the change: do not review untouched code.
Answer in Markdown with one heading per finding and nothing before the first heading."""


def review(state, model):
    snippet = state.get("diff", {}).get("code", "")
    user_question = state.get("messages", "")
    message = f"{snippet}\nReviewer's question: {user_question}"
    return model.invoke([SystemMessage(REVIEW_RULES), message])
