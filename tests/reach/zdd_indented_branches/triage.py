"""The ticket's fields come first, each optional one under an indented `{% if %}`, and the
queue list after them: a variant without the product or the attachments keeps only the
indentation of their lines, which is not what ends the constant text once the ticket
moves below the queues."""

from jinja2 import Environment, FileSystemLoader
from openai import OpenAI

client = OpenAI()
templates = Environment(loader=FileSystemLoader("zdd_indented_branches/prompts"))


def route(ticket) -> str:
    prompt = templates.get_template("classify.j2").render(ticket=ticket)
    reply = client.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content
