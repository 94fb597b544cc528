"""Structured output with a model class defined in the function that sends (`class Decision(
BaseModel)` inside the handler): its JSON schema is written in the code, the same on every
request, so the schema sent before the messages is no value of the request. The question is
last. No finding."""
from openai import OpenAI
from pydantic import BaseModel, Field

client = OpenAI()

SYSTEM = """You decide whether a support request can be answered from the help center alone
or needs a person. A request about money that has already been taken, a legal threat or a
safety problem always needs a person. Give the reason in one sentence a customer could read."""


def triage(question: str):
    class Decision(BaseModel):
        needs_person: bool = Field(..., description="True when a person must answer.")
        reason: str = Field(..., description="One sentence a customer could read.")

    return client.beta.chat.completions.parse(
        model="gpt-4o-mini",
        response_format=Decision,
        messages=[{"role": "system", "content": SYSTEM},
                  {"role": "user", "content": question}])
