from openai import OpenAI

from prompts.catalog import PromptCatalog

client = OpenAI()


def triage(ticket: str, thorough: bool = False) -> str:
    template = PromptCatalog.THOROUGH_TRIAGE if thorough else PromptCatalog.BRIEF_TRIAGE
    prompt = template.format(ticket=ticket)
    reply = client.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content
