"""A grader made with its criterion and rubric: what an object is made with is fixed for the
object's lifetime, so an unclassified parameter of __init__ is no per-request value when no
construction is in view to say otherwise. The system prompt is stable; the answer comes last."""
from openai import OpenAI


class Grader:
    def __init__(self, criterion: str, rubric: str):
        self.client = OpenAI()
        self.system = (f"You grade answers against this criterion: {criterion}\n"
                       f"Use this rubric: {rubric}\n"
                       "Answer with a JSON object holding a score from 1 to 5 and one sentence "
                       "that explains it. Be strict: a score of 5 means nothing could be better. "
                       "Ignore style unless the criterion is about style. Do not repeat the "
                       "answer, add no text outside the JSON object, and never use markdown.")

    def grade(self, answer: str):
        return self.client.chat.completions.create(model="gpt-4.1", messages=[
            {"role": "system", "content": self.system},
            {"role": "user", "content": f"Answer to grade:\n{answer}"}])
