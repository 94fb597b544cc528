import json


def tool_instructions(messages: list, tools: list) -> list:
    """Tool use for a model with no tool calling of its own: the tools and the format of a
    call are written into the last message."""
    format_prompt = f"""
You can call the tools listed above. To call one, reply with a JSON object in this form:
```json
{{"name": "tool_name", "parameters": {{"arg1": "value1", "arg2": "value2"}}}}
```
Call one tool at a time and wait for its result before the next call. Never invent a tool
that is not listed, never guess an argument the user has not given, and when no tool fits,
answer in plain text instead. Keep arguments as short as the tool allows, and quote file
paths exactly as the user wrote them.
"""
    merged = [dict(m) for m in messages]
    merged[-1]["content"] += f"\nTools:\n{json.dumps(tools)}" + format_prompt
    return merged
