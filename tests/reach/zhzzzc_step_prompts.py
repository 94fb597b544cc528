"""A planner's two whole prompts, chosen by the step: the first plan puts the question first;
the refinement, the longer one, keeps its rules first. Both are sent."""
from openai import OpenAI

client = OpenAI()

FIRST_PLAN = """Question from the operator: {question}

Write a step-by-step plan to investigate it on the cluster. Use at most six steps. For each
step, name the one tool to run (list pods, describe a resource, read pod logs, list events),
what to look for in its output, and what result would end the investigation early. Put the
checks that cost least first, never restart or delete anything, and end with the evidence a
reviewer needs to accept the conclusion."""

REFINED_PLAN = """You refine an investigation plan on a Kubernetes cluster after a reviewer's
feedback. Keep the steps that produced evidence, drop the ones that did not, and add at most
three new ones. For each step, name the one tool to run (list pods, describe a resource, read
pod logs, list events), what to look for in its output, and what result would end the
investigation early. Never restart or delete anything, and say which feedback each change
answers.

Previous plan: {plan}
Reviewer's feedback: {feedback}
Question from the operator: {question}"""


def plan(question, step, previous="", feedback=""):
    match step:
        case 0:
            prompt = FIRST_PLAN.format(question=question)
        case _:
            prompt = REFINED_PLAN.format(plan=previous, feedback=feedback, question=question)
    reply = client.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content
