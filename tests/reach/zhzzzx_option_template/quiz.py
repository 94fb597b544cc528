import sys
from pathlib import Path

import click
from openai import OpenAI

client = OpenAI()


@click.command()
@click.option("--template", "template_path", default="prompts/quiz.md")
def quiz(template_path: str) -> None:
    template = Path(template_path).read_text()
    passage = sys.stdin.read()
    reply = client.chat.completions.create(model="gpt-4o-mini", messages=[
        {"role": "user", "content": template.format(passage=passage)}])
    click.echo(reply.choices[0].message.content)
