from datetime import date

from openai import OpenAI

from . import briefs
from .registry import PROMPTS

client = OpenAI()


def triage(message: str) -> str:
    prompt = PROMPTS["triage"].format(message=message)
    reply = client.chat.completions.create(model="gpt-4.1-mini",
                                           messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content


def hand_over(jobs: str) -> str:
    text = briefs.BRIEFS["shift"].format(shift_date=date.today().isoformat(), jobs=jobs)
    reply = client.chat.completions.create(model="gpt-4.1-mini",
                                           messages=[{"role": "system", "content": text}])
    return reply.choices[0].message.content
