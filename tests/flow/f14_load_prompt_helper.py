from pathlib import Path

from jinja2 import Environment, FileSystemLoader
from openai import OpenAI

client = OpenAI()
env = Environment(loader=FileSystemLoader(Path(__file__).parent / "prompts"))


def load_prompt(name: str, values: dict) -> str:
    return env.get_template(f"{name}.md").render(**values)


def advise(request):
    system = load_prompt("advice", {"goal": request.goal})
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": system}, {"role": "user", "content": request.question}])
