"""Reviews every note of a folder: each file's text is read by the loop's own path."""
from pathlib import Path

from openai import OpenAI

client = OpenAI()

RULES = """Review the meeting note above for the team wiki. Check that it names the date, the
people present and the decisions taken; that every action item has an owner and a due date;
that no customer name, phone number or email address appears anywhere in it; and that the
summary at the top is at most three sentences long. Answer with a list of problems, one per
line with the section it is in, or with the single word FINE when there are none."""


def review_folder(folder):
    for path in sorted(Path(folder).glob("*.md")):
        content = path.read_text(encoding="utf-8") + "\n\n" + RULES
        reply = client.chat.completions.create(
            model="gpt-4o-mini", messages=[{"role": "user", "content": content}])
        print(path.name, reply.choices[0].message.content)
