"""An issue-triage step: the question goes in before the constant triage instructions."""

from .local import ask_local_model

TRIAGE_STEPS = """Classify the question above for the support queue.

Answer with one label from this list and nothing else: billing, outage, access, data-loss,
feature-request, other. Choose outage only when a service is unavailable to more than one
user, access for log-in and permission problems, and data-loss whenever records are missing
or were changed without the user's action. When a question fits two labels, choose the one
earlier in the list. Never answer the question itself and never ask for more detail."""


def triage(question: str):
    messages = [{"role": "system", "content": "You sort support questions."},
                {"role": "user", "content": question},
                {"role": "user", "content": TRIAGE_STEPS}]
    return ask_local_model(messages)
