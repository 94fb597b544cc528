"""A Jinja folder named through a helper not in view, and a system message put in front of
the conversation with `+`: the template's closing clock reading comes before the history."""
from datetime import datetime

from jinja2 import Environment, FileSystemLoader

from deployment.paths import resource_dir

env = Environment(loader=FileSystemLoader(resource_dir("agents/prompts")))


def system_then_history(name, state):
    values = {"NOW": datetime.now().strftime("%Y-%m-%d %H:%M:%S"), **state}
    text = env.get_template(f"{name}.md").render(**values)
    return [{"role": "system", "content": text}] + state["messages"]
