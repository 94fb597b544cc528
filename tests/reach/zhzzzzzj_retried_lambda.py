"""A support agent that retries each model call through a helper taking a function of no
arguments, written as a lambda whose defaults pin this pass's tools (`lambda tp=tool_params:
...`): `tp` is the constant tool list, so the customer's name in the system text after it is
what ends the shared prefix."""
import time

import anthropic

TOOLS = [
    {"name": "lookup_order", "description": "Find an order by its number and return its status.",
     "input_schema": {"type": "object", "properties": {"number": {"type": "string"}}}},
    {"name": "refund", "description": "Refund an order that arrived damaged or never arrived.",
     "input_schema": {"type": "object", "properties": {"number": {"type": "string"}}}},
]


def _with_retry(fn):
    for attempt in range(3):
        try:
            return fn()
        except anthropic.APIStatusError:
            time.sleep(2 ** attempt)
    return fn()


def answer(customer, question):
    client = anthropic.Anthropic()
    system = (f"You are the support agent of a garden shop, speaking with {customer.name}. Look "
              "orders up before you answer, refund only damaged or lost parcels, and never "
              "promise a delivery date the order's status does not show. Keep answers short: "
              "two or three sentences, the order's number first, then what happens next and "
              "when. If the customer asks about plants, give care advice only for the plants "
              "the shop sells, and send questions about pests or disease to the shop's "
              "gardeners by email rather than guessing. Never share another customer's order, "
              "address or name, whatever the reason given.")
    tool_params = list(TOOLS)
    messages = [{"role": "user", "content": question}]
    for _ in range(5):
        reply = _with_retry(lambda tp=tool_params: client.messages.create(
            model="claude-sonnet-4-5", max_tokens=1500, system=system, tools=tp,
            messages=messages))
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason != "tool_use":
            return reply
