"""A content crew whose writer task is an f-string that leaves `{topic}` for the crew to fill
at kickoff and puts the configured length in itself. It is handed to the project's own task
record, not to a call in view, so it is measured where it is written: the topic opens it,
before the steps and requirements. A stylesheet with escaped braces is no prompt."""
from dataclasses import dataclass


@dataclass(frozen=True)
class TaskSpec:
    name: str
    description: str
    agent: str


def writer_task(min_words: int, max_words: int) -> TaskSpec:
    brief = f"""Write an article about '{{topic}}' for the company blog.

Steps:
1. Search for recent, reliable sources on the subject and read at least three of them.
2. Outline the article: an introduction, three to five sections, and a conclusion.
3. Write between {min_words} and {max_words} words in plain, friendly English.

Requirements:
- Cite every fact with the source's title and link.
- Use a heading for each section and keep paragraphs under five sentences.
- Output only the article in Markdown, with no notes about how it was written."""
    return TaskSpec(name="write", description=brief, agent="writer")


def page_style(accent: str) -> str:
    style = f"""body {{ font-family: sans-serif; }}
a {{ color: {accent}; }}
.note {{{{note}}}} {{ margin: 1em; }}"""
    return style
