from openai import OpenAI
from toolkit import schema_of

from policy import POLICY

client = OpenAI()


def lookup_order(number: str) -> str:
    """Finds an order by its number."""
    return number


def reply(question):
    """The library turns a function of the project into its tool schema: the same schema on
    every request, so the policy after it stays cached."""
    return client.chat.completions.create(model="m", tools=[
        {"type": "function", "function": schema_of(lookup_order)}], messages=[
        {"role": "system", "content": POLICY}, {"role": "user", "content": question}])


def reply_with_chosen_tool(question, request):
    """The schema of a tool the request chooses changes with the request: reported."""
    chosen = request.json["tool"]
    return client.chat.completions.create(model="m", tools=[
        {"type": "function", "function": schema_of(chosen)}], messages=[
        {"role": "system", "content": POLICY}, {"role": "user", "content": question}])
