"""A tutor object kept for the life of the process counts the questions it has answered;
the count opens its system prompt, so each question's prefix differs from the last."""
from openai import OpenAI

client = OpenAI()

TUTOR_RULES = """Explain each step of the solution before giving the final answer.
Use the notation the student's course uses; when unsure, ask which course it is.
Never write the whole solution at once: give a hint, wait for the student's attempt,
then correct it kindly and point to the first step that went wrong.
Close every answer with one practice question of the same kind, a little harder."""


class Tutor:
    """One tutor for every student of the course."""

    def __init__(self) -> None:
        self.answered = 0
        self.hints_per_answer = 2

    def _count(self) -> None:
        self.answered = self.answered + 1

    def system_prompt(self) -> str:
        return (f"You are tutor number one; you have answered {self.answered} questions. "
                f"Give at most {self.hints_per_answer} hints per answer.\n{TUTOR_RULES}")

    def answer(self, question: str) -> str:
        self._count()
        reply = client.chat.completions.create(
            model="gpt-4o",
            messages=[
                {"role": "system", "content": self.system_prompt()},
                {"role": "user", "content": question},
            ],
        )
        return reply.choices[0].message.content


TUTOR = Tutor()
