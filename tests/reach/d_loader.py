"""D: a project loader builds its own Jinja environment and renders a positional mapping."""
import jinja2
from openai import OpenAI

client = OpenAI()


def load(name, values):
    env = jinja2.Environment(loader=jinja2.FileSystemLoader("./templates/"))
    return env.get_template(name + ".prompt").render(values)


def review(pull_request):
    body = load("reviewer/review", {"diff": pull_request.diff_text})
    return client.chat.completions.create(model="gpt-4o", messages=[
        {"role": "user", "content": body}])
