"""Structured output: the system message names the class the caller passes and writes out
its JSON schema (`__name__`, `__doc__`, `model_json_schema()`). Whichever class it is, that
text is written in the code, fixed for the deployment, not a value of the request; the
customer's message comes last. No finding."""
import json

from openai import OpenAI
from pydantic import BaseModel

client = OpenAI()

RULES = """Fill every field of the schema above from the customer's message. Leave a field
empty rather than guess, copy order numbers and product names exactly as written, never add
fields of your own, and answer with the JSON object only, without any text around it."""


class Ticket(BaseModel):
    """The facts a support ticket needs."""

    order_id: str
    product: str
    problem: str


def extract(message: str, return_type: type[BaseModel]):
    system = (f"You fill a {return_type.__name__} ({return_type.__doc__}) with this schema:\n"
              f"{json.dumps(return_type.model_json_schema())}\n\n{RULES}")
    return client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[{"role": "system", "content": system},
                  {"role": "user", "content": message}])


def ticket(message: str):
    return extract(message, Ticket)
