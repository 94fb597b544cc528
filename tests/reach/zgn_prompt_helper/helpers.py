"""The project's prompt loader: a cache filled at start-up, else the file, with `.md` added
to a name given without it."""

from pathlib import Path

from jinja2 import Environment, FileSystemLoader, Template

PROMPT_TEMPLATES_CACHE: dict[str, str] = {}


def get_prompt(prompt_file: str, context: dict = {},
               prompt_dir: str = "zgn_prompt_helper/assets/prompts") -> str:
    if not prompt_file.endswith(".md"):
        prompt_file += ".md"
    cache_key = Path(prompt_file).stem
    if cache_key in PROMPT_TEMPLATES_CACHE:
        template = Template(PROMPT_TEMPLATES_CACHE[cache_key], autoescape=False)
        return template.render(**context) if context else template.render()
    env = Environment(loader=FileSystemLoader(prompt_dir), autoescape=False)
    template = env.get_template(prompt_file)
    return template.render(**context) if context else template.render()
