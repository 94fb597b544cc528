"""Prompt templates of the incident desk, one factory per step."""
from langchain_core.prompts import ChatPromptTemplate


def triage_prompt() -> ChatPromptTemplate:
    system = "You are the first responder of an operations team."
    user = ("Alert:\n{alert}\n\n"
            "Classify the alert as one of: outage, degradation, security, noise.\n"
            "An outage is a customer-facing service that does not answer at all.\n"
            "A degradation is a service that answers slowly or with some errors.\n"
            "Security covers failed sign-in bursts, unexpected privilege changes and scans.\n"
            "Noise is anything that resolved itself within five minutes or has no impact.\n"
            "Answer with the class, then one sentence on the evidence you used.")
    return ChatPromptTemplate.from_messages([("system", system), ("user", user)])
