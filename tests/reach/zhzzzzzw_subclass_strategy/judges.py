"""Judges of a model's answer: the base class sends, and each subclass only names the pair of
texts it uses (`self.kind`). The stepwise judge's user text starts with the answer under
review, before its long steps, so that prompt breaks where the base class's does not."""
import json
import os

from openai import OpenAI

JUDGE_PROMPTS = json.load(open(os.path.join(os.path.dirname(__file__), "judge_prompts.json")))


class AnswerJudge:
    def __init__(self) -> None:
        self.client = OpenAI(base_url="http://localhost:8000/v1", api_key="local")
        self.kind = "brief"

    def judge(self, answer: str) -> str:
        messages = [
            {"role": "system", "content": JUDGE_PROMPTS[self.kind]["system"]},
            {"role": "user",
             "content": JUDGE_PROMPTS[self.kind]["user"].replace("<<ANSWER>>", answer)},
        ]
        reply = self.client.chat.completions.create(model="qwen2.5-7b-instruct", messages=messages)
        return reply.choices[0].message.content


class StepwiseJudge(AnswerJudge):
    def __init__(self) -> None:
        self.client = OpenAI(base_url="http://localhost:8000/v1", api_key="local")
        self.kind = "stepwise"
