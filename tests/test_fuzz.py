"""Generated prompts, checked for the properties every run must keep (issue 9): no internal
error, a measurement or a PFX900 for every file, shared prefixes never above the prompt.

Templates and Python prompt code are composed from fragments in the styles real prompts are
written in. Hypothesis runs derandomized (the same examples in every run, so CI is
reproducible) and shrinks a failure to the smallest template or module that shows it.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from prefixlint import api

from conftest import write_project

SETTINGS = settings(max_examples=int(os.environ.get("PREFIXLINT_FUZZ_EXAMPLES", "12")),
                    deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck))

SENTENCES = (
    "You are the support assistant for Northwind Cloud; answer from the policy below.",
    "Never promise refunds or credits, and hand billing disputes to a human agent.",
    "Cite the section of the handbook you used, in square brackets, after each claim.",
    "Keep answers under 150 words unless the customer asks for a walkthrough.",
    "If an outage is in progress, link the status page and give the incident number.",
)
NAMES = ("user.name", "user.plan", "question", "today", "now", "request_id", "session_id",
         "docs", "product_name", "x", "account.owner", "n", "user.tags", "history")
FILTERS = ("", "|upper", "|lower", "|title", "|default('none')", "|trim", "|truncate(12)",
           "|replace('a', 'b')", "|length", "|int", "|string", "|join(', ')", "|first",
           "|last", "|sort|join(', ')", "|map('upper')|join(' ')", "|unique|list",
           "|wordcount", "|round", "|abs", "|list", "|reverse|list", "|batch(2)|list",
           "|tojson", "|center(20)", "|indent(2)", "|e", "|map('upper')", "|random")
CONDITIONS = ("user.vip", "n > 3", "x is string", "n is number", "docs", "not question",
              "user.plan == 'pro'", "x in docs", "docs|length > 1", "today", "n is odd")
COLLECTIONS = ("docs", "history", "user.items", "range(3)", "x|list", "docs|sort",
               "user.tags|reverse")

text = st.sampled_from(SENTENCES)
value = st.builds(lambda name, f: "{{ " + name + f + " }}", st.sampled_from(NAMES),
                  st.sampled_from(FILTERS))
expression = st.sampled_from((
    "{{ n + 1 }}", "{{ n * 2 }}", "{{ x ~ '!' }}", "{{ x[:3] }}", "{{ (docs|length) > 2 }}",
    "{{ 'yes' if user.vip else 'no' }}", "{{ n // 2 }}", "{{ -n }}", "{{ x.upper() }}",
    "{{ x.split(' ')|join('-') }}", "{{ '%s!' % x }}", "{{ lipsum(1) }}", "{# a note #}"))


def _blocks(inner):
    return st.one_of(
        st.builds(lambda c, a, b: f"{{% if {c} %}}{a}{{% else %}}{b}{{% endif %}}",
                  st.sampled_from(CONDITIONS), inner, inner),
        st.builds(lambda c, a: f"{{%- if {c} -%}}\n{a}\n{{%- endif %}}",
                  st.sampled_from(CONDITIONS), inner),
        st.builds(lambda coll, a: f"{{% for item in {coll} %}}{{{{ item.title }}}} "
                                  f"{{{{ loop.index }}}}: {a}\n{{% endfor %}}",
                  st.sampled_from(COLLECTIONS), inner),
        st.builds(lambda a: f"{{% for k, v in user.prefs.items() %}}{{{{ k }}}}={{{{ v }}}} "
                            f"{a}{{% endfor %}}", inner),
        st.builds(lambda a: f"{{% for name, score in results %}}{{{{ name }}}}: {{{{ score }}}} "
                            f"{a}{{% endfor %}}", inner),
        st.builds(lambda n, a: f"{{% set v = {n} %}}{{{{ v }}}} {a}", st.sampled_from(NAMES),
                  inner),
        st.builds(lambda a: "{% macro m(a) %}<{{ a }}>{% endmacro %}{{ m(x) }} " + a, inner),
    )


fragment = st.recursive(st.one_of(text, value, expression), _blocks, max_leaves=6)
template = st.lists(fragment, min_size=1, max_size=8).map("\n".join)

STATEMENTS = (
    "    system = f\"{system} Today is {today}.\"\n",
    "    system += POLICY\n",
    "    system = system + ' Be brief.'\n",
    "    parts.append(f'User: {user.name}')\n",
    "    parts.extend(d.text for d in docs)\n",
    "    system = '\\n'.join(parts) + system\n",
    "    if user.vip:\n        system = PREMIUM + system\n    else:\n        system = system + PREMIUM\n",
    "    for d in docs:\n        parts.append(d.title)\n",
    "    today = datetime.now().strftime('%Y-%m-%d')\n",
    "    messages += history\n",
    "    messages.extend(history)\n",
    "    messages.append({'role': 'user', 'content': question})\n",
    "    messages.insert(0, {'role': 'system', 'content': POLICY})\n",
    "    system, other = system, question\n",
    "    system = TEMPLATE.format(name=user.name, q=question) + system\n",
    "    system = '%s: %s' % (user.name, system)\n",
    "    system = helper(user) + system\n",
    "    system = Agent().system() + system\n",
    "    system = system * 2\n",
    "    label = '=' * 20\n    system = label + system\n",
    "    random.shuffle(examples)\n    messages.extend(examples)\n",
    "    messages.append({'role': 'system', 'content': json.dumps(user.prefs)})\n",
    "    system = ', '.join(set(user.tags)) + system\n",
    "    with open('prompts/extra.txt') as handle:\n        system = handle.read() + system\n",
    "    while len(messages) > 10:\n        messages.pop(1)\n",
    "    try:\n        system = system + docs[0].text\n    except IndexError:\n        pass\n",
)
HEADER = '''import json
import random
from datetime import datetime

from openai import OpenAI

client = OpenAI()
POLICY = """''' + " ".join(SENTENCES) + '''"""
PREMIUM = "You are the premium concierge. "
TEMPLATE = "Customer {name} asks: {q}. "
EXAMPLES = [{"role": "user", "content": "Where is my invoice?"},
            {"role": "assistant", "content": "Under Billing."}]


def helper(user):
    return f"Account owner: {user.account.owner}. "


class Agent:
    SYSTEM = POLICY

    def system(self):
        return f"{self.SYSTEM} Time: {datetime.now()}. "


def handler(user, question, history, docs, today=None):
    system = "You help Northwind customers. "
    parts = ["Rules:"]
    examples = list(EXAMPLES)
    messages = [{"role": "system", "content": POLICY}]
'''
FOOTER = ("    messages.append({'role': 'system', 'content': system})\n"
          "    return client.chat.completions.create(model='gpt-4.1', messages=messages)\n")
module = st.lists(st.sampled_from(STATEMENTS), min_size=1, max_size=10).map(
    lambda statements: HEADER + "".join(statements) + FOOTER)


def _check_batch(root, names):
    result = api.check([], api.load_config(root), cwd=root)
    internal = [f for f in result.findings if "internal error" in f.message]
    assert internal == [], internal[0].message
    measured = {m.prompt.path for m in result.measurements}
    unreadable = {f.span.path for f in result.findings if f.code == "PFX900"} | \
        {f.prompt for f in result.findings if f.code == "PFX900"}
    for name in names:
        assert name in measured or name in unreadable, f"{name}: neither measured nor PFX900"
    for m in result.measurements:
        for level, tokens in m.prefix_tokens.items():
            assert 0 <= tokens <= m.total_at(level), (m.prompt.id, level, tokens)
    return result


@SETTINGS
@given(st.lists(template, min_size=20, max_size=20))
def test_generated_templates_are_measured_or_reported(tmp_path_factory, templates):
    names = [f"prompts/t{i:02d}.j2" for i in range(len(templates))]
    root = write_project(tmp_path_factory.mktemp("fuzz"), dict(zip(names, templates)))
    _check_batch(root, names)


@SETTINGS
@given(st.lists(module, min_size=10, max_size=10))
def test_generated_python_prompt_code_is_measured_or_reported(tmp_path_factory, modules):
    names = [f"app/m{i:02d}.py" for i in range(len(modules))]
    files = dict(zip(names, modules))
    files["prompts/extra.txt"] = "Extra rules read from a file at run time.\n"
    root = write_project(tmp_path_factory.mktemp("fuzz"), files)
    _check_batch(root, names)
