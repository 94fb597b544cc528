from openai import OpenAI

from prompts import ANSWER_SYSTEM

client = OpenAI()


def reply(history: list[dict], briefing: str) -> str:
    answer = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[{"role": "system", "content": ANSWER_SYSTEM.format(
            briefing=briefing)}, *history])
    return answer.choices[0].message.content
