"""A commit-message prompt joined from sections, the empty ones left out."""

import anthropic

client = anthropic.Anthropic()

RULES = """Rules for the subject line: use the imperative mood, start with a capital letter, keep
it under fifty characters and end it without a full stop. Rules for the body: wrap lines at
seventy-two characters, explain what changed and why rather than how, name the files or
functions a reader would search for, and leave out anything the diff already makes obvious.
Never invent a ticket number, never mention tests that the diff does not touch, and never
describe a change as small, minor or simple."""


class CommitPrompt:
    def build(self, diff: str, files: list, hint: str = "") -> str:
        sections = [
            "You write git commit messages for a team that reads them months later.",
            self._scope(files),
            RULES,
            self._hint(hint),
            f"<diff>\n{diff}\n</diff>",
        ]
        return "\n\n".join(filter(None, sections))

    def _scope(self, files: list) -> str:
        return f"Write one bullet for each of the {len(files)} changed files."

    def _hint(self, hint: str) -> str:
        return f"The author says: {hint}" if hint else ""


def commit_message(diff: str, files: list) -> str:
    prompt = CommitPrompt().build(diff, files)
    reply = client.messages.create(model="claude-sonnet-4-5", max_tokens=300,
                                   messages=[{"role": "user", "content": prompt}])
    return reply.content[0].text
