from llm.gateway import complete
from policy import POLICY


def reply(context: str, question: str) -> str:
    """The application's service layer: adds the policy and passes the rest on."""
    return complete(system=context + "\n" + POLICY, message=question)
