from agents import Agent, RunContextWrapper

from policy import POLICY


def dynamic_instructions(context: RunContextWrapper, agent: Agent) -> str:
    return f"The user's name is {context.context.user_name}.\n" + POLICY


personal = Agent(name="Personal assistant", instructions=dynamic_instructions)
triage = Agent(name="Triage", instructions="Route each request to the right agent.\n" + POLICY)


def support_agent(customer):
    return Agent(name="Support", instructions=f"Customer: {customer.name}\n" + POLICY)
