"""Lagent: an agent for InternLM built per request, its `template` the day's date and its
output format's template the long planning instructions. The project derives its own agent
from Lagent's, and picks the sync or async class with a conditional expression. A plain
agent whose template is constant is stable."""
from datetime import datetime

from lagent.agents import Agent, AgentForInternLM, AsyncAgentForInternLM
from lagent.prompts import InterpreterParser

PLANNER_RULES = """You plan a web search as a graph of sub-questions.
Add one node per sub-question, connect each node to the nodes whose answers it needs, and
stop adding nodes once the answers together settle the user's question. Write each
sub-question so that a search engine can answer it alone; never ask two things at once.
When a sub-question's answer is already known, do not search for it again."""


class PlannerAgent(AgentForInternLM):
    def forward(self, *message, session_id=0, **kwargs):
        return super().forward(*message, session_id=session_id, **kwargs)


class AsyncPlannerAgent(AsyncAgentForInternLM):
    """The async form, with nothing of its own."""


def make_planner(llm, use_async=False):
    today = datetime.now().strftime("Today is %Y-%m-%d.")
    return (AsyncPlannerAgent if use_async else PlannerAgent)(
        llm=llm,
        template=today,
        output_format=InterpreterParser(template=PLANNER_RULES),
    )


SUMMARY_RULES = "Summarize the answers of the search graph for the user in one short paragraph."


def make_summarizer(llm):
    return Agent(llm=llm, template=SUMMARY_RULES)
