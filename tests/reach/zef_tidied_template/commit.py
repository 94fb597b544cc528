"""A commit message writer: its template's slot is filled, then blank lines left by
sections it dropped are tidied with a regular expression."""
import re
from functools import lru_cache
from pathlib import Path

import openai


@lru_cache(maxsize=1)
def _template() -> str:
    return (Path(__file__).parent / "templates" / "commit.txt").read_text(encoding="utf-8")


def write_message(diff: str) -> str:
    prompt = _template().replace("<diff></diff>", diff)
    prompt = re.sub(r"\n{3,}", "\n\n", prompt)
    reply = openai.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": prompt.strip()}])
    return reply.choices[0].message.content
