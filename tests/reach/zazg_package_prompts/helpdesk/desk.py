from importlib.resources import files, read_text

from anthropic import Anthropic

SYSTEM = read_text("helpdesk.prompts", "system.txt")
LOOKUP = files(__package__).joinpath("prompts", "lookup.txt").read_text(encoding="utf-8")


def answer(question: str) -> str:
    reply = Anthropic().messages.create(
        model="claude-sonnet-4-5", max_tokens=400, system=SYSTEM,
        messages=[{"role": "user", "content": LOOKUP.format(question=question)}])
    return reply.content[0].text
