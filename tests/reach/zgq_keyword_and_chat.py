"""A library call given a system keyword and the chat written at the call
(`generate(messages + [{...}], system="planner")`): both are the prompt, the conversation
before the planning instructions of the new message."""

from agentkit import generate

PLANNING = """Write a preliminary action plan for the request below: the steps in order, the tool
each step uses, what each step must produce for the next, and a measurable outcome that says
when the request is resolved. Use only the tools listed in the system message, never invent
one, and keep the whole plan under two hundred words."""


def plan(messages: list, request: str) -> str:
    return generate(messages + [{"role": "user", "content": f"{PLANNING}\n\n{request}"}],
                    system="You plan the use of tools for a study assistant.")
