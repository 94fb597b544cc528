"""Tools made by a library function from a table the code writes (argument classes, names
and descriptions): the same list on every request, so the question after it breaks nothing."""

from openai import OpenAI, pydantic_function_tool
from pydantic import BaseModel


class SearchArgs(BaseModel):
    query: str


class ClauseArgs(BaseModel):
    number: str


TOOL_DEFS = [
    (SearchArgs, "search_contract", "Return the blocks of the contract that match a query."),
    (ClauseArgs, "get_clause", "Return the text of the clause with the given number."),
]

SYSTEM = """You review commercial contracts for a legal team. Answer only from the contract's
text, which you read with the tools. Quote the clause number of every statement you make, say
when the contract is silent on a point, and never give advice beyond what the text supports."""

client = OpenAI()


def list_tools():
    tools = []
    for model, name, description in TOOL_DEFS:
        tools.append(pydantic_function_tool(model, name=name, description=description))
    return tools


def ask(question: str) -> str:
    reply = client.chat.completions.create(
        model="gpt-4o", tools=list_tools(),
        messages=[{"role": "system", "content": SYSTEM}, {"role": "user", "content": question}])
    return reply.choices[0].message.content
