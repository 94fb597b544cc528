"""A research assistant's tools: constant lists joined with one more tool a project function
describes, when a setting asks for it (`BASE + ([reviewer_tool()] if ... else []) + CLOSING`). The
joined list is JSON the code spells out, the same on every request; what ends the shared
prefix is the user's name in the system text after it."""
import anthropic

BASE_TOOLS = [
    {"name": "search_papers", "description": "Search the library's catalogue of papers by words.",
     "input_schema": {"type": "object", "properties": {"words": {"type": "string"}}}},
    {"name": "read_paper", "description": "Read the abstract and conclusions of one paper.",
     "input_schema": {"type": "object", "properties": {"paper_id": {"type": "string"}}}},
]
CLOSING_TOOLS = [
    {"name": "cite", "description": "Format a reference to a paper in the library's style.",
     "input_schema": {"type": "object", "properties": {"paper_id": {"type": "string"}}}},
]
REVIEWER_MODEL = "claude-opus-4-1"
WITH_REVIEWER = True


def reviewer_tool():
    tool = {"name": "ask_reviewer", "description": "Ask a stronger model to check the draft.",
            "model": REVIEWER_MODEL}
    return tool


def answer(user, question):
    client = anthropic.Anthropic()
    tools = BASE_TOOLS + ([reviewer_tool()] if WITH_REVIEWER else []) + CLOSING_TOOLS
    system = (f"You help {user.name} find and read research papers. Search before you answer, "
              "quote the paper you rely on by its title and year, say plainly when the catalogue "
              "has nothing on the question, and never summarise a paper you have not read with "
              "the read_paper tool. Keep answers under two hundred words unless asked for more.")
    return client.messages.create(model="claude-sonnet-4-5", max_tokens=1200, tools=tools,
                                  system=system, messages=[{"role": "user", "content": question}])
