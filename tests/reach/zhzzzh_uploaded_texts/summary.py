"""Writes the executive summary of the tender uploaded last."""
from openai import OpenAI

from .loader import SECTIONS

client = OpenAI(base_url="http://localhost:8000/v1")

SUMMARY_PROMPT = """You are an expert summarizer of public tenders. Read the tender and write an
executive summary for the bid team, with these sections: {sections}.

Tender:
{text}

Instructions:
- Keep each section to three bullet points at most, and quote dates and amounts exactly.
- Say plainly when a section is not covered by the tender; never guess a deadline.
- Flag any eligibility condition the bid team could fail, in bold, at the top of its section.
- Prefer markdown tables for timelines, and end with the three questions to ask the buyer.
"""


def raw_texts():
    from .loader import RAW_TEXTS
    return RAW_TEXTS


def summarise() -> str:
    text = "\n".join(raw_texts())
    prompt = SUMMARY_PROMPT.format(sections=", ".join(SECTIONS), text=text)
    reply = client.chat.completions.create(
        model="qwen2.5-7b-instruct", messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content
