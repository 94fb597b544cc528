"""A field of each item of a list passed in, kept under a name that sounds like shipped
prompt text (`usage_prompt`): it is as volatile as the list, and the list comes before the
rules."""
from openai import OpenAI

from rules_text import RULES


def choose_tables(question: str, tables: list[dict]) -> str:
    listing = ""
    for table in tables:
        usage_prompt = table.get("usage_prompt", "")
        listing += f"- {usage_prompt}\n"
    prompt = f"Tables you may query:\n{listing}\n{RULES}\nQuestion: {question}"
    reply = OpenAI().chat.completions.create(
        model="gpt-4o", messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content
