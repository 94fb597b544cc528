from string import Template


class BasePrompt:
    """A prompt whose subclass writes its text; values are put in with `${name}`."""

    def get_template(self) -> str:
        raise NotImplementedError

    def render(self, **values: str) -> str:
        return Template(self.get_template()).safe_substitute(values)


class OutlinePrompt(BasePrompt):
    def get_template(self) -> str:
        return """Write an outline for a short explainer video answering: ${question}

Give three to five sections. For each section write a title of at most six words and two
sentences on what it shows. Keep the language plain, open with the answer itself rather than
background, and end with a section that tells the viewer where to learn more. Reply with JSON
only, in this form:
{"sections": [{"title": "...", "summary": "..."}]}
"""
