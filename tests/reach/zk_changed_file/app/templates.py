import os

import jinja2

PROMPTS = os.path.join(os.path.dirname(__file__), "..", "prompts")


def load_prompt(prompt_name, context=None):
    loader = jinja2.FileSystemLoader(searchpath=PROMPTS)
    environment = jinja2.Environment(loader=loader)
    template = environment.get_template(prompt_name + ".txt")
    if context:
        return template.render(context)
    else:
        return template.render()
