"""A judge that grades test cases made elsewhere: what the code reads of the case passed is
that case's input, not its class's default (the text "None"). The input before the grading
rules breaks the prompt."""
from openai import OpenAI

from .cases import GradedCase

client = OpenAI()


def grading_prompt(input: str, actual_output: str) -> str:
    return f"""You grade the answers of a support assistant.

USER INPUT:
{input}

Decide whether the answer below stays polite, answers the question that was asked, and
never invents a policy, a price or a deadline. Score 1 when all three hold, else 0, and
give one sentence of reason. Reply with JSON holding "score" and "reason", nothing else.

ANSWER:
{actual_output}"""


class Judge:
    async def evaluate(self, case: GradedCase) -> str:
        prompt = grading_prompt(input=case.input, actual_output=case.actual_output)
        reply = client.chat.completions.create(model="judge", messages=[
            {"role": "user", "content": prompt}])
        return reply.choices[0].message.content
