"""A prompt built by a method of an object made on the spot (`PlanPrompt().build(...)`): the
method's text is what is sent, the user's goal first in it."""
from openai import OpenAI

client = OpenAI(base_url="http://localhost:8000/v1", api_key="local")


class PlanPrompt:
    steps = 5

    def build(self, goal: str) -> str:
        return (
            f"Goal: {goal}\n\n"
            f"Write a plan of at most {self.steps} steps that reaches the goal. Each step is "
            "one sentence that starts with a verb and names what it produces. Put the steps "
            "in the order they must run, mark the ones that can run at the same time, and end "
            "with the single check that shows the goal was reached. Never add a step the goal "
            "does not need, and say which step is riskiest and why in one short sentence."
        )


def plan(goal: str) -> str:
    prompt = PlanPrompt().build(goal)
    reply = client.chat.completions.create(
        model="llama-3.1-8b-instruct", messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content
