from openai import OpenAI

client = OpenAI()
TOOLS = [{"type": "function", "function": {
    "name": "lookup_order",
    "description": "Look up an order by its number and return its status, items and dates.",
    "parameters": {"type": "object", "properties": {"order": {"type": "string"}},
                   "required": ["order"]}}}]


def ask(messages, temperature=0.2):
    """The one place the application talks to the model."""
    return client.chat.completions.create(model="gpt-4.1", tools=TOOLS, messages=messages,
                                          temperature=temperature)
