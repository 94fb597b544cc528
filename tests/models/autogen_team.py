"""AutoGen teams and agents given a task: the task is the first user message, after the
agents' system messages; the team comes from a factory of the project."""

from autogen_agentchat.agents import AssistantAgent
from autogen_agentchat.teams import RoundRobinGroupChat

TRIAGE_RULES = """Sort the incident into one of: outage, degradation, security, billing.
Name the service that failed first and the services that failed because of it.
Give the customer impact in one sentence and the number of affected accounts.
Propose the first three steps of the runbook, each with the team that owns it.
Never speculate about a root cause that the timeline does not show."""


def build_team(model_client) -> RoundRobinGroupChat:
    writer = AssistantAgent("writer", model_client=model_client,
                            system_message="You write incident summaries for on-call engineers.")
    reviewer = AssistantAgent("reviewer", model_client=model_client,
                              system_message="You check incident summaries against the timeline.")
    return RoundRobinGroupChat([writer, reviewer], max_turns=4)


async def triage(model_client, timeline: str):
    team = build_team(model_client)
    return await team.run(task=f"Timeline:\n{timeline}\n\n{TRIAGE_RULES}")


async def triage_in_order(model_client, timeline: str):
    team = build_team(model_client)
    return await team.run(task=f"{TRIAGE_RULES}\n\nTimeline:\n{timeline}")


async def summarize(model_client, ticket):
    agent = AssistantAgent("summarizer", model_client=model_client,
                           system_message=f"Ticket {ticket.id} of {ticket.customer_name}.\n"
                                          + TRIAGE_RULES)
    return await agent.run(task="Summarize the ticket's timeline.")
