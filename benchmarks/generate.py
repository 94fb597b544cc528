"""Write a synthetic repository for benchmarks: Jinja templates that include a shared
partial, Python modules that build prompts in the styles real applications use, and Python
modules without prompts.

    python benchmarks/generate.py OUT [--templates 1000] [--python 300] [--prompt-free 1000]

The same arguments always write the same files. Templates are 500 to 4,000 tokens and break
in four common ways (a deployment value first, a user's name and a date at the top, a branch
on the user, retrieved documents before the rules); Python modules import a shared rules
module, and build prompts as f-strings, Anthropic system blocks, LangChain message lists, an
agent class with a growing history, and templates rendered from code.
"""

from __future__ import annotations

import argparse
from pathlib import Path

PARAGRAPHS = (
    "Refunds for annual plans are prorated to the day and issued to the original payment "
    "method within five business days.",
    "To rotate an API key, open Settings, choose Keys, and select Rotate; the old key keeps "
    "working for 24 hours.",
    "Single sign-on is available on the enterprise plan and supports SAML 2.0 and OIDC "
    "identity providers.")
HEADS = ("You are the assistant of {{ product }}.",
         "Hello {{ user.name }}, today is {{ today }}.",
         "{% if user.vip %}VIP support.{% endif %}",
         "Context:\n{% for d in docs %}{{ d.text }}\n{% endfor %}")

RULES_MODULE = '''"""Rules every assistant of the platform shares."""

BASE_RULES = """{rules}"""
TEAMS = ["payments", "search", "identity"]
'''

PYTHON_STYLES = (
    # 0: OpenAI chat, a date and the user's name in the system prompt
    '''import datetime

from openai import OpenAI

from app.rules import BASE_RULES

client = OpenAI()


def answer(user, question):
    today = datetime.date.today().isoformat()
    system = f"Today is {{today}}. You help {{user.name}}.\\n{{BASE_RULES}}\\n{extra}"
    messages = [{{"role": "system", "content": system}},
                {{"role": "user", "content": question}}]
    return client.chat.completions.create(model="gpt-4.1", messages=messages)
''',
    # 1: Anthropic system blocks with a breakpoint, retrieved documents first
    '''import anthropic

from app.rules import BASE_RULES

client = anthropic.Anthropic()


def answer(question, docs):
    context = "\\n".join(d.text for d in docs)
    system = [
        {{"type": "text", "text": context}},
        {{"type": "text", "text": BASE_RULES + "\\n{extra}",
          "cache_control": {{"type": "ephemeral"}}}},
    ]
    return client.messages.create(model="claude-sonnet-4-5", max_tokens=1024, system=system,
                                  messages=[{{"role": "user", "content": question}}])
''',
    # 2: LangChain messages, clean: constant first, question last
    '''from langchain_core.prompts import ChatPromptTemplate

from app.rules import BASE_RULES

PROMPT = ChatPromptTemplate.from_messages([
    ("system", BASE_RULES + "\\n{extra}"),
    ("human", "{{question}}"),
])
''',
    # 3: an agent class whose history grows, with the team chosen per user
    '''from openai import OpenAI

from app.rules import BASE_RULES, TEAMS


class Agent:
    SYSTEM = BASE_RULES + "\\n{extra}"

    def __init__(self, user):
        self.client = OpenAI()
        self.user = user
        self.messages = [{{"role": "system", "content": self.SYSTEM}}]

    def ask(self, question):
        self.messages.append({{"role": "user", "content": question}})
        reply = self.client.chat.completions.create(model="gpt-4.1", messages=self.messages)
        self.messages.append({{"role": "assistant", "content": reply.choices[0].message.content}})
        return reply
''',
    # 4: a template rendered from code with the user's values
    '''from jinja2 import Environment, FileSystemLoader
from openai import OpenAI

env = Environment(loader=FileSystemLoader("templates"))
client = OpenAI()


def answer(user, question):
    system = env.get_template("t{template:04d}.j2").render(user=user, product="Acme",
                                                          today="2026-12-01", docs=[])
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {{"role": "system", "content": system}}, {{"role": "user", "content": question}}])
''',
)

PROMPT_FREE = '''import os


def f{i}_{{n}}(x):
    return os.path.join(x, "{i}")
'''


def template_text(i: int) -> str:
    lines = (f"{PARAGRAPHS[(i + k) % 3]} (section {k})" for k in range(20 + i * 37 % 150))
    return ("{% include 'partials/header.j2' %}\n" + HEADS[i % 4] + "\n" + "\n".join(lines) +
            "\nQuestion: {{ question }}\n")


def generate(root: Path, templates: int, python: int, prompt_free: int) -> None:
    """Write the repository under `root` (created; existing files are overwritten)."""
    (root / "templates" / "partials").mkdir(parents=True, exist_ok=True)
    (root / "prefixlint.toml").write_text("", encoding="utf-8")
    (root / "templates" / "partials" / "header.j2").write_text(
        "You are a support assistant. Answer from the documentation and cite it.\n",
        encoding="utf-8")
    for i in range(templates):
        (root / "templates" / f"t{i:04d}.j2").write_text(template_text(i), encoding="utf-8")
    app = root / "app"
    app.mkdir(exist_ok=True)
    (app / "__init__.py").write_text("", encoding="utf-8")
    rules = "\n".join(f"- Rule {n}: {PARAGRAPHS[n % 3]}" for n in range(40))
    (app / "rules.py").write_text(RULES_MODULE.format(rules=rules), encoding="utf-8")
    for i in range(python):
        style = PYTHON_STYLES[i % len(PYTHON_STYLES)]
        extra = f"Handle case {i} with care; " + PARAGRAPHS[i % 3]
        (app / f"m{i:04d}.py").write_text(
            style.format(extra=extra, template=i % max(templates, 1)), encoding="utf-8")
    plain = root / "lib"
    plain.mkdir(exist_ok=True)
    for i in range(prompt_free):
        (plain / f"p{i:04d}.py").write_text(
            "".join(PROMPT_FREE.format(i=i).format(n=n) for n in range(20)), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--templates", type=int, default=1000)
    parser.add_argument("--python", type=int, default=300)
    parser.add_argument("--prompt-free", type=int, default=1000)
    args = parser.parse_args()
    generate(args.out, args.templates, args.python, args.prompt_free)


if __name__ == "__main__":
    main()
