"""A set passed into a template loop, and a list made from a set joined: their order
changes from process to process, before the constant rules."""
from jinja2 import Environment, FileSystemLoader
from openai import OpenAI

from policy import POLICY

env = Environment(loader=FileSystemLoader("prompts"))
client = OpenAI()
TAGS = ["billing", "outage", "billing", "security", "account"]


def label(question):
    system = env.get_template("labels.j2").render(labels=list(set(TAGS)))
    return client.chat.completions.create(model="gpt-4o-mini", messages=[
        {"role": "system", "content": system}, {"role": "user", "content": question}])


def route(ticket):
    teams = ", ".join(list({"payments", "platform", "trust"}))
    return client.chat.completions.create(model="gpt-4o-mini", messages=[
        {"role": "system", "content": f"Teams: {teams}.\n{POLICY}"},
        {"role": "user", "content": ticket}])
