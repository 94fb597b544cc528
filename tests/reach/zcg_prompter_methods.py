"""A prompter whose methods return the messages of each step, for a chat loop elsewhere that
picks the prompter by name: the text of the last message measured where it is written."""


def as_message(text, role="user"):
    return {"role": role, "content": text}


class ReviewPrompter:
    def system(self):
        return [as_message("You review pull requests for a Python team.", role="system")]

    def first_prompt(self, change):
        return [
            *self.system(),
            as_message(f"""The change below touches {change.path}.
Review it for correctness first, then for readability and tests. List each problem on its own
line with the line number it concerns, the reason it is a problem and a concrete fix. Do not
comment on formatting that a formatter would change, and do not repeat a problem that an
earlier line already covers. End with a one-line verdict: APPROVE, COMMENT or REQUEST CHANGES.
{change.diff}"""),
        ]

    def retry_prompt(self, error):
        return [{"role": "user", "content": f"That reply could not be read: {error}"}]
