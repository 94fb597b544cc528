"""The OpenAI SDK before 1.0, still found in older applications: `openai.ChatCompletion.create`
with Azure's `engine=` and `openai.Completion.create` with one prompt string. The first puts
the customer's question above the refund policy in the system message (PFX001); the second
puts the text to summarize last, after its instructions (an info only: two tokens follow)."""
import os

import openai

openai.api_key = os.environ.get("OPENAI_API_KEY")

POLICY = """Refunds for annual plans are prorated to the day and go back to the original
payment method within five business days. Monthly plans are not refunded, but a cancelled
plan keeps working until the end of the month that was paid for. Never promise a refund the
policy does not allow, and never invent an order number, an amount or a date; when the facts
are not in the conversation, ask the customer for them in one short question."""


def answer(question: str) -> str:
    response = openai.ChatCompletion.create(
        engine=os.environ.get("AZURE_DEPLOYMENT"),
        messages=[{"role": "system",
                   "content": f"The customer asks: {question}\n\n{POLICY}"}],
        temperature=0)
    return response["choices"][0]["message"]["content"]


def summarize(article: str) -> str:
    response = openai.Completion.create(
        model="gpt-3.5-turbo-instruct",
        prompt=("Summarize the support article below in three sentences for a customer who "
                "has not read it. Keep every number, plan name and deadline exactly as it is "
                "written, and leave out anything that only applies to staff.\n\n"
                f"Article:\n{article}\n\nSummary:"),
        max_tokens=200)
    return response["choices"][0]["text"]
