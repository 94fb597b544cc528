from google.adk.agents import LlmAgent

from .policy import POLICY

# ADK fills `{customer_tier?}` and `{open_orders}` from the session state before every call;
# the rules after them are sent again whenever the state changes.
support_agent = LlmAgent(
    name="support",
    model="gemini-2.5-flash",
    instruction="""You help customers of a bicycle shop. Customer tier: {customer_tier?}.
Their open orders: {open_orders}

Answer questions about orders, repairs and returns. Look up an order with get_order before
you say anything about it, offer a return only within thirty days of delivery, and hand the
conversation to a person when the customer asks for one or mentions an injury. Keep every
answer under five sentences and never promise a delivery date.""",
)

# the shop's policy alone: the conversation after it is all that changes
policy_agent = LlmAgent(name="policy", model="gemini-2.5-flash", instruction=POLICY)
