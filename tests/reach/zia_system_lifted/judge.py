"""A pairwise judge: its rules come first and the question and the two answers last, sent
as one user message (so nothing is lifted into the system parameter)."""
from .client import Chat

RULES = """You are an impartial judge comparing two answers to the same question. Read the
question, then both answers in full before you decide. Prefer the answer that is correct,
complete and directly useful; a longer answer is not better for its length, and the order
in which the answers appear must not sway you. Ignore the names of the assistants. When
both answers are wrong, prefer the one whose mistake matters less to the person asking.
Reply with exactly one line: "[[A]]" if answer A is better, "[[B]]" if answer B is better,
or "[[C]]" for a tie, and nothing else."""


def compare(model: str, question: str, first: str, second: str) -> str:
    prompt = f"{RULES}\n\n[Question]\n{question}\n\n[A]\n{first}\n[/A]\n\n[B]\n{second}\n[/B]"
    return Chat(model).send([{"role": "user", "content": prompt}], temperature=0.0)
