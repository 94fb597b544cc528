"""Prompts kept in a dict and chosen by a key the caller gives (`PROMPTS[kind]`,
`prompts.get(kind, DEFAULT)`): the key is not known here, so the entry with the most at stake
is read, and the company's name that opens each entry ends the shared prefix."""
from openai import OpenAI

client = OpenAI()

RULES = """Use exactly these headers: Products, Leadership, Market, Differentiators, Business
Model. Write one complete fact per bullet and nothing else: no paragraphs, no introduction,
no closing remarks, and never say that information was not found. Cite the document number
in brackets after each fact, and leave out any fact that only one document states unless it
comes from the company's own filings. Keep the whole briefing under three hundred words."""


def briefing(kind: str, company: str, documents: list[str]) -> str:
    prompts = {
        "company": f"Write a company briefing on {company}.\n" + RULES,
        "industry": f"Write a briefing on the industry of {company}.\n" + RULES,
    }
    prompt = prompts.get(kind, "Write a short research note.") + "\n\n" + "\n".join(documents)
    reply = client.chat.completions.create(
        model="gpt-4.1", messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content
