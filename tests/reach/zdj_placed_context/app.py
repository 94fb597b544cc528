from openai import OpenAI

from prompting import answer_prompt
from search import passages_for

client = OpenAI()


def answer(store, question: str) -> str:
    prompt = answer_prompt(question, passages_for(store, question))
    reply = client.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content
