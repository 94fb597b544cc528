CRITIQUE_TEMPLATE = """Here is a draft answer written for a customer:
{draft}

Reviewer notes gathered so far:
{notes}

Critique the draft against the house standards. Check that every claim is supported by the
notes, that the tone is courteous and plain, that no internal ticket numbers or staff names
appear, that refunds are only promised when the notes say they were approved, and that the
answer ends with one concrete next step for the customer. List each problem on its own line,
starting with the sentence it concerns, and finish with a verdict of PASS or REVISE.
"""

SHORT_CRITIQUE_TEMPLATE = CRITIQUE_TEMPLATE.replace("List each problem", "Name the worst problem")


class DraftReviewer:
    def __init__(self, backend, thorough=True):
        self.backend = backend
        self.critique_template = CRITIQUE_TEMPLATE if thorough else SHORT_CRITIQUE_TEMPLATE

    def critique(self, draft, notes, template):
        prompt = template.format(draft=draft, notes="\n".join(notes))
        return self.backend.complete(prompt)

    def review(self, draft, notes):
        return self.critique(draft=draft, notes=notes, template=self.critique_template)
