from openai import OpenAI

from policy import POLICY

client = OpenAI()
TOOLS = [
    {"type": "function", "function": {"name": "search_docs", "description": "Search the docs."}},
    {"type": "function", "function": {"name": "refund", "description": "Issue a refund."}},
]


def reply(user, question):
    return client.chat.completions.create(
        model="gpt-4.1",
        tools=list(filter(lambda t: t["function"]["name"] in user.allowed_tools, TOOLS)),
        messages=[{"role": "system", "content": POLICY}, {"role": "user", "content": question}])
