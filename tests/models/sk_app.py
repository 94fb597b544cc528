from semantic_kernel.agents import ChatCompletionAgent

from policy import POLICY


def make_agent(service, tenant):
    return ChatCompletionAgent(service=service, name="Helpdesk",
                               instructions=f"Tenant: {tenant.tenant_id}\n" + POLICY)
