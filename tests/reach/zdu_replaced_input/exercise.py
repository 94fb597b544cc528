"""The Responses API given one text: a constant whose tag is replaced by the learner's level."""

from openai import OpenAI

from .prompts import EXERCISE_PROMPT

client = OpenAI(base_url="http://vllm.internal:8000/v1", api_key="unused")


def make_exercise(level, words):
    query_input = EXERCISE_PROMPT.replace("[LEVEL]", level)
    query_input = query_input.replace("[WORDS]", ", ".join(words))
    return client.responses.create(model="qwen2.5-7b-instruct", input=query_input)
