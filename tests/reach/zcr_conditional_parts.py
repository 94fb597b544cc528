"""Parts a request adds only for some users: a sentence added to the system prompt and a tool
appended to the tool list under an `if` on the user. (A loop that keeps some turns, and a
message added only when its text is given, are no such parts.)"""

from openai import OpenAI

client = OpenAI()

BANK_RULES = """You answer questions from the bank's customers about their accounts and cards.
Answer in short paragraphs and plain words. Never ask for a full card number, a password or
a one-time code, and never promise that a payment will be reversed: say what the customer can
request and how long the bank takes to decide. Send a customer who reports fraud to the
fraud line at once, before anything else."""

SEARCH_TOOL = {"type": "function", "function": {
    "name": "search_help", "description": "Search the bank's help pages.",
    "parameters": {"type": "object", "properties": {"query": {"type": "string"}}}}}
CALLBACK_TOOL = {"type": "function", "function": {
    "name": "book_callback", "description": "Book a call from an adviser.",
    "parameters": {"type": "object", "properties": {"slot": {"type": "string"}}}}}


def answer(customer, question, earlier_turns, note=None):
    system = "You are the bank's assistant. "
    if customer.is_premium:
        system += "The customer has a premium account: offer an adviser's callback. "
    system += BANK_RULES
    tools = [SEARCH_TOOL]
    if customer.is_premium:
        tools.append(CALLBACK_TOOL)
    messages = [{"role": "system", "content": system}]
    for turn in earlier_turns:
        if turn["role"] in ("user", "assistant"):
            messages.append(turn)
    if note:
        messages.append({"role": "user", "content": note})
    messages.append({"role": "user", "content": question})
    return client.chat.completions.create(model="gpt-4.1", messages=messages, tools=tools)
