"""A document read in windows: each request's system prompt names the window's first line,
and after the first window that line comes from the model's last reply (`start = ...` at the
end of the loop body), so the rules after it are not shared. The client is instructor's
patched Anthropic client, whose `chat.completions.create` takes the system prompt as
`system=`."""
import instructor
from anthropic import Anthropic

SPLIT_RULES = """Split the numbered lines below into sections, each about one topic.
The first section starts at line {first} of the document.
Give every section a title that says what it covers in a few plain words, start and end
each section on the line numbers shown in square brackets, never leave a line out, never
let two sections overlap, keep a table or a code listing inside one section, and end the
last section at the last line you were given even when its topic goes on past the window."""


def sections_of(window: str, first: int) -> list:
    client = instructor.from_anthropic(Anthropic())
    reply = client.chat.completions.create(
        model="claude-haiku-4-5", max_tokens=2000, response_model=list,
        system=SPLIT_RULES.format(first=first),
        messages=[{"role": "user", "content": window}])
    return reply


def split(lines: list[str]) -> list:
    start, found = 0, []
    while start < len(lines):
        window = "\n".join(f"[{n}] {text}" for n, text in enumerate(lines[start:start + 80],
                                                                    start))
        found.extend(sections_of(window, start))
        start = found[-1].end + 1
    return found
