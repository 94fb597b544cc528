"""Recaps a comic chapter by chapter: the recap so far, then the recap rules, then the
chapter's pages as images, in one user message."""
from openai import OpenAI

client = OpenAI()

RECAP_RULES = """Pasted above is the recap of the chapters so far. Continue it with the pages
below: tell what happens in the present tense, name each character the way the recap does,
keep every chapter to one paragraph, quote at most one line of dialogue per chapter, and
never describe a page you cannot see. Cite the page number after each sentence."""


def recap_chapter(recap: str, pages: list[str]) -> str:
    messages = [
        {"role": "system", "content": "You write recaps of comic chapters."},
        {"role": "user",
         "content": [{"type": "text", "text": recap + "\n-----\n" + RECAP_RULES}]
         + [{"type": "image_url", "image_url": {"url": f"data:image/png;base64,{page}"}}
            for page in pages]},
    ]
    reply = client.chat.completions.create(model="gpt-4o", messages=messages)
    return reply.choices[0].message.content
