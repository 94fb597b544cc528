"""A registry of functions (a plug-in framework not in view): `@functions.register(...)` keeps
`complete` on the registry, and callers reach it as `functions.complete(prompt)`. The
function that chooses a tool puts the user's request above the catalogue of tools, so the
catalogue, the same on every request, is computed again each time (PFX001)."""
from openai import OpenAI
from plugin_registry import Registry

client = OpenAI()
functions = Registry()

CATALOGUE = """search_orders(customer_id, since): the customer's orders since a date, newest first.
refund_order(order_id, amount_cents): refund part or all of a paid order to its payment method.
update_address(customer_id, address): change the shipping address of the orders not yet sent.
escalate(summary): hand the conversation to a person in the support team, with a summary.
Answer with the name of exactly one function from the list and nothing else."""


@functions.register(description="Sends one prompt to the model and returns its answer.")
def complete(prompt: str) -> str:
    response = client.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}])
    return response.choices[0].message.content


@functions.register(description="Chooses the function that serves a request.")
def choose_function(user_request: str) -> str:
    return functions.complete(f"Request: {user_request}\n\nFunctions:\n{CATALOGUE}")
