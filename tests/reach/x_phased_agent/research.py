"""An agent that calls the model in each of its phases: a constant planning prompt, then one
step prompt per sub-question (the sub-question is on top of the step's rules), then
the synthesis. Each phase's prompt is sent when `Agent.answer` runs, two clients deep."""

from .base import Agent

PLAN = """Split the question into at most four sub-questions that can be researched
one at a time. Reply with one sub-question per line and nothing else. Prefer concrete
sub-questions that name the entity, the period and the measure they ask about."""

STEP_RULES = """Rules for this step:
1. Search the knowledge base first, then the web when the knowledge base has nothing.
2. Quote the exact passage that supports each claim, with its source number.
3. Stop after five searches, or sooner when the evidence is clear.
4. If two sources disagree, report both and say which one is newer.
5. Write the findings as a short list, one claim per line."""


class ResearchAgent(Agent):
    def _run(self, question):
        self._plan(question)
        for sub_question in question.split(" and "):
            yield self._step(sub_question)

    def _plan(self, question):
        messages = [{"role": "system", "content": PLAN},
                    {"role": "user", "content": question}]
        reply = self.llm.chat(model="planner", messages=messages)
        return [line for line in reply.splitlines() if line.strip()]

    def _step(self, sub_question):
        return self._step_with_tools(sub_question, tools=None)

    def _step_with_tools(self, sub_question, tools):
        system = f"You are researching one sub-question: {sub_question}\n\n{STEP_RULES}"
        messages = [{"role": "system", "content": system},
                    {"role": "user", "content": sub_question}]
        return self.llm.chat(model="researcher", messages=messages, tools=tools)
