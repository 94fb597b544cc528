import os

from jinja2 import Environment, FileSystemLoader


class BasePrompt:
    """A prompt rendered from the template a subclass names."""

    template_path: str | None = None

    def __init__(self, **props):
        self.props = props
        folder = os.path.join(os.path.dirname(__file__), "templates")
        env = Environment(loader=FileSystemLoader(folder))
        self.prompt = env.get_template(self.template_path)

    def to_string(self) -> str:
        return self.prompt.render(**self.props)
