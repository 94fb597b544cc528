"""A research step: its system prompt is read from a file by a small loader at import time,
the step's question is put in with `.replace`, and the project's LLM object (not in view)
gets the messages with its tool list, or `tools=None` when it has none."""

import os

PROMPTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "prompts")


def load_prompt(name):
    with open(os.path.join(PROMPTS, name)) as handle:
        return handle.read()


STEP_PROMPT = load_prompt("research_step.txt")


class StepRunner:
    def __init__(self, llm, tools):
        self.llm = llm
        self.tools = tools

    def run(self, step_query):
        system_prompt = STEP_PROMPT.replace("{step_query}", step_query)
        messages = [{"role": "system", "content": system_prompt},
                    {"role": "user", "content": step_query}]
        return self.llm.gen(model="research", messages=messages,
                            tools=self.tools if self.tools else None)

    def summarize(self, findings):
        messages = [{"role": "system", "content": "Summarize the findings in five lines."},
                    {"role": "user", "content": findings}]
        return self.llm.gen(model="research", messages=messages, tools=None)
