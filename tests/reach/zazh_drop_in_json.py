import ujson as json
from openai import OpenAI

EXAMPLE = {"order": "A-100", "items": [{"sku": "LAMP-2", "quantity": 1}], "status": "shipped"}

RULES = """You summarize orders for the support team of a furniture shop. Write one line per item
with its quantity, then the order's status in plain words, then the one thing the customer
should do next, if anything. Never guess a delivery date that the order does not state, and
never mention internal warehouse codes."""


def summarize(order: dict) -> str:
    system = f"An order looks like this:\n{json.dumps(EXAMPLE)}\n\n{RULES}"
    messages = [
        {"role": "system", "content": system},
        {"role": "user", "content": f"Order:\n{json.dumps(order)}"},
    ]
    reply = OpenAI().chat.completions.create(model="gpt-4o-mini", messages=messages)
    return reply.choices[0].message.content
