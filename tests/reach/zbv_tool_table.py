"""A tool picked by name from a table of functions, and its result sent back as a tool
message after the conversation: the result is this request's, not the table's (a setting),
so the conversation is last but for it and nothing breaks the prefix."""
import json

from openai import AsyncOpenAI

from rules_text import RULES

client = AsyncOpenAI()

TOOLS = [{"type": "function", "function": {
    "name": "search", "description": "Searches the handbook.",
    "parameters": {"type": "object", "properties": {"query": {"type": "string"}},
                   "required": ["query"]}}}]


async def search(query: str) -> str:
    return f"(handbook passages for {query})"


async def reply(history: list[dict]) -> str:
    messages = [{"role": "system", "content": RULES}, *history]
    first = await client.chat.completions.create(model="gpt-4o", messages=messages, tools=TOOLS)
    call = first.choices[0].message.tool_calls[0]
    available_functions = {"search": search}
    function_to_call = available_functions[call.function.name]
    function_response = await function_to_call(**json.loads(call.function.arguments))
    messages.append(first.choices[0].message)
    messages.append({"role": "tool", "tool_call_id": call.id, "content": function_response})
    second = await client.chat.completions.create(model="gpt-4o", messages=messages)
    return second.choices[0].message.content
