from autogen_agentchat.agents import AssistantAgent

from policy import POLICY


def make_assistant(model_client, customer):
    return AssistantAgent(name="support", model_client=model_client,
                          system_message=f"Customer: {customer.display_name}\n" + POLICY)
