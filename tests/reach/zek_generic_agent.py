"""Agents SDK agents made through the generic class (`Agent[Any]`), with a tool a factory
defines and the SDK's handoff preamble first in their instructions."""
from datetime import date
from typing import Any

from agents import Agent, function_tool
from agents.extensions.handoff_prompt import RECOMMENDED_PROMPT_PREFIX

RULES = (
    "Search the saved results before you answer, quote the sources you use, and say plainly "
    "when the saved results do not answer the question. Keep answers under two hundred "
    "words, list the sources at the end, and never invent a source, a date or a figure that "
    "is not in the saved results you were given."
)


def create_lookup_tool(storage):
    @function_tool
    def lookup(query: str) -> str:
        """Look a saved search result up by its query."""
        return storage.get(query)

    return lookup


def make_researcher(storage) -> Agent[Any]:
    return Agent[Any](
        name="Researcher",
        instructions=f"{RECOMMENDED_PROMPT_PREFIX}\nYou are a research agent. {RULES}",
        tools=[create_lookup_tool(storage)],
    )


def make_dated_researcher(storage) -> Agent[Any]:
    return Agent[Any](
        name="Dated researcher",
        instructions=f"Today is {date.today()}.\nYou are a research agent. {RULES}",
        tools=[create_lookup_tool(storage)],
    )


def make_desk_assistant(storage):
    from swarmkit import Assistant  # a library no model describes: roles from keywords

    return Assistant(tools=[create_lookup_tool(storage)], instructions=RULES)
