"""Which placeholder syntax a piece of prompt text uses: Jinja (`{{ name }}`, `{% tag %}`)
or Python's `str.format` (`{name}`, with `{{` and `}}` as escaped braces).

Prompt text held in a Python string or a settings value does not say which it is, and the
same characters mean different things: `{{"summary": "..."}}` is a JSON example in a format
string and a (broken) expression in Jinja. Text with a `{% tag %}` is Jinja; text with a
single-brace `{field}` outside any `{{ }}` is a format string whose double braces are
escapes; anything else with `{{ }}` is Jinja.
"""

from __future__ import annotations

import re

_TAG = re.compile(r"\{%.*?%\}", re.DOTALL)
_EXPRESSION = re.compile(r"\{\{.*?\}\}", re.DOTALL)
# A `{name}` field of `str.format` (attribute, index, conversion and spec allowed), never
# one brace of a `{{` or `}}` pair.
FORMAT_FIELD = re.compile(r"(?<!\{)\{[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_]\w*|\[[^\]]*\])*"
                          r"(?:![rsa])?(?::[^{}]*)?\}(?!\})")


# A bare `{name}` (or ADK's optional `{name?}`) in text whose other braces are text (a JSON
# example beside it): the fields a filler that only replaces such names fills, the name in
# its first group.
NAME_FIELD = re.compile(r"(?<!\{)\{([A-Za-z_]\w*)\??\}(?!\})")


# A field of Google ADK's session state in an agent's instruction: any run of braces around a
# state name, spaces allowed (`{topic}`, `{{ emotion_summary }}`, `{topic?}`, `{user:name}`,
# `{profile.city}`), the name in its first group. ADK replaces each such run with the state's
# value; braces around anything else (a JSON example) stay text.
STATE_FIELD = re.compile(r"\{+\s*((?:(?:app|user|temp):)?[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)"
                         r"\s*\??\s*\}+")


# A `${name}` of a `string.Template` (or a template a project fills the same way), the name in
# its first group: text that has one uses `$` fields, and its braces are text.
DOLLAR_FIELD = re.compile(r"\$\{([A-Za-z_]\w*)\}")


# A printf-style field of text filled with `%` (`%s`, `%d`, `%(task)s`, the name in its first
# group), without the flags and widths prose may look like ("100% sure"), nor a quoted or
# joined code of another language (SQL's `strftime('%d', ...)`, a date format's `%Y-%m-%d`).
PRINTF_FIELD = re.compile(r"(?<![%'\"\w-])%(?:\((\w+)\))?[sdr](?![\w'\"-])")


# A `{{ name }}` of a Jinja or Mustache template that only puts a value in (no filter, no
# call), the name in its first group.
VALUE_FIELD = re.compile(r"\{\{-?\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*-?\}\}")


# A Mustache section's opening tag (`{{#name}}`, `{{^name}}`), the name in its second group.
_SECTION = re.compile(r"\{\{([#^])\s*([A-Za-z_][\w.]*)\s*\}\}")


def is_format_string(text: str) -> bool:
    """Whether text with placeholders is a `str.format` template (see the module doc)."""
    return not _TAG.search(text) and bool(FORMAT_FIELD.search(text)) and \
        not is_mustache(text)


# A tag only Mustache has: an unescaped variable (`{{& name}}`), a comment (`{{! note}}`) or a
# partial (`{{> name}}`); Jinja reads none of them.
_MUSTACHE_ONLY = re.compile(r"\{\{[&!>]\s*[A-Za-z_][\w.]*\s*\}\}")


def is_mustache(text: str) -> bool:
    """Whether text is a Mustache template whatever its file is called: no Jinja tag, and
    a section opened (`{{#name}}`, `{{^name}}`) and closed (`{{/name}}`), or a tag only
    Mustache has (`{{& name}}`). Its single braces are then text (a JSON or tool-call
    example), not `str.format` fields."""
    if "{{" not in text or _TAG.search(text):
        return False
    if _MUSTACHE_ONLY.search(text):
        return True
    return any(re.search(r"\{\{/\s*" + re.escape(match.group(2)) + r"\s*\}\}", text)
               for match in _SECTION.finditer(text))


# `{{"key": ...` opens a JSON object written with a format string's escaped braces (no Jinja
# expression starts with a quoted string and a colon: a dict literal needs braces of its own).
_ESCAPED_OBJECT = re.compile(r"""\{\{\s*(["'])[^"'\n]*\1\s*:""")


def is_jinja(text: str) -> bool:
    """Whether text is a Jinja template: it has a tag, or `{{ }}` and no format field, and
    its double braces do not open a JSON object (a format string with no field yet, whose
    `{{` and `}}` are escaped braces)."""
    if _TAG.search(text):
        return True
    return bool(_EXPRESSION.search(text)) and not is_format_string(text) and \
        not _ESCAPED_OBJECT.search(text)


def escapes_braces(text: str) -> bool:
    """Whether a template's `{{` and `}}` are a format string's escaped braces: it is a
    format string, or its double braces open a JSON object and it has no Jinja tag (a
    format string with no field of its own, a message of a chat template whose others
    have them)."""
    return is_format_string(text) or not _TAG.search(text) and \
        bool(_ESCAPED_OBJECT.search(text))


def value_fields_only(text: str) -> bool:
    """Whether text is a Jinja or Mustache template whose only placeholders put values in
    (`{{ name }}`, no tag, no format field): its fields can be read without rendering it."""
    return not _TAG.search(text) and bool(VALUE_FIELD.search(text)) and \
        not is_format_string(text) and \
        len(_EXPRESSION.findall(text)) == len(VALUE_FIELD.findall(text))
