"""An editor reviews a draft in one of two tones the request picks; each tone is a whole
prompt of its own, assigned in an `if` statement, and the draft comes after it. The choice
keeps both prefixes cacheable: nothing here breaks one."""

from openai import OpenAI

client = OpenAI()

STRICT_REVIEW = """You are the strictest editor of a technical publisher. Review the draft
below line by line. Mark every claim that has no source, every sentence longer than thirty
words, every passive construction that hides who acts, and every term used before it is
defined. Give each remark the line it refers to and one concrete rewrite. Do not praise,
do not summarize the draft, and list the remarks in the order of the lines they refer to."""

FRIENDLY_REVIEW = """You are a friendly writing coach for first-time authors. Read the draft
below and name the three changes that would help its reader most, in order of importance.
For each, quote the passage, say in one sentence why it slows the reader down, and suggest a
rewrite in the author's own voice. End with one sentence on what the draft already does well,
and keep the whole answer under two hundred words so that the author reads all of it."""


def review(draft: str, tone: str) -> str:
    if tone == "strict":
        prompt = STRICT_REVIEW + "\n\nDRAFT:\n" + draft
    else:
        prompt = FRIENDLY_REVIEW + "\n\nDRAFT:\n" + draft
    reply = client.chat.completions.create(
        model="gpt-4o", messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content
